/**
 * `next start` for the end-to-end tests, in any built app folder: a free loopback port, the server
 * in its own process group (stopping the group stops everything it started, and the global
 * teardown stops any group a test left), its output kept for a failure message.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { forgetProcessGroup, recordProcessGroup } from './process-groups.js';

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

/** `node_modules/next/dist/bin/next` of an app. */
export const nextBin = (app: string): string => join(app, 'node_modules', 'next', 'dist', 'bin', 'next');

export interface NextServer {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  /** Everything it printed so far. */
  output: () => string;
  /** SIGTERM to its process group, SIGKILL if it is still there after 5 s. */
  stop: () => Promise<void>;
}

export interface StartNextServerOptions {
  /** The built app folder (`next start` runs there). */
  app: string;
  env: NodeJS.ProcessEnv;
  /** Default: a free port. */
  port?: number;
}

/** Starts a server in its own process group (recorded for the teardown), keeping everything it prints. */
export function spawnServer(
  command: string,
  args: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Pick<NextServer, 'child' | 'output' | 'stop'> {
  const child = spawn(command, args, { ...options, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  recordProcessGroup(child.pid);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output, stop: () => stopGroup(child) };
}

/** Starts `next start` on 127.0.0.1 and resolves once `/` answers (60 s at most). */
export async function startNextServer(options: StartNextServerOptions): Promise<NextServer> {
  const { app, env } = options;
  const port = options.port ?? (await freePort());
  const args = [nextBin(app), 'start', '--hostname', '127.0.0.1', '--port', String(port)];
  const { child, output, stop } = spawnServer(process.execPath, args, { cwd: app, env });
  const server: NextServer = { child, port, baseUrl: `http://127.0.0.1:${port}`, output, stop };
  const lastLines = (): string => output().split('\n').slice(-40).join('\n');
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
  await server.stop();
  throw new Error(`next start did not answer within 60 s:\n${lastLines()}`);
}

/** The last `count` lines of a server's output that speak of an error or a failure (for a failing test's report). */
export const errorLines = (server: Pick<NextServer, 'output'>, count = 20): string[] =>
  server
    .output()
    .split('\n')
    .filter((line) => /error|fail/i.test(line))
    .slice(-count);

/** Sends `signal` to a child's whole process group and waits for it to exit (at most `timeoutMs`). */
export async function signalGroup(
  child: ChildProcess | undefined,
  signal: NodeJS.Signals,
  timeoutMs = Number.POSITIVE_INFINITY,
): Promise<boolean> {
  if (child?.pid === undefined || child.exitCode !== null || child.signalCode !== null) return true;
  const exited = new Promise<boolean>((resolve) =>
    child.once('exit', () => {
      forgetProcessGroup(child.pid);
      resolve(true);
    }),
  );
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
  if (timeoutMs === Number.POSITIVE_INFINITY) return exited;
  return Promise.race([exited, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), timeoutMs))]);
}

/** SIGTERM to the process group, SIGKILL if it is still there after 5 s. */
export async function stopGroup(child: ChildProcess | undefined): Promise<void> {
  if (!(await signalGroup(child, 'SIGTERM', 5_000))) await signalGroup(child, 'SIGKILL');
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
