/**
 * Stores conversations the way the AI SDK's message-persistence guide does (chat ids, whole UI
 * messages). The conversation is the one source of truth: the list `readTodos` derives from it is
 * written in the same statement, so the two never disagree. A chat answers one request at a time:
 * the `chat_answers` row of the answer running on it is the only writer until it ends, and the
 * table's primary key lets no second one in (see docs/persistence.md).
 */
import type { UIMessage } from 'ai';
import { applyTodoAnswers, readTodos, type TodoAnswersResult } from 'todo-write';
import { database, type Sql } from './chat-database';
import type { ChatInput } from './read-chat-request';

/** Chat ids come from URLs and request bodies: treat them as opaque tokens. */
const CHAT_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** True for a string that can name a chat (1-64 letters, digits, `_` or `-`). */
export function isChatId(value: unknown): value is string {
  return typeof value === 'string' && CHAT_ID_PATTERN.test(value);
}

/** The stored UI messages of a chat; `[]` for a chat that has none yet. */
export async function loadChat(chatId: string): Promise<UIMessage[]> {
  const db = await database();
  const [row] = await db.rows<{ messages: string }>('SELECT messages FROM chats WHERE id = ?', [chatId]);
  return row === undefined ? [] : (JSON.parse(row.messages) as UIMessage[]);
}

/** The answer running on a chat: its turn, the workflow run producing it, and how far it got. */
export interface ChatAnswer {
  turnId: string;
  /** `null` for the moment between the turn's claim and its run's start. */
  runId: string | null;
  /** When the turn claimed the chat (epoch ms). */
  createdAt: number;
  /**
   * The stored message the answer continues, as it was when the answer began, or `null` (it answers
   * a new user message). An answer that goes on after a review continues the waiting call's message,
   * and its stream refers to that call: a resume replays it onto this version.
   */
  continues: UIMessage | null;
}

interface AnswerRow {
  turn_id: string;
  run_id: string | null;
  created_at: number | string;
  continues: string | null;
}

const toAnswer = (row: AnswerRow): ChatAnswer => ({
  turnId: row.turn_id,
  runId: row.run_id,
  createdAt: Number(row.created_at),
  continues: row.continues === null ? null : (JSON.parse(row.continues) as UIMessage),
});

/** The chat's answer row, or `null`; whether its run still goes on is the caller's question. */
export async function loadAnswer(chatId: string): Promise<ChatAnswer | null> {
  const db = await database();
  const [row] = await db.rows<AnswerRow>(
    'SELECT turn_id, run_id, created_at, continues FROM chat_answers WHERE chat_id = ?',
    [chatId],
  );
  return row === undefined ? null : toAnswer(row);
}

/** Why a chat cannot take a request: it is answering, has the message, or `applyTodoAnswers` refused the answers. */
export type ChatRefusal = { reason: 'busy' | 'duplicate' } | Extract<TodoAnswersResult<UIMessage>, { ok: false }>;

/** What {@link beginAnswer} did: claimed the chat (and stored the change), or why it could not. */
export type BeginAnswerResult = { claimed: true } | ({ claimed: false } & ChatRefusal);

/**
 * Claims the chat for one answer under `turnId` and stores what the request brings (the user's
 * message, or the person's review answers written into the stored calls they answer), in one
 * transaction. An earlier answer row stands in the way unless `isOver` says its run has ended; of
 * two racing requests the primary key lets exactly one in.
 */
export async function beginAnswer(options: {
  chatId: string;
  input: ChatInput;
  turnId: string;
  isOver: (answer: ChatAnswer) => Promise<boolean>;
}): Promise<BeginAnswerResult> {
  const { chatId, input, turnId, isOver } = options;
  const db = await database();
  return db.transaction(async (sql) => {
    // Answers need a stored chat; a message may start one.
    if ('message' in input) {
      await sql.run(`INSERT INTO chats (id, messages, todos) VALUES (?, '[]', '[]') ON CONFLICT (id) DO NOTHING`, [
        chatId,
      ]);
    }
    // Locks the chat's row (PostgreSQL) until the claim is decided.
    const [chat] = await sql.rows<{ messages: string }>('SELECT messages FROM chats WHERE id = ? FOR UPDATE', [chatId]);
    const next = withRequest(chat === undefined ? [] : (JSON.parse(chat.messages) as UIMessage[]), input);
    if ('reason' in next) return { claimed: false, ...next };
    const [earlier] = await sql.rows<AnswerRow>(
      'SELECT turn_id, run_id, created_at, continues FROM chat_answers WHERE chat_id = ?',
      [chatId],
    );
    if (earlier !== undefined) {
      if (!(await isOver(toAnswer(earlier)))) return { claimed: false, reason: 'busy' };
      await sql.run('DELETE FROM chat_answers WHERE chat_id = ? AND turn_id = ?', [chatId, earlier.turn_id]);
    }
    const { messages, continues } = next;
    const inserted = await sql.run(
      `INSERT INTO chat_answers (chat_id, turn_id, created_at, continues) VALUES (?, ?, ?, ?)
       ON CONFLICT (chat_id) DO NOTHING`,
      [chatId, turnId, Date.now(), continues === null ? null : JSON.stringify(continues)],
    );
    if (inserted !== 1) return { claimed: false, reason: 'busy' };
    await writeChat(sql, chatId, messages);
    return { claimed: true };
  });
}

/**
 * The conversation with what the request brings: the user's message, or the review answers written into
 * the stored calls they answer (`continues`: the message the answer then goes on with).
 */
