/**
 * The built package runs on Node 20 with AI SDK 5 and 6 (they accept Node >= 18; AI SDK 7 needs 22).
 * For each, a throwaway app directory gets the packed tarball (test/support/pack-package.ts) unpacked
 * as node_modules/todo-write, as npm lays it out, and links
 * `ai` → that major, `react`, `react-dom`; then the machine's own Node 20 (not the pinned Node 24
 * that runs the tests) runs fixtures/node-runtime/smoke.mjs: the tool through streamText with the
 * SDK's mock model, readTodos / selectTodoState, and <TodoList> rendered to HTML.
 */
import { execFile, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractTarball, packPackage } from '../support/pack-package.js';
import { ROOT } from './dist-files.js';
import { AI_SDK_MAJORS, OLDEST_TESTED_NODE } from './majors.js';

const TODOS = [
  { content: 'Read the failing test', status: 'completed' },
  { content: 'Fix the pager', status: 'in_progress' },
  { content: 'Write a regression test', status: 'pending' },
];

/** The oldest Node we claim in `engines`; the test looks for exactly this major on the machine. */
const OLD_NODE_MAJOR = OLDEST_TESTED_NODE;

/** A Node 20 binary outside node_modules/.bin: `TODO_WRITE_NODE20`, else the usual system paths. */
function findOldNode(): string | undefined {
  const candidates = [
    process.env.TODO_WRITE_NODE20,
    '/usr/local/bin/node',
    '/usr/bin/node',
    '/bin/node',
    '/opt/homebrew/bin/node',
  ];
  for (const candidate of candidates) {
    if (!candidate || !existsSync(candidate)) continue;
    const version = spawnSync(candidate, ['--version'], { encoding: 'utf8' }).stdout.trim();
    if (version.startsWith(`v${OLD_NODE_MAJOR}.`)) return candidate;
  }
  return undefined;
}

const oldNode = findOldNode();
const majorsOnOldNode = AI_SDK_MAJORS.filter((major) => major.minimumNode <= OLD_NODE_MAJOR);
let workDirectory = '';
let tarball = '';

function createApp(aiPackage: string): string {
  const app = join(workDirectory, aiPackage);
  const modules = join(app, 'node_modules');
  extractTarball(tarball, join(modules, 'todo-write'));
  // Links resolve to the real paths in this repo, so each SDK keeps its own nested dependencies.
  symlinkSync(join(ROOT, 'node_modules', aiPackage), join(modules, 'ai'), 'dir');
  for (const name of ['react', 'react-dom', 'zod'])
    symlinkSync(join(ROOT, 'node_modules', name), join(modules, name), 'dir');
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
  copyFileSync(join(ROOT, 'test/compat/fixtures/node-runtime/smoke.mjs'), join(app, 'smoke.mjs'));
  return app;
}

describe.skipIf(!oldNode)(`the built package on the system Node ${OLD_NODE_MAJOR} (${oldNode ?? 'none found'})`, () => {
  beforeAll(() => {
    tarball = packPackage().tarball;
    workDirectory = mkdtempSync(join(tmpdir(), 'todo-write-node20-'));
  });
  afterAll(() => {
    if (workDirectory) rmSync(workDirectory, { recursive: true, force: true });
  });

  for (const major of majorsOnOldNode) {
    it(`runs the tool, the replay helpers and <TodoList> with ai ${major.major}`, async () => {
      const app = createApp(major.aiPackage);
      const { stdout } = await promisify(execFile)(oldNode!, ['smoke.mjs', String(major.major)], { cwd: app });
      const report = JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;

      expect(String(report.node)).toMatch(new RegExp(`^v${OLD_NODE_MAJOR}\\.`));
      expect(String(report.ai).split('.')[0]).toBe(String(major.major));
      expect(report.toolResults).toEqual([
        { toolCallId: 'call-1', output: { pending: 1, in_progress: 1, completed: 1 } },
      ]);
      expect(report.written).toEqual([TODOS]);
      expect(report.fromModelMessages).toEqual(TODOS);
      expect(report.fromUIMessages).toEqual(TODOS);
      expect(report.phase).toBe('accepted');
      expect(report.rows).toEqual(TODOS);
      expect(report.html).toContain('data-status="in_progress"');
      expect(report.html).toContain('1 of 3 completed');
    });
  }
});
