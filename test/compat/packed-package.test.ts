/**
 * The package as a release ships it: packed from a clean copy of the sources (`npm pack`, whose
 * `prepack` builds it; test/support/pack-package.ts), it holds the code, the types,
 * the stylesheet, the registry item, the README, the LICENSE and the changelog, and nothing else;
 * installed into a fresh app with AI SDK 7, @ai-sdk/react 4 and React 19 (from npm's cache when it
 * has them), both entries run and the stylesheet resolves and bundles.
 */
import { execFile, execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packPackage, REPO_ROOT, shippedFileProblems, tarballFiles } from '../support/pack-package.js';
import { CONSUMER_PACKAGES, createConsumerApp, installIntoApp, runSmoke } from './consumer-app.js';

let tarball = '';
let app = '';
let installLog = '';

describe('the packed package', () => {
  beforeAll(async () => {
    tarball = packPackage().tarball;
    app = createConsumerApp('todo-write-consumer-app-');
    installLog = await installIntoApp(app, tarball);
  });

  afterAll(() => {
    if (app) rmSync(app, { recursive: true, force: true });
  });

  it('holds the built code, its types, the stylesheet, the registry item, README, LICENSE and CHANGELOG, and no sources', () => {
    const files = tarballFiles(tarball);
    expect(shippedFileProblems(files)).toEqual([]);
    console.log(`packed ${files.length} files`);
  });

  it('holds dist/ built from the sources of this copy, not an old build', () => {
    const log = packPackage().log;
    expect(log).toMatch(/> todo-write@[^\n]+ prepack\n> npm run build && npm run build:registry/);
    expect(log).toMatch(/> todo-write@[^\n]+ build\n/);
  });

  it('ships a production build whatever NODE_ENV packed it (this test packs under vitest, NODE_ENV=test)', () => {
    expect(process.env.NODE_ENV).toBe('test');
    const react = execFileSync('tar', ['-xzOf', tarball, 'package/dist/react.js'], { encoding: 'utf8' });
    expect(react).toMatch(/from ["']react\/jsx-runtime["']/);
    expect(react).not.toMatch(/jsx-dev-runtime|jsxDEV/);
  });

  it('ships the registry item built from its source, as committed in registry/', () => {
    const packed = execFileSync('tar', ['-xzOf', tarball, 'package/registry/todo-list.json'], { encoding: 'utf8' });
    const item = JSON.parse(packed) as {
      name: string;
      type: string;
      dependencies?: string[];
      registryDependencies?: string[];
      files: { path: string; type: string; content: string }[];
    };
    expect(item.name).toBe('todo-list');
    expect(item.type).toBe('registry:component');
    expect(item.dependencies).toEqual(['todo-write']);
    expect(item.registryDependencies ?? []).toEqual([]);
    expect(item.files.map(({ path, type }) => ({ path, type }))).toEqual([
      { path: 'registry/components/ai/todo-list.tsx', type: 'registry:component' },
    ]);
    expect(item.files[0]!.content).toBe(readFileSync(join(REPO_ROOT, 'registry/components/ai/todo-list.tsx'), 'utf8'));
    // `npm run build:registry` writes it; a stale copy would differ from what packing builds.
    expect(readFileSync(join(REPO_ROOT, 'registry/todo-list.json'), 'utf8')).toBe(packed);
  });

  it('installs next to ai 7, @ai-sdk/react 4 and React 19 with no warning about todo-write, install scripts included', () => {
    const warnings = installLog.split('\n').filter((line) => /^npm warn/i.test(line));
    console.log(`install: ${warnings.length} npm warn lines\n${warnings.join('\n')}`);
    expect(warnings.filter((line) => /todo-write|install-scripts/.test(line))).toEqual([]);
  });

  it('runs both entries in the app: the tool through streamText, readTodos, selectTodoState, <TodoList> rendered', async () => {
    const report = await runSmoke(app);
    const todos = [
      { content: 'Read the failing test', status: 'completed' },
      { content: 'Fix the pager', status: 'in_progress' },
      { content: 'Write a regression test', status: 'pending' },
    ];
    for (const [name, major] of Object.entries(CONSUMER_PACKAGES)) {
      expect(report.versions[name as keyof typeof CONSUMER_PACKAGES].split('.')[0]).toBe(String(major));
    }
    expect(report.hook).toBe('function');
    expect(report.toolResults).toEqual([
      { toolCallId: 'call-1', output: { pending: 1, in_progress: 1, completed: 1 } },
    ]);
    expect(report.written).toEqual([todos]);
    expect(report.fromModelMessages).toEqual(todos);
    expect(report.fromUIMessages).toEqual(todos);
    expect(report.phase).toBe('accepted');
    expect(report.rows).toEqual(todos);
    expect(report.html).toContain('data-status="in_progress"');
    expect(report.html).toContain('1 of 3 completed');
    expect(report.stylesheet).toBe(join(app, 'node_modules/todo-write/dist/styles.css'));
    expect(report.stylesheetText).toBe(readFileSync(join(REPO_ROOT, 'src/styles.css'), 'utf8'));
  });

  it('loads with require() too, on a Node with require(esm) (the pinned Node 24)', async () => {
    const script = "console.log(typeof require('todo-write').todoWrite, typeof require('todo-write/react').useTodos)";
    const { stdout } = await promisify(execFile)(process.execPath, ['-e', script], { cwd: app });
    expect(stdout.trim()).toBe('object function');
  });

  it("bundles `import 'todo-write/styles.css'` and the React entry with a bundler (Vite)", async () => {
    const entry = join(app, 'entry.js');
    writeFileSync(
      entry,
      "import 'todo-write/styles.css';\nimport { TodoList } from 'todo-write/react';\nexport { TodoList };\n",
    );
    const output = await build({
      root: app,
      configFile: false,
      logLevel: 'silent',
      build: {
        write: false,
        lib: { entry, formats: ['es'], fileName: 'entry' },
        rollupOptions: { external: [/^react/] },
      },
    });
    const chunks = (Array.isArray(output) ? output : [output]).flatMap((result) =>
      'output' in result ? result.output : [],
    );
    const css = chunks.filter((chunk) => chunk.fileName.endsWith('.css'));
    expect(css).toHaveLength(1);
    const source = css[0]!.type === 'asset' ? String(css[0]!.source) : '';
    expect(source).toContain('@layer components.todo-write');
    const js = chunks.find((chunk) => chunk.type === 'chunk');
    expect(js?.type === 'chunk' ? js.code : '').toContain('data-todo-list');
  });
});
