/**
 * Deterministic, stable row keys, so React never remounts a row while its text streams in
 * or when the same item comes back in the next call. Server and client compute the same keys.
 */
import type { TodoStatus } from './todo.js';
import { readTodoArray, readTodoEntry } from './sanitize-partial-todos.js';

/** One row of the checklist. */
export interface TodoItem {
  /** Stable React key: inherited from the last accepted list when the trimmed text matches, else `${toolCallId}:${index}`. */
  key: string;
  content: string;
  status: TodoStatus;
  /** A new item whose text may still grow: the last item of a streaming call, matching no earlier item. */
  streaming: boolean;
}

interface AcceptedIndex {
  byContent: Map<string, number[]>;
  trimmed: string[];
  keys: Set<string>;
}
const indexes = new WeakMap<readonly TodoItem[], AcceptedIndex>();

function indexOf(accepted: readonly TodoItem[]): AcceptedIndex {
  let index = indexes.get(accepted);
  if (!index) {
    const built: AcceptedIndex = { byContent: new Map(), trimmed: [], keys: new Set() };
    accepted.forEach((item, position) => {
      const trimmed = item.content.trim();
      built.trimmed.push(trimmed);
      const positions = built.byContent.get(trimmed);
      if (positions) positions.push(position);
      else built.byContent.set(trimmed, [position]);
      built.keys.add(item.key);
    });
    indexes.set(accepted, (index = built));
  }
  return index;
}

/**
 * What one placement saw and decided, per position of the call's `todos` array, so the next delta
 * of the same call can skip the unchanged items (everything but the last one, usually).
 */
export interface TodoPlacement {
  toolCallId: string;
  accepted: readonly TodoItem[];
  contents: unknown[];
  statuses: unknown[];
  rows: (TodoItem | undefined)[];
  /** The accepted position an item claimed by exact text, else -1. */
  claims: number[];
}

/**
 * Places a call's items against the last accepted list:
 * 1. an item whose trimmed text equals an unclaimed accepted item takes its key (and its status
 *    while its own has not arrived); duplicates claim one accepted item each, in order;
 * 2. the streaming item whose text is a prefix of an unclaimed accepted item takes it tentatively;
 *    while it streams, a matched item shows the accepted text (they agree so far), so a re-sent
 *    list is neither remounted nor retyped: only status changes render;
 * 3. any other item is keyed `${toolCallId}:${index}`, index being its position in the call, and
 *    is `streaming` while it is the last item and its text may grow.
 * With `isPartial`, the accepted items nobody claimed follow, unchanged (same objects, so their rows
 * do not re-render): the list never shrinks mid-stream and no item shows twice.
 * `memo`, the placement of the previous delta of the same call, lets unchanged items be reused.
 */
export function placeTodos(
  input: unknown,
  accepted: readonly TodoItem[],
  toolCallId: string,
  isPartial: boolean,
  memo?: TodoPlacement,
): { todos: TodoItem[]; placement: TodoPlacement } {
  const { byContent, trimmed, keys } = indexOf(accepted);
  const todos = readTodoArray(input, isPartial);
  const last = todos.length - 1;
  const placement: TodoPlacement = { toolCallId, accepted, contents: [], statuses: [], rows: [], claims: [] };
  const claimed: boolean[] = [];
  const rows: TodoItem[] = [];
  let reuse = 0;
  if (memo && memo.toolCallId === toolCallId && memo.accepted === accepted) {
    // The memo's last item may have been partial: never reuse it.
    const limit = Math.min(last, memo.contents.length - 1);
    while (reuse < limit) {
      const item = todos[reuse] as { content?: unknown; status?: unknown } | null;
      if (item === null || typeof item !== 'object' || item.content !== memo.contents[reuse] || item.status !== memo.statuses[reuse]) break;
      reuse++;
    }
    for (let index = 0; index < reuse; index++) {
      const claim = memo.claims[index]!;
      if (claim >= 0) claimed[claim] = true;
      const row = memo.rows[index];
      if (row) rows.push(row);
    }
    placement.contents = memo.contents.slice(0, reuse);
    placement.statuses = memo.statuses.slice(0, reuse);
    placement.rows = memo.rows.slice(0, reuse);
    placement.claims = memo.claims.slice(0, reuse);
  }
  for (let index = reuse; index <= last; index++) {
    const item = todos[index] as { content?: unknown; status?: unknown } | null;
    placement.contents.push(item?.content);
    placement.statuses.push(item?.status);
    const entry = readTodoEntry(item, index, isPartial && index === last);
    let position = entry ? byContent.get(entry.trimmed)?.find((candidate) => !claimed[candidate]) : undefined;
    placement.claims.push(position ?? -1);
    if (!entry) {
      placement.rows.push(undefined);
      continue;
    }
    if (position !== undefined) claimed[position] = true;
    else if (entry.streaming) {
      position = trimmed.findIndex((text, candidate) => !claimed[candidate] && text.startsWith(entry.trimmed));
      if (position < 0) position = undefined;
      else claimed[position] = true;
    }
    const match = position === undefined ? undefined : accepted[position];
    let row: TodoItem;
    if (match) {
      // Text that agrees so far with an old item shows as that item: a re-sent row is not retyped.
      const content = entry.streaming ? match.content : entry.content;
      const status = entry.status ?? match.status;
      row = content === match.content && status === match.status ? match : { key: match.key, content, status, streaming: false };
    } else {
      let key = `${toolCallId}:${index}`;
      while (keys.has(key)) key += "'";
      row = { key, content: entry.content, status: entry.status ?? 'pending', streaming: entry.streaming };
    }
    placement.rows.push(row);
    rows.push(row);
  }
  if (isPartial) {
    accepted.forEach((item, position) => {
      if (!claimed[position]) rows.push(item);
    });
  }
  return { todos: rows, placement };
}
