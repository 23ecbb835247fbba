/**
 * A fresh `create-next-app` app, as a new user starts one: the current version from the npm
 * registry with its defaults (`--yes`: TypeScript, Tailwind, App Router, Cache Components). The
 * app it creates is kept in the user's cache folder (`$XDG_CACHE_HOME` or ~/.cache, then
 * todo-write/quick-start/create-next-app-<version>/), so later runs, fresh clones included, copy it
 * instead of installing Next.js again; each run then works on a copy of its own.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { REPO_ROOT } from '../../support/pack-package.js';
import { freePort } from './next-server.js';

const CACHE_ROOT = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'todo-write', 'quick-start');
/** Written last, so a creation that died half-way is made again. */
const COMPLETE_MARKER = '.quick-start-complete';

/** A Node to run the app with, and the environment whose PATH puts it (and its npm) first. */
export interface NodeRuntime {
  /** `node --version`, e.g. `v20.20.2`. */
  version: string;
  env: NodeJS.ProcessEnv;
}

/** What a command printed, and how it ended. */
export interface CommandResult {
  status: number | null;
  output: string;
}

/** Runs a shell command line in `cwd`, as a user types it. */
export function runCommand(line: string, cwd: string, env: NodeJS.ProcessEnv): CommandResult {
  const result = spawnSync('sh', ['-c', line], { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/**
 * `runCommand` for an npm install: tried once more after a pause when the registry names a version it
 * does not serve yet (ETARGET: a package published moments ago, its dependencies not yet replicated).
 */
export function runInstall(
  line: string,
  cwd: string,
  env: NodeJS.ProcessEnv,
  beforeRetry: () => void = () => {},
): CommandResult {
  const first = runCommand(line, cwd, env);
  if (first.status === 0 || !/\bETARGET\b/.test(first.output)) return first;
  spawnSync('sleep', ['60']);
  beforeRetry();
  return runCommand(line, cwd, env);
}

/** PATH without this repository's node_modules/.bin, so the app never runs the repository's tools. */
function basePath(): string[] {
  return (process.env.PATH ?? '').split(delimiter).filter((entry) => entry !== '' && !entry.includes('node_modules'));
}

/** A runtime whose `node` is the given binary. */
export function runtimeOf(nodeBinary: string): NodeRuntime {
  const version = execFileSync(nodeBinary, ['--version'], { encoding: 'utf8' }).trim();
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: [dirname(nodeBinary), ...basePath()].join(delimiter) };
  // What vitest and npm scripts set for their own runs must not reach the app's build.
  for (const key of Object.keys(env)) if (/^(?:VITEST|npm_|NODE_OPTIONS$|NODE_ENV$)/.test(key)) delete env[key];
  return { version, env };
}

/** The pinned Node 24 of this repository (node_modules/.bin/node). */
export function pinnedNode(): NodeRuntime {
  return runtimeOf(join(REPO_ROOT, 'node_modules', 'node', 'bin', 'node'));
}

/** The first `node` on this machine's PATH whose major is `major`, if any. */
export function machineNode(major: number): NodeRuntime | undefined {
  const found = spawnSync('sh', ['-c', 'which -a node'], {
    encoding: 'utf8',
    env: { PATH: basePath().join(delimiter) },
  });
  for (const binary of found.stdout.split('\n').filter(Boolean)) {
    const runtime = runtimeOf(binary);
    if (runtime.version.startsWith(`v${major}.`)) return runtime;
  }
  return undefined;
}

/** The version `npx create-next-app@latest` runs today. */
export function latestCreateNextApp(runtime: NodeRuntime): string {
  const result = runCommand('npm view create-next-app@latest version', REPO_ROOT, runtime.env);
  if (result.status !== 0) throw new Error(`npm view create-next-app failed:\n${result.output}`);
  return result.output.trim().split('\n').at(-1)!.trim();
}

/**
 * A copy of the app `create-next-app@<version> --yes` makes, at `destination` (replaced). The first
 * call per version runs create-next-app; later ones copy its result.
 */
export function freshNextApp(version: string, destination: string, runtime: NodeRuntime): string {
  const cached = join(CACHE_ROOT, `create-next-app-${version}`, 'app');
  if (!existsSync(join(cached, COMPLETE_MARKER))) {
    rmSync(dirname(cached), { recursive: true, force: true });
    mkdirSync(dirname(cached), { recursive: true });
    const created = runInstall(
      `npx --yes create-next-app@${version} app --yes --disable-git`,
      dirname(cached),
      runtime.env,
      () => rmSync(cached, { recursive: true, force: true }),
    );
    if (created.status !== 0) throw new Error(`create-next-app ${version} failed:\n${created.output}`);
    writeFileSync(join(cached, COMPLETE_MARKER), `${version}\n`);
  }
  rmSync(destination, { recursive: true, force: true });
  mkdirSync(dirname(destination), { recursive: true });
  cpSync(cached, destination, { recursive: true, verbatimSymlinks: true });
  rmSync(join(destination, COMPLETE_MARKER));
  return destination;
}

/**
 * The app's root layout without `next/font/google`, whose fonts `next build` downloads from Google:
 * this machine reaches only the npm registry. Everything else in the layout stays as created.
 */
export function withoutGoogleFonts(layout: string): string {
  const imported = /^import \{([^}]*)\} from ["']next\/font\/google["'];\n/m.exec(layout);
  if (!imported) return layout;
  let text = layout.replace(imported[0], '');
  for (const font of imported[1]!
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)) {
    const declaration = new RegExp(`^const (\\w+) = ${font}\\(\\{[^]*?\\}\\);\\n\\n?`, 'm').exec(text);
    if (!declaration) throw new Error(`the layout imports ${font} from next/font/google but never calls it`);
    text = text
      .replace(declaration[0], '')
      .replaceAll(`\${${declaration[1]}.variable} `, '')
      .replaceAll(`\${${declaration[1]}.className} `, '');
  }
  if (/next\/font\/google|\.variable\}|\.className\}/.test(text))
    throw new Error(`the layout still needs Google fonts:\n${text}`);
  return text;
}

/** A running `next start`. */
export interface StartedApp {
  baseUrl: string;
  output: () => string;
  stop: () => Promise<void>;
}

/** `next start` on a free loopback port; resolves once the page answers. */
export async function startNextApp(app: string, env: NodeJS.ProcessEnv): Promise<StartedApp> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    join(app, 'node_modules', '.bin', 'next'),
    ['start', '-p', String(port), '-H', '127.0.0.1'],
    {
      cwd: app,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
    await exited;
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`next start exited with ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(baseUrl);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (attempt === 600) {
      await stop();
      throw new Error(`next start did not answer:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { baseUrl, output: () => output, stop };
}
