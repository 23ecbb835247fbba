/**
 * Packs the package the way a release does: the files a fresh clone has (tracked, plus new files
 * git does not ignore) are copied to a temporary folder, and `npm pack` runs there, so `prepack`
 * builds dist/ and the registry item from the sources alone. The tarball is kept
 * under .tmp/pack/<hash of those files>/, so every test of one run (and the Next.js proofs)
 * shares one pack; a lock makes concurrent callers wait for it. Loaded by vitest and by plain Node 24.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PACK_ROOT = join(REPO_ROOT, '.tmp', 'pack');
/** A lock older than this belongs to a run that died. */
const STALE_LOCK_MS = 10 * 60_000;

/** The files a fresh clone of the working tree would have, relative to the root, sorted. */
export function cloneFiles(root: string = REPO_ROOT): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const files = new Set(listed.split('\0').filter((file) => file !== '' && existsSync(join(root, file))));
  return [...files].filter((file) => statSync(join(root, file)).isFile()).sort();
}

function hashFiles(files: readonly string[]): string {
  const hash = createHash('sha256');
  for (const file of files)
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(REPO_ROOT, file)))
      .update('\0');
  return hash.digest('hex').slice(0, 16);
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function withLock<T>(lock: string, run: () => T): T {
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS) {
        rmSync(lock, { recursive: true, force: true });
      } else sleep(250);
    }
  }
  try {
    return run();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** What {@link packPackage} made. */
export interface PackedPackage {
  /** The .tgz file. */
  tarball: string;
  /** What `npm pack` printed (its file list and the tarball details). */
  log: string;
}

/**
 * The tarball of the current sources, packed from a clean copy with `npm pack` (its `prepack` script
 * builds it). The copy links this repository's node_modules, as `npm ci` would
 * have installed them. Packs once per distinct set of file contents.
 */
export function packPackage(): PackedPackage {
  const files = cloneFiles();
  const directory = join(PACK_ROOT, hashFiles(files));
  const logFile = join(directory, 'npm-pack.log');
  const find = (): string | undefined => {
    const name = existsSync(directory) ? readdirSync(directory).find((file) => file.endsWith('.tgz')) : undefined;
    return name === undefined ? undefined : join(directory, name);
  };
  mkdirSync(PACK_ROOT, { recursive: true });
  return withLock(`${directory}.lock`, () => {
    const done = find();
    if (done !== undefined && existsSync(logFile)) return { tarball: done, log: readFileSync(logFile, 'utf8') };
    const copy = mkdtempSync(join(tmpdir(), 'todo-write-clone-'));
    try {
      for (const file of files) {
        mkdirSync(dirname(join(copy, file)), { recursive: true });
        copyFileSync(join(REPO_ROOT, file), join(copy, file));
      }
      symlinkSync(join(REPO_ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
      rmSync(directory, { recursive: true, force: true });
      mkdirSync(directory, { recursive: true });
      const result = spawnSync('npm', ['pack', '--pack-destination', directory, '--no-audit', '--no-fund'], {
        cwd: copy,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      });
      const log = `${result.stdout}${result.stderr}`;
      if (result.status !== 0) throw new Error(`npm pack failed (${result.status}):\n${log}`);
      writeFileSync(logFile, log);
      const tarball = find();
      if (tarball === undefined) throw new Error(`npm pack wrote no tarball:\n${log}`);
      removeOlderPacks(directory);
      return { tarball, log };
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
}

/** Packs of earlier sources, left by earlier runs; those of the last hour may still be in use. */
function removeOlderPacks(keep: string): void {
  for (const name of readdirSync(PACK_ROOT)) {
    const path = join(PACK_ROOT, name);
    if (path === keep || name.endsWith('.lock')) continue;
    if (Date.now() - statSync(path).mtimeMs > 60 * 60_000) rmSync(path, { recursive: true, force: true });
  }
}

/** The paths inside a tarball, without npm's `package/` prefix, sorted. */
export function tarballFiles(tarball: string): string[] {
  return execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line !== '' && !line.endsWith('/'))
    .map((line) => line.replace(/^package\//, ''))
    .sort();
}

/** The paths of the files under an installed package's folder (`node_modules/<name>`), sorted. */
export function installedFiles(directory: string): string[] {
  return readdirSync(directory, { recursive: true, encoding: 'utf8' })
    .filter((path) => statSync(join(directory, path)).isFile())
    .sort();
}

/** Top-level files every copy of the package holds besides dist/ and registry/. */
const SHIPPED_TEXTS = ['CHANGELOG.md', 'LICENSE', 'README.md', 'package.json'];
/** Files of dist/ and registry/ that every copy holds: the entries, their types, the stylesheet, the registry item. */
const SHIPPED_BUILD = [
  'dist/index.js',
  'dist/index.d.ts',
  'dist/react.js',
  'dist/react.d.ts',
  'dist/styles.css',
  'registry/todo-list.json',
];

/**
 * What a list of the package's files (a tarball's, an installed folder's) lacks or has too many, as a
 * release ships it: the built code, its types, the stylesheet, the registry item and the four texts,
 * no sources. Empty when it is right.
 */
export function shippedFileProblems(files: readonly string[]): string[] {
  const missing = [...SHIPPED_TEXTS, ...SHIPPED_BUILD].filter((file) => !files.includes(file));
  const extra = files.filter(
    (file) => !SHIPPED_TEXTS.includes(file) && !file.startsWith('dist/') && !/^registry\/[^/]+\.json$/.test(file),
  );
  return [...missing.map((file) => `missing ${file}`), ...extra.map((file) => `not shipped: ${file}`)];
}

/** Unpacks a tarball into `destination` (created), as npm lays it out in node_modules/<name>. */
export function extractTarball(tarball: string, destination: string): string {
  mkdirSync(destination, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', destination, '--strip-components=1']);
  return destination;
}
