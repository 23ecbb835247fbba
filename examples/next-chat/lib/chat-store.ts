/**
 * Stores conversations the way the AI SDK's message-persistence guide does (chat ids, whole UI
 * messages), in SQLite through Node's built-in `node:sqlite`. The conversation is the one source
 * of truth: the `todos` table holds the list `readTodos` derives from it, written in the same
 * transaction, so the two never disagree. A chat answers one request at a time: the request that
 * claims it (`beginTurn`) is the only writer until it ends (see docs/persistence.md).
 */
import { mkdirSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { generateId, isToolUIPart, type UIMessage } from 'ai';
import { readTodos, type Todo, todoEditReason } from 'todo-write';
import type { ApprovalAnswer, ChatInput } from './read-chat-request';

/** Chat ids come from URLs and request bodies: treat them as opaque tokens. */
const CHAT_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** True for a string that can name a chat (1-64 letters, digits, `_` or `-`). */
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
    PRAGMA busy_timeout = 5000;
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
  // The claim of the request that is answering (added to databases made before it existed).
  const columns = new Set((db.prepare('PRAGMA table_info(chats)').all() as { name: string }[]).map((row) => row.name));
  if (!columns.has('active_stream_id')) {
    db.exec(`
      ALTER TABLE chats ADD COLUMN active_stream_id TEXT;
      ALTER TABLE chats ADD COLUMN active_until INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE chats ADD COLUMN active_owner TEXT;
    `);
  }
  // The message a running answer continues, as it was when the answer began (plan review).
  if (!columns.has('active_continues')) db.exec('ALTER TABLE chats ADD COLUMN active_continues TEXT');
  globalForDatabase.chatDatabase = db;
  return db;
}

/** A fresh chat id (not stored until its first message is). */
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

/** The id of the stream answering the chat right now, or `null` (none, or its claim ran out). */
export function loadActiveStreamId(chatId: string): string | null {
  const row = database()
    .prepare('SELECT active_stream_id FROM chats WHERE id = ? AND active_until >= ?')
    .get(chatId, Date.now()) as { active_stream_id: string | null } | undefined;
  return row?.active_stream_id ?? null;
}

/**
 * The stored message the running answer continues, as it was when that answer began, or `null` (none
 * runs, or it answers a new user message). An answer that goes on after a review continues the
 * waiting call's message, and its stream refers to that call: a resume replays it onto this version.
 */
export function loadContinuedMessage(chatId: string): UIMessage | null {
  const row = database()
    .prepare('SELECT active_continues FROM chats WHERE id = ? AND active_until >= ?')
    .get(chatId, Date.now()) as { active_continues: string | null } | undefined;
  return row?.active_continues == null ? null : (JSON.parse(row.active_continues) as UIMessage);
}

/** The chat's current list as last saved with its conversation (`readTodos` of it), or `undefined`. */
export function loadTodos(chatId: string): Todo[] | undefined {
  const row = database().prepare('SELECT todos FROM todos WHERE chat_id = ?').get(chatId) as
    | { todos: string }
    | undefined;
  return row === undefined ? undefined : (JSON.parse(row.todos) as Todo[]);
}

/** What {@link beginTurn} did: claimed the chat (and stored the change), or why it could not. */
export type BeginTurnResult =
  | { claimed: true; messages: UIMessage[] }
  | { claimed: false; reason: 'busy' | 'duplicate' | 'answered' };

/**
 * Claims the chat for one answer and stores what the request brings (the user's message, or the
 * person's review answers written into the stored calls they answer), in one transaction: the
 * conditional upsert succeeds only while no other request holds an unexpired claim, so of two
 * racing requests exactly one gets the chat. The claim holds until `endTurn` or `claimUntil`
 * (epoch ms; `renewTurn` pushes it on), so a server that died mid-answer frees the chat.
 */
export function beginTurn(options: {
  chatId: string;
  input: ChatInput;
  streamId: string;
  claimUntil: number;
}): BeginTurnResult {
  const { chatId, input, streamId, claimUntil } = options;
  return transaction((db) => {
    const history = loadChat(chatId);
    let messages: UIMessage[];
    let continues: UIMessage | null = null;
    if ('message' in input) {
      if (history.some((stored) => stored.id === input.message.id)) return { claimed: false, reason: 'duplicate' };
      messages = [...history, input.message];
    } else {
      const answered = answerReviews(history, input.approvals);
      if (answered === undefined) return { claimed: false, reason: 'answered' };
      messages = answered;
      continues = answered.at(-1)!;
    }
    // A claim held by a process of this machine that no longer runs is over now, not when it expires.
    const owner = db.prepare('SELECT active_owner FROM chats WHERE id = ?').get(chatId) as
      | { active_owner: string | null }
      | undefined;
    const expiredBefore = isGoneProcess(owner?.active_owner) ? Number.MAX_SAFE_INTEGER : Date.now();
    const { changes } = db
      .prepare(
        `INSERT INTO chats (id, messages, active_stream_id, active_until, active_owner, active_continues)
         VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET messages = excluded.messages, active_stream_id = excluded.active_stream_id,
           active_until = excluded.active_until, active_owner = excluded.active_owner,
           active_continues = excluded.active_continues, updated_at = datetime('now')
         WHERE chats.active_stream_id IS NULL OR chats.active_until < ?`,
      )
      .run(
        chatId,
        JSON.stringify(messages),
        streamId,
        claimUntil,
        processOwner(),
        continues === null ? null : JSON.stringify(continues),
        expiredBefore,
      );
    if (changes !== 1) return { claimed: false, reason: 'busy' };
    writeTodos(db, chatId, messages);
    return { claimed: true, messages };
  });
}

