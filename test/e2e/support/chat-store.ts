/**
 * What the end-to-end tests read of the Next.js example's store: its SQLite file (read-only
 * connections), or its PostgreSQL database (through `psql`) when `database` is a `postgres://` URL.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { findPostgresBin } from './postgres-server.js';

/** A checklist row as a person reads it. */
export interface Row {
  content: string;
  status: string;
}

export interface StoredPart {
  type: string;
  [key: string]: unknown;
}

export interface StoredChat {
  exists: boolean;
  messages: { id: string; role: string; parts: StoredPart[] }[];
  todos: Row[];
  /** The turn of the answer holding the chat, or `null`. */
  answering: string | null;
  /** The workflow run of that answer, or `null`. */
  runId: string | null;
}

/** The rows as one comparable string. */
export const keyOf = (rows: readonly Row[]): string =>
  JSON.stringify(rows.map(({ content, status }) => [content, status]));

/** A chat as the store holds it. */
export function readStore(database: string, chatId: string): StoredChat {
  const row = database.startsWith('postgres://') ? readPostgres(database, chatId) : readSqlite(database, chatId);
  return {
    exists: row !== undefined,
    messages: row === undefined ? [] : JSON.parse(row.messages),
    todos:
      row === undefined ? [] : (JSON.parse(row.todos) as Row[]).map(({ content, status }) => ({ content, status })),
    answering: row?.turn_id ?? null,
    runId: row?.run_id ?? null,
  };
}

interface ChatRow {
  messages: string;
  todos: string;
  turn_id: string | null;
  run_id: string | null;
}

const CHAT_QUERY =
  'SELECT c.messages, c.todos, a.turn_id, a.run_id FROM chats c LEFT JOIN chat_answers a ON a.chat_id = c.id WHERE c.id = ';

function readSqlite(path: string, chatId: string): ChatRow | undefined {
  // A server killed mid-write leaves a WAL to recover: whichever opens the file first (the restarted
  // server or this reader) holds it for a moment, and the other waits instead of failing as locked.
  const database = new DatabaseSync(path, { readOnly: true, timeout: 5000 });
  try {
    return database.prepare(`${CHAT_QUERY}?`).get(chatId) as ChatRow | undefined;
  } catch (error) {
    // The server makes its tables on first use.
    if (String(error).includes('no such table')) return undefined;
    throw error;
  } finally {
    database.close();
  }
}

function readPostgres(url: string, chatId: string): ChatRow | undefined {
  if (!/^[\w-]+$/.test(chatId)) throw new Error(`not a chat id: ${chatId}`);
  try {
    const out = queryPostgres(url, `SELECT row_to_json(r) FROM (${CHAT_QUERY}'${chatId}') r`);
    return out === '' ? undefined : (JSON.parse(out) as ChatRow);
  } catch (error) {
    if (String((error as { stderr?: unknown }).stderr).includes('does not exist')) return undefined;
    throw error;
  }
}

/** The one value `sql` returns, as `psql` prints it (`''` for no row). */
export function queryPostgres(url: string, sql: string): string {
  const bin = findPostgresBin();
  const psql = bin !== undefined && existsSync(join(bin, 'psql')) ? join(bin, 'psql') : 'psql';
  return execFileSync(psql, [url, '-X', '-q', '-t', '-A', '-c', sql], { encoding: 'utf8' }).trim();
}

/** How many step runs of workflow run `runId` the engine started again (a step started twice counts once). */
export function stepReruns(url: string, runId: string): number {
  if (!/^[\w-]+$/.test(runId)) throw new Error(`not a run id: ${runId}`);
  return Number(
    queryPostgres(
      url,
      `SELECT count(*) - count(DISTINCT correlation_id) FROM workflow.workflow_events
       WHERE run_id = '${runId}' AND type = 'step_started'`,
    ),
  );
}

/** Waits until no answer holds the chat (`timeoutMs` at most); `false` if one still does. */
export async function waitForIdle(database: string, chatId: string, timeoutMs = 120_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (readStore(database, chatId).answering === null) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/** A conversation without its ids: what two runs of the scripted agent must agree on. */
export function canonical(messages: StoredChat['messages']): string {
  return JSON.stringify(
    messages.map((message) => [
      message.role,
      message.parts.map((part) => {
        if (part.type === 'text') return ['text', part.text];
        if (part.type === 'tool-todo_write') return [part.type, part.state, part.input, part.output ?? part.errorText];
        return [part.type];
      }),
    ]),
  );
}

/** The todo_write parts of a stored conversation, in order. */
export const todoCalls = (messages: StoredChat['messages']): StoredPart[] =>
  messages.flatMap((message) => message.parts.filter((part) => part.type === 'tool-todo_write'));

/** The todo_write calls stored as accepted, by tool call id, with their input. */
export function acceptedCalls(messages: StoredChat['messages']): Map<string, unknown> {
  const accepted = todoCalls(messages).filter((part) => part.state === 'output-available');
  return new Map(accepted.map((part) => [part.toolCallId as string, part.input]));
}

/** The list of every accepted todo_write call, in order (keyed as {@link keyOf}). */
export const acceptedLists = (messages: StoredChat['messages']): string[] =>
  [...acceptedCalls(messages).values()].map((input) => keyOf((input as { todos: Row[] }).todos));

/** How many steps the stored answers hold. */
export const stepCount = (messages: StoredChat['messages']): number =>
  messages.reduce((sum, message) => sum + message.parts.filter((part) => part.type === 'step-start').length, 0);

/** The approval id of the call that waits for review, if one does. */
export function waitingApproval(stored: StoredChat): string | undefined {
  const waiting = todoCalls(stored.messages).find((part) => part.state === 'approval-requested');
  return (waiting?.approval as { id: string } | undefined)?.id;
}

/** Every approval id answered in a stored chat (one entry per answered call). */
export const answeredApprovals = (stored: StoredChat): string[] =>
  todoCalls(stored.messages)
    .filter((part) => part.approval !== undefined && part.state !== 'approval-requested')
    .map((part) => (part.approval as { id: string }).id);
