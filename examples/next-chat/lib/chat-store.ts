/**
 * Stores conversations the way the AI SDK's message-persistence guide does (chat ids, whole UI
 * messages), in SQLite through Node's built-in `node:sqlite`. The conversation is the one source
 * of truth: the `todos` table holds the list `readTodos` derives from it, written in the same
 * transaction, so the two never disagree (see docs/persistence.md).
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { generateId, type UIMessage } from 'ai';
import { readTodos, type Todo } from 'todo-write';

/** Chat ids come from URLs and request bodies: treat them as opaque tokens. */
const CHAT_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export function isChatId(value: unknown): value is string {
  return typeof value === 'string' && CHAT_ID_PATTERN.test(value);
}

/** `CHAT_DB_PATH`, else `data/chats.db` under the app (gitignored). */
function databasePath(): string {
  return process.env.CHAT_DB_PATH ?? join(process.cwd(), 'data', 'chats.db');
}

const globalForDatabase = globalThis as typeof globalThis & { chatDatabase?: DatabaseSync };

function database(): DatabaseSync {
  if (globalForDatabase.chatDatabase !== undefined) return globalForDatabase.chatDatabase;
  const path = databasePath();
  mkdirSync(dirname(path), { recursive: true });
  const db = new DatabaseSync(path);
  db.exec(`
    PRAGMA journal_mode = WAL;
    CREATE TABLE IF NOT EXISTS chats (
      id TEXT PRIMARY KEY,
      messages TEXT NOT NULL DEFAULT '[]',
      updated_at TEXT NOT NULL DEFAULT (datetime('now'))
    );
    CREATE TABLE IF NOT EXISTS todos (
      chat_id TEXT PRIMARY KEY REFERENCES chats(id),
      todos TEXT NOT NULL,
      updated_at TEXT NOT NULL DEFAULT (datetime('now'))
    );
  `);
  globalForDatabase.chatDatabase = db;
  return db;
}

/** A fresh chat id (not stored until the first response ends). */
export function createChatId(): string {
  return generateId();
}

/** The stored UI messages of a chat; `[]` for a chat that has none yet. */
export function loadChat(chatId: string): UIMessage[] {
  const row = database().prepare('SELECT messages FROM chats WHERE id = ?').get(chatId) as
    | { messages: string }
    | undefined;
  return row === undefined ? [] : (JSON.parse(row.messages) as UIMessage[]);
}

/**
 * Replaces a chat's UI messages and its current list (`readTodos` of those messages) in one
 * transaction. The route calls it when a request starts, as every step ends and when the response
 * ends, so a crash loses at most the step in flight.
 */
export function saveChat({ chatId, messages }: { chatId: string; messages: UIMessage[] }): void {
  const db = database();
  db.exec('BEGIN IMMEDIATE');
  try {
    db.prepare(
      `INSERT INTO chats (id, messages) VALUES (?, ?)
       ON CONFLICT(id) DO UPDATE SET messages = excluded.messages, updated_at = datetime('now')`,
    ).run(chatId, JSON.stringify(messages));
    db.prepare(
      `INSERT INTO todos (chat_id, todos) VALUES (?, ?)
       ON CONFLICT(chat_id) DO UPDATE SET todos = excluded.todos, updated_at = datetime('now')`,
    ).run(chatId, JSON.stringify(readTodos(messages)));
    db.exec('COMMIT');
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}

/** The chat's current list as last saved with its conversation (`readTodos` of it), or `undefined`. */
export function loadTodos(chatId: string): Todo[] | undefined {
  const row = database().prepare('SELECT todos FROM todos WHERE chat_id = ?').get(chatId) as
    | { todos: string }
    | undefined;
  return row === undefined ? undefined : (JSON.parse(row.todos) as Todo[]);
}
