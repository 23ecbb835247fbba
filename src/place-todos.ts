/**
 * Rows and their keys: how a call's items are laid over the list before it, so React never
 * remounts a row while its text streams in or when the same task comes back in the next call.
 * Server and client compute the same rows.
 */
import { todoChangeOf } from './diff-todos.js';
import type { ParsedTodo } from './parse-todos.js';
import type { TodoStatus } from './todo.js';

/**
 * What the newest call did to a row, compared with the list before it: `added` (a task that was
 * not there), `started` (now `in_progress`), `completed`, `reopened` (back from `completed`), or
 * `removed` (dropped by the call; only in `TodoState.removed`).
 */
export type TodoChange = 'added' | 'started' | 'completed' | 'reopened' | 'removed';

/** One row of the checklist: a task with a stable key. */
export interface TodoRow {
  /** Stable React key: inherited from the list before when the trimmed text matches, else `${toolCallId}:${index}`. */
  key: string;
  content: string;
  status: TodoStatus;
  /** A new task whose text is still being written. */
  streaming: boolean;
  /** What the call on screen did to this task; `undefined` when it left the task as it was. */
  change?: TodoChange | undefined;
}

/** The rows of an accepted list, indexed for placing the next call over them (built once per list). */
export interface TodoRowIndex {
  rows: readonly TodoRow[];
  /** Each row's trimmed text. */
  texts: readonly string[];
  /** Row positions by trimmed text, in order. */
  positionsByText: ReadonlyMap<string, readonly number[]>;
  keys: ReadonlySet<string>;
  /** The keys of new rows laid over these rows, per call and position (a pure function of both). */
  newKeys: Map<string, string[]>;
}

/** Indexes `rows` for {@link placeTodos}. */
export function indexTodoRows(rows: readonly TodoRow[]): TodoRowIndex {
  const texts = rows.map((row) => row.content.trim());
  const positionsByText = new Map<string, number[]>();
  texts.forEach((text, position) => {
    const positions = positionsByText.get(text);
    if (positions) positions.push(position);
    else positionsByText.set(text, [position]);
  });
  return { rows, texts, positionsByText, keys: new Set(rows.map((row) => row.key)), newKeys: new Map() };
}

/** A call's items laid over the list before it. */
export interface TodoPlacement {
  /** The rows, in order. */
  todos: TodoRow[];
  /** Rows of the list before that the (complete) call dropped, with `change: 'removed'`. */
  removed: TodoRow[];
}

/**
 * Lays a call's items over `before`, the rows of the last accepted list:
 * 1. an item whose trimmed text equals an unclaimed row of `before` takes that row's key; duplicates
 *    claim one row each, in order. While its own status is incomplete it keeps the row's status.
 * 2. a growing item (its text may still become longer) whose text starts an unclaimed row of
 *    `before` is not shown yet: that row stays where it is, so a re-sent task is never retyped and
 *    a new task sharing its first words never borrows an old row's text.
 * 3. any other item is a new row keyed `${toolCallId}:${index}`.
 * With `isPartial`, the unclaimed rows of `before` follow, unchanged (with the change of the call that
 * wrote them): the list never shrinks and no task shows twice while a call streams. Otherwise they are `removed`.
 * `previous`, the rows of the last placement of the same view, are taken where they show the same values
 * (checked), and the index keeps the new keys made per call: the next delta of a call allocates only the
 * row that changed.
 */
export function placeTodos(
  items: readonly ParsedTodo[],
  index: TodoRowIndex,
  toolCallId: string,
  isPartial: boolean,
  previous: readonly TodoRow[] = [],
): TodoPlacement {
  const { rows: before, texts, positionsByText } = index;
  const newKeys = index.newKeys.get(toolCallId) ?? [];
  index.newKeys.set(toolCallId, newKeys);
  const claimed: boolean[] = [];
  const todos: TodoRow[] = [];
  const push = (key: string, content: string, status: TodoStatus, streaming: boolean, change?: TodoChange) => {
    const last = previous[todos.length];
    const same =
      last?.key === key &&
      last.content === content &&
      last.status === status &&
      last.streaming === streaming &&
      last.change === change;
    todos.push(same ? last : { key, content, status, streaming, change });
  };
  items.forEach((item, at) => {
    if (item.isGrowing && texts.some((text, position) => !claimed[position] && text.startsWith(item.text))) return;
    const position = item.isGrowing
      ? undefined
      : positionsByText.get(item.text)?.find((candidate) => !claimed[candidate]);
    if (position === undefined) {
      let key = newKeys[at];
      if (key === undefined) {
        key = `${toolCallId}:${at}`;
        // A provider that reuses call ids (`call_0` every step) could repeat a key of the list before.
        while (index.keys.has(key)) key += "'";
        newKeys[at] = key;
      }
      push(key, item.content, item.status ?? 'pending', item.isGrowing, 'added');
      return;
    }
    claimed[position] = true;
    const old = before[position]!;
    const status = item.status ?? (isPartial ? old.status : 'pending');
    const change = todoChangeOf(old.status, status);
    if (old.content === item.content && old.status === status && old.change === change) todos.push(old);
    else push(old.key, item.content, status, false, change);
  });
  const removed: TodoRow[] = [];
  before.forEach((row, position) => {
    if (claimed[position]) return;
    // Left as they are (same objects, so their rows do not re-render) until the call reaches them.
    if (isPartial) todos.push(row);
    else removed.push({ ...row, change: 'removed' });
  });
  return { todos, removed };
}
