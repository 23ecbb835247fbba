/**
 * The Next.js example as built from the packed tarball (global-setup.ts installs and builds it):
 * it runs the packed package, `'use client'` survives, `next build` passes with Cache Components,
 * the chat route's server bundle and the workflow's step bundle (where the agent's steps and its
 * todo_write calls run) hold no React client code of `todo-write/react`, no warning names the
 * repository's lockfile, and the code the docs quote is the example's code.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { extractTarball, REPO_ROOT } from '../support/pack-package.js';
import { EXAMPLE } from './support/next-example.js';

const INSTALLED = join(EXAMPLE, 'node_modules', 'todo-write', 'dist');
const SERVER = join(EXAMPLE, '.next', 'server');

/** The code blocks a doc quotes from the repository: `<!-- file: path -->` (whole file) or `<!-- excerpt: path -->`. */
function quotedBlocks(doc: string): { kind: string; path: string; code: string }[] {
  const text = readFileSync(join(REPO_ROOT, doc), 'utf8');
  return [...text.matchAll(/<!-- (file|excerpt): (\S+) -->\n```\w*\n([\s\S]*?)\n```/g)].map(([, kind, path, code]) => ({
    kind: kind!,
    path: path!,
    code: code!,
  }));
}

describe.each([
  ['docs/nextjs.md', ['app/api/chat/route.ts', 'app/chat.tsx', 'app/chat/[id]/page.tsx', 'app/layout.tsx']],
  ['docs/styling.md', ['app/globals.css', 'lib/todo-list-classes.ts']],
] as const)('%s', (doc, required) => {
  const blocks = quotedBlocks(doc);
  it.each(required)('quotes examples/next-chat/%s', (file) => {
    expect(blocks.map((block) => block.path)).toContain(`examples/next-chat/${file}`);
  });
  it.each(blocks.map((block, index) => ({ ...block, index })))(
    'quotes $path verbatim (block $index, $kind)',
    ({ kind, path, code }) => {
      const source = existsSync(join(REPO_ROOT, path)) ? readFileSync(join(REPO_ROOT, path), 'utf8') : '';
      if (kind === 'file') expect(code, 'copy the lines again from the file').toBe(source.trimEnd());
      else expect(source, 'copy the lines again from the file').toContain(code);
    },
  );
});

