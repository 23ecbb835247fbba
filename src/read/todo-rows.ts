/** A call's tasks laid over the plan before it: each row's key, what changed, which rows are still to come. */
import { todoChangeOf } from '../plan/todo-changes.js';
import type { TodoChanges } from '../plan/todo-changes.js';
import { taskTextOf } from '../plan/match-todo-texts.js';
import { isSameValue } from '../plan/same-value.js';
import type { ParsedTodo } from '../plan/parse-todos.js';
import type { Row } from '../plan/todo-row.js';
import type { TodoRowStatus } from '../plan/todo-statuses.js';

// Shared by every selector and handed to callers: frozen, so no caller can change another's rows.
export const NO_ROWS: readonly Row[] = Object.freeze([]);

function row(item: ParsedTodo, key: string, status: TodoRowStatus, change: keyof TodoChanges | undefined): Row {
  const { content, activeForm } = item;
  return activeForm === undefined
    ? { key, content, status, streaming: false, change }
    : { key, content, status, activeForm, streaming: false, change };
}

/** `${prefix}:${id}`, or `${prefix}2:${id}` and on when a row of `rows` holds it (providers reuse call ids). */
export function freeKey(prefix: string, id: string, rows: readonly Row[]): string {
  const base = `${prefix}:${id}`;
  if (!rows.some((each) => each.key === base)) return base;
  const keys = new Set(rows.map((each) => each.key));
  let copy = 2;
  while (keys.has(`${prefix}${copy}:${id}`)) copy += 1;
  return `${prefix}${copy}:${id}`;
}

/**
 * Places a call's tasks over the plan before it: a task matched by text keeps the old row's status (and present tense)
 * until its own arrives whole; while `isPartial`, the old rows not matched yet follow as they were (the list never
 * shrinks mid-call), and a growing last task that could still become one of them waits. Once the call is whole the
 * rows it dropped are `removed`.
 */
export interface RowPlacer {
  place(
    items: readonly ParsedTodo[],
    before: readonly Row[],
    toolCallId: string,
    isPartial: boolean,
  ): { todos: Row[]; removed: Row[] };
  /** The items last placed: the parser reuses those that read the same. */
  readonly items: readonly ParsedTodo[] | undefined;
}

/** What a placer settled for one call over one list of rows. */
interface Settled {
  before: readonly Row[];
  toolCallId: string;
  isPartial: boolean;
  /** The settled items placed, and their rows and matches: reused while the next items are the same objects. */
  items: ParsedTodo[];
  rows: Row[];
  matches: (number | undefined)[];
  /** Per position of `before`: whether a settled item took it. */
  claimed: boolean[];
  /** The positions of `before` by task text. */
  positions: Map<string, number[]>;
  parsed: readonly ParsedTodo[];
}

/**
 * A placer owned by one view: while a call streams, the items before the growing one are the same objects from
 * delta to delta (the parser reuses what reads the same), so their rows and matches are reused and a delta places
 * only the changed tail. Anything else (another call, other rows before it) starts over.
 */
export function createRowPlacer(): RowPlacer {
  let last: Settled | undefined;
  return {
    get items() {
      return last?.parsed;
    },
    place(items, before, toolCallId, isPartial) {
      const final = items.at(-1);
      const growing = isPartial && final?.isGrowing ? final : undefined;
      const count = growing ? items.length - 1 : items.length;
      const settled =
        last && last.before === before && last.toolCallId === toolCallId && last.isPartial === isPartial
          ? last
          : startOver(before, toolCallId, isPartial);
      let reused = 0;
      const limit = Math.min(count, settled.items.length);
      while (reused < limit && settled.items[reused] === items[reused]) reused += 1;
      if (reused < settled.items.length) rollBack(settled, reused);
      for (let at = reused; at < count; at++) placeItem(settled, items[at]!, at);
      settled.rows.length = count;
      settled.parsed = items;
      last = settled;

      const todos = settled.rows.slice();
      // A growing last task that starts an unmatched old task waits, so a re-sent task is never retyped.
      const hides =
        growing &&
        before.some((old, position) => !settled.claimed[position] && taskTextOf(old.content).startsWith(growing.text));
      if (growing && !hides)
        todos.push({
          ...row(growing, newKey(toolCallId, count, before), growing.status ?? 'pending', 'added'),
          streaming: true,
        });
      const removed: Row[] = [];
      before.forEach((old, position) => {
        if (settled.claimed[position]) return;
        if (isPartial) todos.push(old);
        else removed.push({ ...old, change: 'removed' });
      });
      return { todos, removed };
    },
  };
}

function startOver(before: readonly Row[], toolCallId: string, isPartial: boolean): Settled {
  const positions = new Map<string, number[]>();
  before.forEach((old, position) => {
    const text = taskTextOf(old.content);
    const list = positions.get(text);
    if (list) list.push(position);
    else positions.set(text, [position]);
  });
  const claimed = before.map(() => false);
  return { before, toolCallId, isPartial, items: [], rows: [], matches: [], claimed, positions, parsed: [] };
}

function rollBack(settled: Settled, length: number): void {
  for (let at = length; at < settled.matches.length; at++) {
    const position = settled.matches[at];
    if (position !== undefined) settled.claimed[position] = false;
  }
  settled.items.length = length;
  settled.matches.length = length;
}

/**
 * Places settled item `at`: a task matched by text (the first old task with it not taken yet) keeps the old row's
 * key, and its status and present tense until its own arrive whole.
 */
function placeItem(settled: Settled, item: ParsedTodo, at: number): void {
  const { before, isPartial } = settled;
  const position = settled.positions.get(item.text)?.find((each) => !settled.claimed[each]);
  settled.items.push(item);
  settled.matches.push(position);
  let placed: Row;
  if (position === undefined)
    placed = row(item, newKey(settled.toolCallId, at, before), item.status ?? 'pending', 'added');
  else {
    settled.claimed[position] = true;
    const old = before[position]!;
    const status = item.status ?? (isPartial ? old.status : 'pending');
    const kept = isPartial && item.activeForm === undefined ? { ...item, activeForm: old.activeForm } : item;
    placed = row(kept, old.key, status, todoChangeOf(old.status, status));
  }
  // The row placed here before stays when it reads the same (a status written whole that was read as pending).
  const previous = settled.rows[at];
  settled.rows[at] = previous !== undefined && isSameValue(previous, placed) ? previous : placed;
}

/** The key of a task that call `toolCallId` adds at `index`: its row's for good, from its first character on. */
function newKey(toolCallId: string, index: number, before: readonly Row[]): string {
  return freeKey('task', `${toolCallId}:${index}`, before);
}
