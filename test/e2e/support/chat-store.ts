/** What the end-to-end tests read of the Next.js example's SQLite store (read-only connections). */
import { DatabaseSync } from 'node:sqlite';

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
  activeStreamId: string | null;
}

/** The rows as one comparable string. */
export const keyOf = (rows: readonly Row[]): string =>
  JSON.stringify(rows.map(({ content, status }) => [content, status]));

/** A chat as the store holds it. */
export function readStore(databasePath: string, chatId: string): StoredChat {
  const database = new DatabaseSync(databasePath, { readOnly: true });
  try {
    const chat = database.prepare('SELECT messages, active_stream_id FROM chats WHERE id = ?').get(chatId) as
      | { messages: string; active_stream_id: string | null }
      | undefined;
    const todos = database.prepare('SELECT todos FROM todos WHERE chat_id = ?').get(chatId) as
      | { todos: string }
      | undefined;
    return {
      exists: chat !== undefined,
      messages: chat === undefined ? [] : JSON.parse(chat.messages),
      todos:
        todos === undefined
          ? []
          : (JSON.parse(todos.todos) as Row[]).map(({ content, status }) => ({ content, status })),
      activeStreamId: chat?.active_stream_id ?? null,
    };
  } finally {
    database.close();
  }
}

/** Waits until no answer holds the chat (`timeoutMs` at most); `false` if one still does. */
export async function waitForIdle(databasePath: string, chatId: string, timeoutMs = 120_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (readStore(databasePath, chatId).activeStreamId === null) return true;
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
