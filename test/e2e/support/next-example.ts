/**
 * examples/next-chat for the end-to-end tests: where it is, how it is installed from the packed
 * tarball and built (once per run, by global-setup.ts), and a `next start` of it on a database of
 * its own that runs the scripted agent, whatever keys the machine has.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from '../../support/pack-package.js';
import type { Row, StoredChat } from './chat-store.js';
import { readExampleSteps } from './example-readme.js';
import { nextBin, type NextServer, startNextServer } from './next-server.js';
import { runCommand } from './run-command.js';

export const EXAMPLE = join(REPO_ROOT, 'examples', 'next-chat');

/**
 * Installs the example from its lock with the tarball in place of the published todo-write, by the
 * line its README gives for this repository; `--loglevel=http` lets the progress count requests.
 */
export async function installExample(tarball: string): Promise<void> {
  rmSync(join(EXAMPLE, 'node_modules', 'todo-write'), { recursive: true, force: true });
  const [command = '', ...args] = readExampleSteps().installBuild.split(/\s+/);
  const withTarball = args.map((arg) => (arg === './todo-write-*.tgz' ? tarball : arg));
  await runCommand(command, [...withTarball, '--no-audit', '--no-fund', '--loglevel=http'], {
    cwd: EXAMPLE,
    progress: 'npm install in examples/next-chat',
  });
}

/** `next build` of the example; resolves with what it printed. */
export const buildExample = (): Promise<string> =>
  runCommand(process.execPath, [nextBin(EXAMPLE), 'build'], {
    cwd: EXAMPLE,
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
    progress: 'next build in examples/next-chat',
  });

export interface ExampleServer extends NextServer {
  /** Its SQLite file (`CHAT_DB_PATH`), or the PostgreSQL URL it shares (`DATABASE_URL`). */
  database: string;
  /** The local world's folder (`WORKFLOW_LOCAL_DATA_DIR`); `undefined` on PostgreSQL. */
  runs: string | undefined;
}

/**
 * The servers of one test file, on databases in one temporary folder (or all on one PostgreSQL
 * database, `postgres`): `start` them as needed, `stopAll` in `afterAll` (it also removes the folder).
 */
export class ExampleServers {
  #directory: string | undefined;
  readonly #servers: NextServer[] = [];
  readonly #postgres: string | undefined;

  constructor(options: { postgres?: string } = {}) {
    this.#postgres = options.postgres;
  }

  /**
   * `next start` of the built example on `<name>.db` and the engine's local world in `<name>-runs`
   * (both kept across restarts of the same name), or on the shared PostgreSQL database.
   */
  async start(name: string, extra: NodeJS.ProcessEnv = {}, port?: number): Promise<ExampleServer> {
    this.#directory ??= mkdtempSync(join(tmpdir(), 'todo-write-e2e-'));
    const database = this.#postgres ?? join(this.#directory, `${name}.db`);
    const runs = this.#postgres === undefined ? join(this.#directory, `${name}-runs`) : undefined;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      ...(this.#postgres === undefined
        ? { CHAT_DB_PATH: database, DATABASE_URL: '', WORKFLOW_LOCAL_DATA_DIR: runs }
        : { DATABASE_URL: this.#postgres }),
      SCRIPTED_MODEL_SPEED: process.env.SCRIPTED_MODEL_SPEED ?? '4',
      OPENAI_API_KEY: '',
      ANTHROPIC_API_KEY: '',
      ...extra,
    };
    const server = await startNextServer({ app: EXAMPLE, env, ...(port === undefined ? {} : { port }) });
    this.#servers.push(server);
    return { ...server, database, runs };
  }

  async stopAll(): Promise<void> {
    await Promise.all(this.#servers.map((server) => server.stop()));
    if (this.#directory !== undefined) rmSync(this.#directory, { recursive: true, force: true });
  }
}

/** A user message as the page sends it. */
export const userMessage = (text: string) => ({
  id: `u-${Math.random().toString(36).slice(2, 12)}`,
  role: 'user',
  parts: [{ type: 'text', text }],
});

/** A fresh chat id. */
export const newChatId = (label: string): string => `${label}-${Math.random().toString(36).slice(2, 10)}`;

/** A module of the example's node_modules (the packed todo-write, its `ai`): what its route runs. */
export const importInstalled = <T>(path: string): Promise<T> =>
  import(pathToFileURL(join(EXAMPLE, 'node_modules', path)).href) as Promise<T>;

/** `readTodos` of the installed package over a stored conversation: the list the model's next prompt holds. */
export async function replayedTodos(messages: StoredChat['messages']): Promise<Row[]> {
  const { readTodos } = await importInstalled<typeof import('todo-write')>('todo-write/dist/index.js');
  return readTodos(messages as never).map(({ content, status }) => ({ content, status }));
}
