/**
 * Structural sharing with the last result: a selector hands back the same state, and the same row
 * objects, while what they show is equal, so memoized rows skip rendering whatever the messages were.
 */
import type { TodoRow } from './place-todos.js';
import { countTodos, TODO_STATUSES } from './todo.js';
import type { TodoState } from './todo-state.js';

/** `next`, with the row objects (and, when nothing changed, the whole state) of `previous` where their values are equal. */
export function shareTodoState(next: Omit<TodoState, 'counts'>, previous: TodoState | undefined): TodoState {
  const todos = previous ? shareRows(next.todos, previous.todos) : next.todos;
  const removed = previous ? shareRows(next.removed, previous.removed) : next.removed;
  if (
    previous &&
    todos === previous.todos &&
    removed === previous.removed &&
    next.phase === previous.phase &&
    next.toolCallId === previous.toolCallId &&
    next.approvalId === previous.approvalId &&
    next.error === previous.error &&
    next.rejection === previous.rejection &&
    next.live === previous.live
  ) {
    return previous;
  }
  const counted = countTodos(todos);
  const counts =
    previous && TODO_STATUSES.every((status) => counted[status] === previous.counts[status])
      ? previous.counts
      : counted;
  return { ...next, todos, removed, counts } as TodoState;
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
    const kept = candidate === row || isSameRow(candidate, row) ? candidate : row;
    if (kept !== old[index]) isSameList = false;
    return kept;
  });
  return isSameList ? old : rows;
}
