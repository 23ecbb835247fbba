/**
 * Structural sharing with the last result: a selector hands back the same state, and the same row
 * objects, while what they show is equal, so memoized rows skip rendering whatever the messages were.
 */
import type { TodoRow } from './place-todos.js';
import type { TodoState } from './todo-state.js';

/** `next`, with the row objects (and, when nothing changed, the whole state) of `previous` where their values are equal. */
export function shareTodoState(next: TodoState, previous: TodoState | undefined): TodoState {
  if (!previous) return next;
  const todos = shareRows(next.todos, previous.todos);
  const removed = shareRows(next.removed, previous.removed);
  const counts =
    next.counts.pending === previous.counts.pending &&
    next.counts.in_progress === previous.counts.in_progress &&
    next.counts.completed === previous.counts.completed
      ? previous.counts
      : next.counts;
  if (
    todos === previous.todos &&
    removed === previous.removed &&
    next.phase === previous.phase &&
    next.toolCallId === previous.toolCallId &&
    next.error === previous.error &&
    next.rejection === previous.rejection &&
    next.live === previous.live
  ) {
    return previous;
  }
  return { ...next, todos, removed, counts };
}

function isSameRow(a: TodoRow | undefined, b: TodoRow): a is TodoRow {
  return (
    a !== undefined &&
    a.key === b.key &&
    a.content === b.content &&
    a.status === b.status &&
    a.streaming === b.streaming &&
    a.change === b.change
  );
}

/** Rows are looked up at the same position first, by key only when they moved. */
function shareRows(next: readonly TodoRow[], old: readonly TodoRow[]): readonly TodoRow[] {
  if (next === old) return old;
  let oldByKey: Map<string, TodoRow> | undefined;
  let isSameList = next.length === old.length;
  const rows = next.map((row, index) => {
    let candidate = old[index];
    if (candidate?.key !== row.key) {
      oldByKey ??= new Map(old.map((each) => [each.key, each]));
      candidate = oldByKey.get(row.key);
    }
    const kept = isSameRow(candidate, row) ? candidate : row;
    if (kept !== old[index]) isSameList = false;
    return kept;
  });
  return isSameList ? old : rows;
}
