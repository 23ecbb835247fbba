/**
 * Deterministic, stable row keys, so React never remounts a row while its text streams in
 * or when the same item comes back in the next call. Server and client compute the same keys.
 */
import { readTodoArray } from './read-todo-array.js';
import { isTodoStatus, type TodoStatus } from './todo.js';

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
  /** Accepted positions by trimmed text. */
  byContent: Map<string, number[]>;
  trimmed: string[];
  keys: Set<string>;
}
const indexes = new WeakMap<readonly TodoItem[], AcceptedIndex>();

function indexOf(accepted: readonly TodoItem[]): AcceptedIndex {
  let index = indexes.get(accepted);
  if (!index) {
    const trimmed = accepted.map((item) => item.content.trim());
    const byContent = new Map<string, number[]>();
    trimmed.forEach((text, position) => {
      const positions = byContent.get(text);
      if (positions) positions.push(position);
      else byContent.set(text, [position]);
    });
    indexes.set(accepted, (index = { byContent, trimmed, keys: new Set(accepted.map((item) => item.key)) }));
  }
  return index;
}

/** What a placement saw and decided at one position of the call's `todos` array. */
interface PlacedItem {
  content: unknown;
  status: unknown;
  /** The row shown for it, if any. */
  row: TodoItem | undefined;
  /** The accepted position it claimed by exact text, else -1. */
  claim: number;
}

/**
 * What one placement saw and decided, per position of the call's `todos` array, so the next delta
 * of the same call can skip the unchanged items (everything but the last one, usually).
 */
export interface TodoPlacement {
  toolCallId: string;
  accepted: readonly TodoItem[];
  items: PlacedItem[];
}

/**
 * Places a call's items against the last accepted list:
 * 1. an item with no text yet (`{}`, `""`, only spaces) is not shown; a `status` counts only when it
 *    is exactly one of the three values (the SDK hands over cut-off values such as `"in_progr"`);
 * 2. an item whose trimmed text equals an unclaimed accepted item takes its key (and its status
 *    while its own has not arrived); duplicates claim one accepted item each, in order;
 * 3. the streaming item (the last item of a partial input while `content` is its last key so far)
 *    whose text is a prefix of an unclaimed accepted item takes it tentatively; while it streams,
 *    a matched item shows the accepted text (they agree so far), so a re-sent list is neither
 *    remounted nor retyped: only status changes render;
 * 4. any other item is keyed `${toolCallId}:${index}`, index being its position in the call, and
 *    is `streaming` while it is the streaming item.
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
  const todos = readTodoArray(input) ?? [];
  const last = todos.length - 1;
  const claimed: boolean[] = [];
  let items: PlacedItem[] = [];
  if (memo?.toolCallId === toolCallId && memo.accepted === accepted) {
    // The memo's last item may have been partial: never reuse it.
    const limit = Math.min(last, memo.items.length - 1);
    let reuse = 0;
    while (reuse < limit) {
      const item = todos[reuse] as { content?: unknown; status?: unknown } | null;
      if (item?.content !== memo.items[reuse]!.content || item?.status !== memo.items[reuse]!.status) break;
      reuse++;
    }
    items = memo.items.slice(0, reuse);
    for (const { claim } of items) if (claim >= 0) claimed[claim] = true;
  }
  for (let index = items.length; index <= last; index++) {
    const item = todos[index] as { content?: unknown; status?: unknown } | null | undefined;
    const { content, status } = item ?? {};
    const text = typeof content === 'string' ? content.trim() : '';
    const streaming = !!text && isPartial && index === last && Object.keys(item!).at(-1) === 'content';
    const claim = text ? (byContent.get(text)?.find((position) => !claimed[position]) ?? -1) : -1;
    const position =
      claim < 0 && streaming ? trimmed.findIndex((candidate, at) => !claimed[at] && candidate.startsWith(text)) : claim;
    if (position >= 0) claimed[position] = true;
    const match = accepted[position];
    let row: TodoItem | undefined; // none while the item has no text (then it claimed nothing either)
    if (match) {
      // Text that agrees so far with an old item shows as that item: a re-sent row is not retyped.
      const shown = streaming ? match.content : (content as string);
      const shownStatus = isTodoStatus(status) ? status : match.status;
      row =
        shown === match.content && shownStatus === match.status
          ? match
          : { key: match.key, content: shown, status: shownStatus, streaming: false };
    } else if (text) {
      let key = `${toolCallId}:${index}`;
      while (keys.has(key)) key += "'";
      row = { key, content: content as string, status: isTodoStatus(status) ? status : 'pending', streaming };
    }
    items.push({ content, status, row, claim });
  }
  const rows: TodoItem[] = [];
  for (const { row } of items) if (row) rows.push(row);
  if (isPartial) accepted.forEach((item, position) => claimed[position] || rows.push(item));
  return { todos: rows, placement: { toolCallId, accepted, items } };
}