function withRequest(
  history: UIMessage[],
  input: ChatInput,
): { messages: UIMessage[]; continues: UIMessage | null } | ChatRefusal {
  if ('message' in input) {
    if (history.some((stored) => stored.id === input.message.id)) return { reason: 'duplicate' };
    return { messages: [...history, input.message], continues: null };
  }
  const answered = applyTodoAnswers(history, input.answers);
  return answered.ok ? { messages: answered.messages, continues: answered.messages.at(-1)! } : answered;
}

/** Records the workflow run that produces the turn's answer. */
export async function setAnswerRun(chatId: string, turnId: string, runId: string): Promise<void> {
  const db = await database();
  await db.run('UPDATE chat_answers SET run_id = ? WHERE chat_id = ? AND turn_id = ?', [runId, chatId, turnId]);
}

/** Where a turn's answer stands when a step begins: `null` once the turn no longer holds the chat. */
export interface TurnState {
  messages: UIMessage[];
  /** Steps stored so far: a step numbered below it already ran (a retried step finds itself done). */
  stepsSaved: number;
  /** Whether the last stored step asked for another (the model called tools and has their results). */
  more: boolean;
  stopRequested: boolean;
}

export async function loadTurn(chatId: string, turnId: string): Promise<TurnState | null> {
  const db = await database();
  const [row] = await db.rows<{ messages: string; steps_saved: number; more_steps: number; stop_requested: number }>(
    `SELECT c.messages, a.steps_saved, a.more_steps, a.stop_requested
     FROM chat_answers a JOIN chats c ON c.id = a.chat_id WHERE a.chat_id = ? AND a.turn_id = ?`,
    [chatId, turnId],
  );
  if (row === undefined) return null;
  return {
    messages: JSON.parse(row.messages) as UIMessage[],
    stepsSaved: Number(row.steps_saved),
    more: Number(row.more_steps) === 1,
    stopRequested: Number(row.stop_requested) !== STOP_NONE,
  };
}

/**
 * Stores step `step` of the turn's answer: only once (a second run of the same step changes
 * nothing and gets `false`), and only while the turn holds the chat.
 */
export async function saveStep(options: {
  chatId: string;
  turnId: string;
  step: number;
  messages: UIMessage[];
  more: boolean;
}): Promise<boolean> {
  const { chatId, turnId, step, messages, more } = options;
  const db = await database();
  return db.transaction(async (sql) => {
    // The chat's row first, as beginAnswer locks it: two transactions never wait on each other in a circle.
    await sql.rows('SELECT id FROM chats WHERE id = ? FOR UPDATE', [chatId]);
    const changed = await sql.run(
      `UPDATE chat_answers SET steps_saved = ?, more_steps = ?
       WHERE chat_id = ? AND turn_id = ? AND steps_saved = ?`,
      [step + 1, more ? 1 : 0, chatId, turnId, step],
    );
    if (changed === 1) await writeChat(sql, chatId, messages);
    return changed === 1;
  });
}

/** `chat_answers.stop_requested`: no Stop, a Stop asked for, a Stop a running step has seen (its server is alive). */
const STOP_NONE = 0;
const STOP_ASKED = 1;
const STOP_SEEN = 2;

/** The turn's `stop_requested`, or `undefined` once the turn no longer holds the chat. */
async function stopState(chatId: string, turnId: string): Promise<number | undefined> {
  const db = await database();
  const [row] = await db.rows<{ stop_requested: number }>(
    'SELECT stop_requested FROM chat_answers WHERE chat_id = ? AND turn_id = ?',
    [chatId, turnId],
  );
  return row === undefined ? undefined : Number(row.stop_requested);
}

/**
 * True once a Stop was asked for the turn (recorded as seen, so the asker knows a server runs the
 * step), or once the turn no longer holds the chat. A running step calls it on every poll.
 */
export async function seeStop(chatId: string, turnId: string): Promise<boolean> {
  const state = await stopState(chatId, turnId);
  if (state === STOP_ASKED) {
    const db = await database();
    await db.run('UPDATE chat_answers SET stop_requested = ? WHERE chat_id = ? AND turn_id = ?', [
      STOP_SEEN,
      chatId,
      turnId,
    ]);
  }
  return state !== STOP_NONE;
}

/** Whether a running step has seen the turn's Stop. */
export async function isStopSeen(chatId: string, turnId: string): Promise<boolean> {
  return (await stopState(chatId, turnId)) === STOP_SEEN;
}

/** Asks the turn's answer to stop (its running step sees it within a poll); `false` once the turn is over. */
export async function requestStop(chatId: string, turnId: string): Promise<boolean> {
  const db = await database();
  const changed = await db.run(
    'UPDATE chat_answers SET stop_requested = CASE WHEN stop_requested = ? THEN ? ELSE stop_requested END WHERE chat_id = ? AND turn_id = ?',
    [STOP_NONE, STOP_ASKED, chatId, turnId],
  );
  return changed === 1;
}

/** Releases the chat from the turn (later calls do nothing). */
export async function endAnswer(chatId: string, turnId: string): Promise<void> {
  const db = await database();
  await db.run('DELETE FROM chat_answers WHERE chat_id = ? AND turn_id = ?', [chatId, turnId]);
}

/** The conversation and the list derived from it, in the caller's transaction. */
async function writeChat(sql: Sql, chatId: string, messages: readonly UIMessage[]): Promise<void> {
  await sql.run('UPDATE chats SET messages = ?, todos = ? WHERE id = ?', [
    JSON.stringify(messages),
    JSON.stringify(readTodos(messages)),
    chatId,
  ]);
}
