/**
 * Bundle sizes of the published entries, each bundled on its own (peers external), minified
 * and gzipped: shared by test/bundle-size.test.ts (the budgets) and the benchmark report.
 */
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { transform as transformCss } from 'lightningcss'; // vite 8's own CSS minifier
import { build, minify, type Rolldown } from 'vite';

/** The peers an app brings itself: never counted. */
const PEERS = [/^ai($|\/)/, /^@ai-sdk\//, /^react($|\/)/, /^react-dom($|\/)/, /^zod($|\/)/];

/**
 * Size budgets in bytes (minified + gzipped): regression guards a little above what the entries
 * weigh, not targets (BENCHMARKS.md reports the targets, met or not). `.` holds everything
 * server-side (the tool, its rules and texts, plan review, the derivation, replay, pruning, change
 * sentences); a route handler imports only `todoWrite` + `readTodos` (tree-shaken: no zod, no review,
 * no queue of `onWrite` calls).
 * A `todo_write` page loads `useTodos` + `<TodoList>` first; plan review loads with the first list given
 * `addToolApprovalResponse`, the plan editor on "Edit plan". `./react` is every export of the entry at once.
 * None holds another agent's code: that is `todo-write/agents`, measured on its own in the benchmark.
 */
export const BUNDLE_BUDGETS = {
  '.': 14_400,
  '. (route handler: todoWrite + readTodos)': 5_050,
  './react (page: TodoList + useTodos)': 12_750,
  './react': 13_600,
  './styles.css': 2_304,
} as const;

export type EntryName = keyof typeof BUNDLE_BUDGETS;

/** The package root: the nearest folder above this file (bundled or not) with todo-write's package.json. */
const ROOT = findPackageRoot(dirname(fileURLToPath(import.meta.url)));

function findPackageRoot(start: string): string {
  for (let folder = start; ; folder = dirname(folder)) {
    const manifest = join(folder, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === 'todo-write') return folder;
    if (dirname(folder) === folder) throw new Error(`no todo-write package.json above ${start}`);
  }
}

/** The source each published entry is built from. */
export const ENTRY_SOURCES: Record<EntryName, string> = {
  '.': 'src/index.ts',
  '. (route handler: todoWrite + readTodos)': 'bench/entries/route-handler.ts',
  './react (page: TodoList + useTodos)': 'bench/entries/client-list.ts',
  './react': 'src/react.ts',
  './styles.css': 'src/styles.css',
};

export interface BundleSize {
  entry: string;
  /** Source modules by their share of the unminified bundle, largest first (not for CSS). */
  modules: Array<{ id: string; share: number }>;
  /** Bytes after minification. */
  minified: number;
  /** Bytes after minification and gzip (level 9). */
  gzipped: number;
}

/**
 * Bundles one source file on its own (peers external), minified, and measures what loads first (`lazy`: the chunks
 * loaded later that hold a module whose path starts so).
 */
export async function measureBundle(
  entry: string,
  source: string,
  options: { lazy?: string } = {},
): Promise<BundleSize> {
  const { code, modules } = source.endsWith('.css')
    ? { code: await minifyCss(source), modules: [] }
    : await bundleScript(source, options);
  const bytes = Buffer.from(code);
  return { entry, minified: bytes.length, gzipped: gzipSync(bytes, { level: 9 }).length, modules };
}

/**
 * What a page loads first for the entry: its chunk and those it imports statically (a chunk it imports dynamically
 * loads later, and is measured apart with `lazy`), minified by oxc (vite's lib mode keeps whitespace in ES output,
 * so the bundle is minified afterwards); the peers stay out.
 */
export async function bundleScript(
  source: string,
  options: { lazy?: string } = {},
): Promise<{ code: string; modules: BundleSize['modules'] }> {
  const result = await build({
    configFile: false,
    root: ROOT,
    logLevel: 'silent',
    // The production JSX transform, as the published build uses (under vitest NODE_ENV is 'test',
    // which would otherwise add development-only source locations to every element).
    oxc: { jsx: { runtime: 'automatic', development: false } },
    build: {
      write: false,
      minify: false,
      target: 'es2022',
      emptyOutDir: false,
      copyPublicDir: false,
      lib: { entry: source, formats: ['es'], fileName: 'entry' },
      rolldownOptions: { external: (id) => PEERS.some((peer) => peer.test(id)) },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const all = outputs.flatMap((output) => output.output).flatMap((file) => (file.type === 'chunk' ? [file] : []));
  const byName = new Map(all.map((chunk) => [chunk.fileName, chunk]));
  // The chunks `roots` load, with those they import statically, leaving out the ones already `loaded`.
  const reach = (
    roots: Rolldown.OutputChunk[],
    loaded = new Set<Rolldown.OutputChunk>(),
  ): Set<Rolldown.OutputChunk> => {
    const reached = new Set<Rolldown.OutputChunk>();
    const visit = (chunk: Rolldown.OutputChunk | undefined): void => {
      if (!chunk || loaded.has(chunk) || reached.has(chunk)) return;
      reached.add(chunk);
      for (const name of chunk.imports) visit(byName.get(name));
    };
    for (const root of roots) visit(root);
    return reached;
  };
  const first = reach(all.filter((chunk) => chunk.isEntry));
  const { lazy } = options;
  const holders = lazy
    ? all.filter((chunk) => Object.keys(chunk.modules).some((id) => id.startsWith(join(ROOT, lazy))))
    : [];
  const chunks = [...(lazy ? reach(holders, first) : first)];
  if (chunks.length === 0) throw new Error(`${source}: no chunk loaded later holds ${lazy}`);
  const lengths = chunks.flatMap((chunk) =>
    Object.entries(chunk.modules).map(([id, module]) => ({
      id: id.replace(`${ROOT}/`, ''),
      length: module.renderedLength,
    })),
  );
  const total = lengths.reduce((sum, module) => sum + module.length, 0) || 1;
  const modules = lengths
    .map(({ id, length }) => ({ id, share: length / total }))
    .filter((module) => module.share > 0)
    .sort((a, b) => b.share - a.share);
  // Each chunk minified on its own (their exports would clash in one file), then gzipped as one stream.
  const files = [];
  for (const chunk of chunks) {
    const minified = await minify(chunk.fileName, chunk.code, { compress: true, mangle: true });
    if (minified.errors.length > 0) throw new Error(`minify ${source}: ${minified.errors[0]?.message}`);
    files.push(minified.code);
  }
  return { code: files.join('\n'), modules };
}

async function minifyCss(source: string): Promise<string> {
  const path = join(ROOT, source);
  const { code } = transformCss({ filename: path, code: await readFile(path), minify: true });
  return Buffer.from(code).toString('utf8');
}

/** Measures every published entry. */
export async function measureBundleSizes(): Promise<Array<BundleSize & { budget: number }>> {
  const sizes = [];
  for (const entry of Object.keys(BUNDLE_BUDGETS) as EntryName[]) {
    sizes.push({ ...(await measureBundle(entry, ENTRY_SOURCES[entry])), budget: BUNDLE_BUDGETS[entry] });
  }
  return sizes;
}
