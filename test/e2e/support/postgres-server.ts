/**
 * A throwaway PostgreSQL cluster for the end-to-end tests (Debian's `postgresql` package): `initdb`
 * into a temporary folder, `postgres` on a free loopback port with fsync off, its own process group
 * (noted for the global teardown), removed with its folder by `stop`.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, signalGroup } from './next-server.js';
import { recordProcessGroup } from './process-groups.js';

export interface PostgresServer {
  child: ChildProcess;
  /** `postgres://…@127.0.0.1:<port>/postgres` */
  url: string;
  stop: () => Promise<void>;
}

/** The folder holding `initdb` and `postgres`: on PATH, else Debian's newest /usr/lib/postgresql/<n>/bin. */
export function findPostgresBin(): string | undefined {
  for (const directory of (process.env.PATH ?? '').split(':')) {
    if (directory !== '' && existsSync(join(directory, 'initdb')) && existsSync(join(directory, 'postgres'))) {
      return directory;
    }
  }
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const newest = readdirSync(root)
    .filter((name) => existsSync(join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))[0];
  return newest === undefined ? undefined : join(root, newest, 'bin');
}

/** PostgreSQL refuses to run as root: as root, the cluster belongs to the `postgres` user Debian's package makes. */
function asServerUser(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

/** Starts a fresh cluster and resolves once it takes connections (20 s at most). */
export async function startPostgresServer(): Promise<PostgresServer> {
  const bin = findPostgresBin();
  if (bin === undefined) throw new Error('PostgreSQL is not installed: install it (.ci/run does, with apt-get)');
  const directory = mkdtempSync(join(tmpdir(), 'todo-write-pg-'));
  const data = join(directory, 'data');
  chmodSync(directory, 0o777);
  const [initdb, initArgs] = asServerUser(join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '--no-sync',
    '--encoding=UTF8',
  ]);
  execFileSync(initdb, initArgs, { stdio: 'pipe' });
  const port = await freePort();
  const [postgres, args] = asServerUser(join(bin, 'postgres'), [
    '-D',
    data,
    '-h',
    '127.0.0.1',
    '-p',
    String(port),
    '-k',
    directory,
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
    '-c',
    'max_connections=300',
  ]);
  const child = spawn(postgres, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  recordProcessGroup(child.pid);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const server: PostgresServer = {
    child,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: async () => {
      await signalGroup(child, 'SIGINT');
      rmSync(directory, { recursive: true, force: true });
    },
  };
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`postgres exited with ${child.exitCode}:\n${output}`);
    if (output.includes('ready to accept connections')) return server;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await server.stop();
  throw new Error(`postgres did not start on port ${port} within 20 s:\n${output}`);
}
