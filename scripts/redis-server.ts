/**
 * A throwaway `redis-server` for the Next.js proofs: a free loopback port, no persistence (no RDB,
 * no AOF, nothing written to disk), its own process group, stopped by the caller. Loaded by plain
 * Node 24 (type stripping).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';

export interface RedisServer {
  child: ChildProcess;
  port: number;
  url: string;
  /** Everything it printed so far. */
  output: () => string;
}

/** The `redis-server` on PATH, or `undefined` when there is none. */
export function findRedisServer(): string | undefined {
  for (const directory of (process.env.PATH ?? '').split(':')) {
    if (directory !== '' && existsSync(join(directory, 'redis-server'))) return join(directory, 'redis-server');
  }
  return undefined;
}

/** Starts `redis-server` on 127.0.0.1:`port` and resolves once it answers PING (10 s at most). */
export async function startRedisServer(binary: string, port: number): Promise<RedisServer> {
  const child = spawn(
    binary,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'yes'],
    { detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}:\n${output}`);
    if (await ping(port)) return { child, port, url: `redis://127.0.0.1:${port}`, output: () => output };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`redis-server did not answer on port ${port} within 10 s:\n${output}`);
}

/** True when something on 127.0.0.1:`port` answers `PING` with `+PONG`. */
export function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    const done = (ok: boolean): void => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

/** Stops the server with `signal` (SIGKILL: as if it crashed) and waits for it to exit. */
export async function stopRedisServer(
  server: RedisServer | undefined,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<void> {
  const child = server?.child;
  if (child?.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
  await exited;
}
