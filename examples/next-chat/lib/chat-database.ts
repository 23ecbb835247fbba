/**
 * The store's database: PostgreSQL when `DATABASE_URL` is set (the same database the workflow runs
 * use, so any number of servers share it), else a SQLite file through `node:sqlite` (one machine,
 * nothing to start). Both take the same SQL, written with `?` placeholders.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import pg from 'pg';

/** `node:sqlite`, loaded when asked for: on a Node.js without it (before 22.13) the app still starts and says so. */
const nodeSqlite = (): typeof import('node:sqlite') | undefined => process.getBuiltinModule?.('node:sqlite');

/** Why chats cannot be stored on this Node.js, in words for the person running the app; `undefined` when they can. */
export function storeUnavailable(): string | undefined {
  if (process.env.DATABASE_URL || nodeSqlite() !== undefined) return undefined;
  return (
    `This app stores chats with node:sqlite, which Node.js ${process.version} does not have. ` +
    'Run it on Node.js 24 (22.13 or later works too): `nvm install 24`, or https://nodejs.org/en/download.'
  );
}

/** Runs SQL inside one transaction (or outside any, for single statements). */
export interface Sql {
  /** The rows a query returns. */
  rows: <T>(sql: string, params?: unknown[]) => Promise<T[]>;
  /** How many rows a statement changed. */
  run: (sql: string, params?: unknown[]) => Promise<number>;
}

export interface Database extends Sql {
  /** Runs `work` in one transaction, holding the database's write lock (SQLite) or the rows it locks (PostgreSQL). */
  transaction: <T>(work: (sql: Sql) => Promise<T>) => Promise<T>;
}

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS chats (
    id TEXT PRIMARY KEY,
    messages TEXT NOT NULL,
    todos TEXT NOT NULL
  );
  CREATE TABLE IF NOT EXISTS chat_answers (
    chat_id TEXT PRIMARY KEY REFERENCES chats(id),
    turn_id TEXT NOT NULL,
    run_id TEXT,
    created_at BIGINT NOT NULL,
    steps_saved INTEGER NOT NULL DEFAULT 0,
    more_steps INTEGER NOT NULL DEFAULT 1,
    stop_requested INTEGER NOT NULL DEFAULT 0,
    continues TEXT
  );
`;

const globalForDatabase = globalThis as typeof globalThis & { chatDatabase?: Promise<Database> };

/** The process's database, its tables made on first use. */
export function database(): Promise<Database> {
  globalForDatabase.chatDatabase ??= (process.env.DATABASE_URL ? postgres(process.env.DATABASE_URL) : sqlite()).catch(
    (error: unknown) => {
      globalForDatabase.chatDatabase = undefined;
      throw error;
    },
  );
  return globalForDatabase.chatDatabase;
}

async function postgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the database drops (a restart, a failover) is replaced by the pool; unheard, it would end the process.
  pool.on('error', (error) => console.error('chat database:', error.message));
  const numbered = (sql: string): string => {
    let n = 0;
    return sql.replace(/\?/g, () => `$${++n}`);
  };
  const on = (client: pg.Pool | pg.PoolClient): Sql => ({
    rows: async <T>(sql: string, params: unknown[] = []) => (await client.query(numbered(sql), params)).rows as T[],
    run: async (sql, params = []) => (await client.query(numbered(sql), params)).rowCount ?? 0,
  });
  // One server creates the tables; the others wait for it on the advisory lock.
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(7170)');
    await client.query(SCHEMA);
  } finally {
    await client.query('SELECT pg_advisory_unlock(7170)').catch(() => {});
    client.release();
  }
  return {
    ...on(pool),
    async transaction(work) {
      const tx = await pool.connect();
      let broken: Error | undefined;
      try {
        await tx.query('BEGIN');
        const result = await work(on(tx));
        await tx.query('COMMIT');
        return result;
      } catch (error) {
        // A connection that cannot even roll back is dropped, not handed to the next transaction.
        await tx.query('ROLLBACK').catch((rollback: Error) => {
          broken = rollback;
        });
        throw error;
      } finally {
        tx.release(broken);
      }
    },
  };
}

async function sqlite(): Promise<Database> {
  const { DatabaseSync } = nodeSqlite() ?? {};
  if (DatabaseSync === undefined) throw new Error(storeUnavailable());
  const path = process.env.CHAT_DB_PATH ?? join(process.cwd(), 'data', 'chats.db');
  mkdirSync(dirname(path), { recursive: true });
  const db = new DatabaseSync(path);
  db.exec(`PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000; ${SCHEMA}`);
  // `FOR UPDATE` is PostgreSQL's row lock; SQLite's transactions below hold the whole file.
  const plain = (sql: string): string => sql.replace(/\s+FOR UPDATE\b/i, '');
  const sql: Sql = {
    rows: async <T>(text: string, params: unknown[] = []) => db.prepare(plain(text)).all(...(params as never[])) as T[],
    run: async (text, params = []) => Number(db.prepare(plain(text)).run(...(params as never[])).changes),
  };
  // One connection: a statement issued while a transaction awaits would join it, so all of them queue.
  let queue: Promise<unknown> = Promise.resolve();
  const queued = <T>(work: () => Promise<T>): Promise<T> => {
    const result = queue.then(work);
    queue = result.catch(() => {});
    return result;
  };
  return {
    rows: (text, params) => queued(() => sql.rows(text, params)),
    run: (text, params) => queued(() => sql.run(text, params)),
    transaction: (work) =>
      queued(async () => {
        db.exec('BEGIN IMMEDIATE');
        try {
          const value = await work(sql);
          db.exec('COMMIT');
          return value;
        } catch (error) {
          db.exec('ROLLBACK');
          throw error;
        }
      }),
  };
}