describe('the example installed from the packed tarball', () => {
  it("runs the packed package (installed dist/index.js = the tarball's)", () => {
    const packed = extractTarball(inject('tarball'), mkdtempSync(join(tmpdir(), 'todo-write-packed-')));
    try {
      expect(readFileSync(join(INSTALLED, 'index.js'), 'utf8')).toBe(
        readFileSync(join(packed, 'dist', 'index.js'), 'utf8'),
      );
    } finally {
      rmSync(packed, { recursive: true, force: true });
    }
  });

  it("has 'use client' as the first statement of the built ./react entry", () => {
    const reactEntry = readFileSync(join(INSTALLED, 'react.js'), 'utf8');
    const firstStatement = reactEntry.replace(/^(\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*/, '');
    expect(firstStatement.slice(0, 80)).toMatch(/^(['"])use client\1/);
  });
});

describe('next build', () => {
  it('runs with Cache Components (the Next.js 16 default config)', () => {
    expect(inject('exampleBuild')).toMatch(/Cache Components enabled/);
  });

  it('builds /chat/[id] as a prerendered shell with streamed content (◐)', () => {
    expect(inject('exampleBuild')).toMatch(/◐ \/chat\/\[id\]/);
  });

  it("takes the example's folder for its workspace root, with no warning about the repository's lockfile", () => {
    expect(inject('exampleBuild')).not.toMatch(/inferred your workspace root|multiple lockfiles/);
  });
});

/** A route's server chunks: its .js files plus every chunk they (transitively) load. */
function routeServerFiles(routeDirectory: string): string[] {
  const seen = new Set<string>();
  const queue = readdirSync(routeDirectory)
    .filter((name) => name.endsWith('.js'))
    .map((name) => join(routeDirectory, name));
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(/["'](?:\.\.\/)*(?:server\/)?(chunks\/[^"']+\.js)["']/g)) {
      queue.push(join(SERVER, match[1]!));
    }
  }
  return [...seen];
}

/** The source modules bundled into `files`, from their source maps (paths relative to the repository). */
function bundledModules(files: readonly string[]): string[] {
  const modules = new Set<string>();
  for (const file of files) {
    if (!existsSync(`${file}.map`)) continue;
    const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as {
      sources?: string[];
      sections?: { map: { sources?: string[] } }[];
    };
    const sources = map.sources ?? (map.sections ?? []).flatMap((section) => section.map.sources ?? []);
    for (const source of sources) modules.add(relative(REPO_ROOT, join(dirname(file), decodeURIComponent(source))));
  }
  return [...modules];
}

/** String literals only the React entry has, distinctive enough to search a bundle for (data-todo-*, its labels). */
function reactOnlyMarkers(reactSource: string, indexSource: string): string[] {
  const literals = (source: string): Set<string> =>
    new Set([...source.matchAll(/(["'`])((?:(?!\1)[^\\\n]|\\.){6,80})\1/g)].map((match) => match[2]!));
  const inIndex = literals(indexSource);
  return [...literals(reactSource)].filter(
    (literal) => !inIndex.has(literal) && /^data-todo-|^Update (rejected|denied|interrupted)$/.test(literal),
  );
}

describe('the server bundles', () => {
  const routeFiles = routeServerFiles(join(SERVER, 'app', 'api', 'chat'));
  const pageFiles = routeServerFiles(join(SERVER, 'app', 'chat', '[id]'));
  // The routes the workflow builder generates: the answer's steps (model calls, todo_write) run there.
  const workflowRoute = (route: string): string[] =>
    routeServerFiles(join(SERVER, 'app', '.well-known', 'workflow', 'v1', route));
  const stepFiles = workflowRoute('step');
  const workflowFiles = [...stepFiles, ...workflowRoute('flow'), ...workflowRoute(join('webhook', '[token]'))];
  const routeModules = bundledModules(routeFiles);
  const pageModules = bundledModules(pageFiles);
  const workflowModules = bundledModules(workflowFiles);
  const stepModules = bundledModules(stepFiles);
  const reactEntry = /node_modules\/todo-write\/(dist\/react\.js|src\/react[./])/;
  const markers = reactOnlyMarkers(
    readFileSync(join(INSTALLED, 'react.js'), 'utf8'),
    readFileSync(join(INSTALLED, 'index.js'), 'utf8'),
  );
  const source = (files: readonly string[]): string => files.map((file) => readFileSync(file, 'utf8')).join('\n');

  it('the route bundle holds todo-write (its server-safe entry)', () => {
    expect(routeModules.filter((module) => /node_modules\/todo-write\//.test(module))).not.toEqual([]);
  });

  it('the route bundle holds no module of todo-write/react (source maps)', () => {
    expect(routeModules.filter((module) => reactEntry.test(module))).toEqual([]);
  });

  it("the workflow's step bundle holds todo-write from the app's node_modules, and none of todo-write/react", () => {
    expect(stepModules.filter((module) => /^examples\/next-chat\/node_modules\/todo-write\//.test(module))).not.toEqual(
      [],
    );
    expect(workflowModules.filter((module) => reactEntry.test(module))).toEqual([]);
  });

  it('the same check finds todo-write/react in the /chat/[id] server bundle (it detects)', () => {
    expect(pageModules.filter((module) => reactEntry.test(module))).not.toEqual([]);
  });

  it('Next treats todo-write/react as a client boundary (in the /chat/[id] client reference manifest)', () => {
    const manifest = readFileSync(join(SERVER, 'app', 'chat', '[id]', 'page_client-reference-manifest.js'), 'utf8');
    expect(manifest).toContain('node_modules/todo-write/dist/react.js');
  });

  it("the route code holds none of todo-write/react's markers (data-todo-*, labels)", () => {
    const routeSource = source(routeFiles);
    expect(markers).not.toEqual([]);
    expect(markers.filter((marker) => routeSource.includes(marker))).toEqual([]);
  });

  it('the /chat/[id] server code holds them', () => {
    const pageSource = source(pageFiles);
    expect(markers.filter((marker) => !pageSource.includes(marker))).toEqual([]);
  });

  // The app imports nothing above its root. An optional peer that a dependency loads in a `try` (ws, for
  // @vercel/functions) may still resolve from the repository's node_modules here; next-example-copy.test.ts
  // builds and runs the folder alone.
  it('every bundled source file comes from the app or a node_modules folder', () => {
    const outside = [...routeModules, ...pageModules, ...workflowModules].filter(
      (module) =>
        !module.startsWith('examples/next-chat/') && !module.startsWith('node_modules/') && !module.startsWith('['),
    );
    expect(outside).toEqual([]);
  });

  it('the route trace (route.js.nft.json) lists neither todo-write/dist/react.js nor react-dom', () => {
    const trace = join(SERVER, 'app', 'api', 'chat', 'route.js.nft.json');
    const traced = (JSON.parse(readFileSync(trace, 'utf8')) as { files: string[] }).files;
    expect(traced.filter((file) => /todo-write\/dist\/react\.js$|\/react-dom\//.test(file))).toEqual([]);
  });
});
