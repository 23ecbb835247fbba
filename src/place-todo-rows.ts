/** Lays a call's items over the last accepted rows: which keep their keys, which are new, which were dropped. */
import { todoChangeOf } from './diff-todos.js';
import { matchTodoTexts } from './match-todo-texts.js';
import type { ParsedTodo } from './parse-todos.js';
import type { TodoRowStatus } from './todo.js';
import type { TodoRow } from './todo-state.js';

type Row = TodoRow<TodoRowStatus>;

/** A matched item takes the row's key (and, while streaming, its status until its own arrives); others are new rows. */
export function placeTodoRows(
  items: readonly ParsedTodo[],
  before: readonly Row[],
  toolCallId: string,
  isPartial: boolean,
): { todos: Row[]; removed: Row[] } {
  const last = items.at(-1);
  const growing = last?.isGrowing ? last : undefined;
  const settled = growing ? items.slice(0, -1) : items;
  const matches = matchTodoTexts(
    before.map((row) => row.content),
    settled.map((item) => item.text),
  );
  const claimed = new Set(matches);
  let keys: Set<string> | undefined;
  const keysBefore = (): Set<string> => (keys ??= new Set(before.map((row) => row.key)));
  const todos: Row[] = settled.map((item, at) => {
    const position = matches[at];
    if (position === undefined) return newRow(item, toolCallId, at, keysBefore, false);
    const old = before[position]!;
    const status = item.status ?? (isPartial ? old.status : 'pending');
    const activeForm = item.activeForm ?? (isPartial ? old.activeForm : undefined);
    return {
      key: old.key,
      content: item.content,
      status,
      ...(activeForm === undefined ? {} : { activeForm }),
      streaming: false,
      change: todoChangeOf(old.status, status),
    };
  });
  // A growing last item that starts an unclaimed row waits, so a re-sent task is never retyped.
  const hides =
    growing && before.some((row, position) => !claimed.has(position) && row.content.trim().startsWith(growing.text));
  if (growing && !hides) todos.push(newRow(growing, toolCallId, settled.length, keysBefore, true));
  const removed: Row[] = [];
  before.forEach((row, position) => {
    if (claimed.has(position)) return;
    // The list never shrinks while a call streams: rows wait until the call reaches them.
    if (isPartial) todos.push(row);
    else removed.push({ ...row, change: 'removed' });
  });
  return { todos, removed };
}

function newRow(
  item: ParsedTodo,
  toolCallId: string,
  at: number,
  keysBefore: () => Set<string>,
  streaming: boolean,
): Row {
  // Providers that reuse call ids (`call_0` every step) could repeat a key of the list before.
  let key = `${toolCallId}:${at}`;
  const taken = keysBefore();
  while (taken.has(key)) key += "'";
  const { content, activeForm } = item;
  const status = item.status ?? 'pending';
  return { key, content, status, ...(activeForm === undefined ? {} : { activeForm }), streaming, change: 'added' };
}
