/**
 * A throwaway `redis-server` for the end-to-end tests: a free loopback port, no persistence (no
 * RDB, no AOF, nothing written to disk), its own process group (noted for the global teardown).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { freePort, signalGroup } from './next-server.js';
import { recordProcessGroup } from './process-groups.js';

export interface RedisServer {
  child: ChildProcess;
  url: string;
  /** Stops it with `signal` (SIGKILL: as if it crashed) and waits for it to exit. */
  stop: (signal?: NodeJS.Signals) => Promise<void>;
}

/** The `redis-server` on PATH, or `undefined` when there is none. */
export function findRedisServer(): string | undefined {
  for (const directory of (process.env.PATH ?? '').split(':')) {
    if (directory !== '' && existsSync(join(directory, 'redis-server'))) return join(directory, 'redis-server');
  }
  return undefined;
}

/** Starts `redis-server` on a free loopback port and resolves once it answers PING (10 s at most). */
export async function startRedisServer(): Promise<RedisServer> {
  const binary = findRedisServer();
  if (binary === undefined) throw new Error('no redis-server on PATH: install it (.ci/run does, with apt-get)');
  const port = await freePort();
  const child = spawn(
    binary,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'yes'],
    { detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  recordProcessGroup(child.pid);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const server: RedisServer = {
    child,
    url: `redis://127.0.0.1:${port}`,
    stop: async (signal = 'SIGTERM') => void (await signalGroup(child, signal)),
  };
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}:\n${output}`);
    if (await ping(port)) return server;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await server.stop('SIGKILL');
  throw new Error(`redis-server did not answer on port ${port} within 10 s:\n${output}`);
}

/** True when something on 127.0.0.1:`port` answers `PING` with `+PONG`. */
function ping(port: number): Promise<boolean> {
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