/**
 * The history with each answer written into the stored call waiting for it in the last message,
 * the way `addToolApprovalResponse` writes it in the browser; `undefined` when an answer has no
 * call waiting (answered already, or never asked) or a call of that step would be left waiting.
 */
function answerReviews(history: readonly UIMessage[], approvals: readonly ApprovalAnswer[]): UIMessage[] | undefined {
  const last = history.at(-1);
  if (last?.role !== 'assistant') return undefined;
  const byId = new Map(approvals.map((answer) => [answer.id, answer]));
  let matched = 0;
  const parts = last.parts.map((part) => {
    if (!isToolUIPart(part) || part.state !== 'approval-requested') return part;
    const answer = byId.get(part.approval.id);
    if (answer === undefined) return part;
    matched += 1;
    const { id, approved, todos } = answer;
    // An edit travels to the tool in the answer's reason; the tool checks it again and writes it.
    const reason = todos === undefined ? answer.reason : todoEditReason(todos);
    return { ...part, state: 'approval-responded', approval: { id, approved, ...(reason ? { reason } : {}) } };
  }) as UIMessage['parts'];
  const stillWaiting = parts.some((part) => isToolUIPart(part) && part.state === 'approval-requested');
  if (matched !== approvals.length || stillWaiting) return undefined;
  return [...history.slice(0, -1), { ...last, parts }];
}

/**
 * Replaces the conversation and its list while `streamId` holds the claim, and renews the claim to
 * `claimUntil`. `false` (nothing written) once the claim is gone: a newer request owns the chat.
 */
export function saveTurn(options: {
  chatId: string;
  streamId: string;
  messages: UIMessage[];
  claimUntil: number;
}): boolean {
  const { chatId, streamId, messages, claimUntil } = options;
  return transaction((db) => {
    const { changes } = db
      .prepare(
        `UPDATE chats SET messages = ?, active_until = ?, updated_at = datetime('now')
         WHERE id = ? AND active_stream_id = ?`,
      )
      .run(JSON.stringify(messages), claimUntil, chatId, streamId);
    if (changes === 1) writeTodos(db, chatId, messages);
    return changes === 1;
  });
}

/** Pushes the claim of `streamId` on to `claimUntil` (a heartbeat while a step runs long). */
export function renewTurn(options: { chatId: string; streamId: string; claimUntil: number }): boolean {
  const { changes } = database()
    .prepare('UPDATE chats SET active_until = ? WHERE id = ? AND active_stream_id = ?')
    .run(options.claimUntil, options.chatId, options.streamId);
  return changes === 1;
}

/** Stores the answer's last state and releases the claim (`messages` omitted: only releases it). */
export function endTurn(options: { chatId: string; streamId: string; messages?: UIMessage[] }): void {
  const { chatId, streamId, messages } = options;
  transaction((db) => {
    if (messages !== undefined) {
      const { changes } = db
        .prepare(`UPDATE chats SET messages = ?, updated_at = datetime('now') WHERE id = ? AND active_stream_id = ?`)
        .run(JSON.stringify(messages), chatId, streamId);
      if (changes === 1) writeTodos(db, chatId, messages);
    }
    db.prepare(
      'UPDATE chats SET active_stream_id = NULL, active_until = 0, active_continues = NULL WHERE id = ? AND active_stream_id = ?',
    ).run(chatId, streamId);
  });
}

/** This process, as a claim's owner: `host:pid`. */
function processOwner(): string {
  return `${hostname()}:${process.pid}`;
}

/** True when `owner` names a process of this machine that has exited. */
function isGoneProcess(owner: string | null | undefined): boolean {
  const [host, pid] = owner?.split(':') ?? [];
  if (host !== hostname() || pid === undefined || Number(pid) === process.pid) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** The list derived from the conversation, in the caller's transaction. */
function writeTodos(db: DatabaseSync, chatId: string, messages: readonly UIMessage[]): void {
  db.prepare(
    `INSERT INTO todos (chat_id, todos) VALUES (?, ?)
     ON CONFLICT(chat_id) DO UPDATE SET todos = excluded.todos, updated_at = datetime('now')`,
  ).run(chatId, JSON.stringify(readTodos(messages)));
}

/** Runs `write` in `BEGIN IMMEDIATE … COMMIT`: the write lock is taken first, so reads inside see no other writer. */
function transaction<T>(write: (db: DatabaseSync) => T): T {
  const db = database();
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = write(db);
    db.exec('COMMIT');
    return result;
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}
