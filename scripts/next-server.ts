/**
 * `next start` for the Next.js proofs (scripts/test-next.ts, test-next-faults.ts, test-next-deploy.ts): a free
 * loopback port, the server in its own process group (stopping the group stops everything it
 * started), and cleanup when the run is interrupted. Loaded by plain Node 24 (type stripping).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface NextServer {
  child: ChildProcess;
  baseUrl: string;
  /** Everything it printed so far. */
  output: () => string;
}

export interface StartNextServerOptions {
  /** The app folder (`next start` runs there). */
  app: string;
  /** `node_modules/next/dist/bin/next` of the app. */
  nextBin: string;
  port: number;
  env: NodeJS.ProcessEnv;
  /** Called as soon as the process exists, so a caller can stop it even if it never answers. */
  onSpawn?: (child: ChildProcess) => void;
}

/** Starts `next start` on 127.0.0.1 and resolves once `/` answers (60 s at most). */
export async function startNextServer(options: StartNextServerOptions): Promise<NextServer> {
  const { app, nextBin, port, env } = options;
  const child = spawn(process.execPath, [nextBin, 'start', '--hostname', '127.0.0.1', '--port', String(port)], {
    cwd: app,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  options.onSpawn?.(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const server = { child, baseUrl: `http://127.0.0.1:${port}`, output: () => output };
  const lastLines = (): string => output.split('\n').slice(-40).join('\n');
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`next start exited with ${child.exitCode}:\n${lastLines()}`);
    try {
      if ((await fetch(`${server.baseUrl}/`, { signal: AbortSignal.timeout(5_000) })).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`next start did not answer within 60 s:\n${lastLines()}`);
}

/** Sends `signal` to the server's whole process group and waits for it to exit (at most `timeoutMs`). */
export async function signalServer(
  child: ChildProcess | undefined,
  signal: NodeJS.Signals,
  timeoutMs = Number.POSITIVE_INFINITY,
): Promise<boolean> {
  if (child?.pid === undefined || child.exitCode !== null || child.signalCode !== null) return true;
  const exited = new Promise<boolean>((resolve) => child.once('exit', () => resolve(true)));
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
  if (timeoutMs === Number.POSITIVE_INFINITY) return exited;
  return Promise.race([exited, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), timeoutMs))]);
}

/** SIGTERM to the server's process group, SIGKILL if it is still there after 5 s. */
export async function stopServer(child: ChildProcess | undefined): Promise<void> {
  if (!(await signalServer(child, 'SIGTERM', 5_000))) await signalServer(child, 'SIGKILL');
}

/** On Ctrl-C or SIGTERM: kills the current server's process group, runs `cleanup`, exits 130. */
export function stopOnInterrupt(current: () => ChildProcess | undefined, cleanup: () => void): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      const pid = current()?.pid;
      if (pid !== undefined) {
        try {
          process.kill(-pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      cleanup();
      process.exit(130);
    });
  }
}

/** The newest modification time under `path` (files only; 0 when it does not exist). */
function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

/** Runs `next build` in `app` unless `.next` is newer than the app's sources, the installed package and the demo agent. */
export async function ensureBuild(app: string, nextBin: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const sources = ['app', 'lib', 'next.config.ts', 'node_modules/todo-write/dist', '../../demo/agent'];
  const buildId = join(app, '.next', 'BUILD_ID');
  if (existsSync(buildId) && Math.max(...sources.map((path) => newest(join(app, path)))) <= statSync(buildId).mtimeMs) {
    console.log('\n▶ next build: reusing the fresh build in .next');
    return;
  }
  console.log('\n▶ next build (the example changed since the last build)');
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [nextBin, 'build'], { cwd: app, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`next build exited with ${code}:\n${output.slice(-4000)}`)),
    );
  });
}

/** The resident memory of every process in the process group `groupId`, in bytes (Linux `/proc`; 0 elsewhere). */
export function processGroupRss(groupId: number): number {
  if (!existsSync('/proc/self/stat')) return 0;
  let total = 0;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces): state, ppid, pgrp, …
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== groupId) continue;
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${name}/status`, 'utf8'));
      total += Number(rss?.[1] ?? 0) * 1024;
    } catch {
      // the process exited while we read it
    }
  }
  return total;
}
