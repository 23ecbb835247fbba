/**
 * Structural sharing with the previous state: `@ai-sdk/react` hands over new part objects on
 * every delta, so identity is rebuilt here from values. Rows memoized on item objects then
 * re-render only when what they show changed.
 */
import { countTodos, TODO_STATUSES } from './todo.js';
import type { TodoItem } from './todo-keys.js';
import type { TodoState } from './select-todo-state.js';

const byKeyCache = new WeakMap<readonly TodoItem[], Map<string, TodoItem>>();

function byKey(todos: readonly TodoItem[]): Map<string, TodoItem> {
  let map = byKeyCache.get(todos);
  if (!map) byKeyCache.set(todos, (map = new Map(todos.map((item) => [item.key, item]))));
  return map;
}

const isSameItem = (a: TodoItem | undefined, b: TodoItem): a is TodoItem =>
  a?.key === b.key && a.content === b.content && a.status === b.status && a.streaming === b.streaming;

/** The state without its counts, as the derivation builds it. */
export type UncountedTodoState = Omit<TodoState, 'counts'>;

/**
 * Counts `next` and returns it with unchanged items (and, when nothing changed, the whole state)
 * taken from `previous`. Items are looked up at the same position first, by key only when moved.
 */
export function shareTodoState(next: UncountedTodoState, previous: TodoState | undefined): TodoState {
  if (!previous) return { ...next, counts: countTodos(next.todos) } as TodoState;
  const old = previous.todos;
  let todos: readonly TodoItem[] = next.todos;
  if (todos !== old) {
    let copy: TodoItem[] | undefined;
    todos.forEach((item, index) => {
      const same = old[index]?.key === item.key ? old[index] : byKey(old).get(item.key);
      if (same !== item && isSameItem(same, item)) (copy ??= todos.slice())[index] = same;
    });
    todos = copy ?? todos;
    if (todos.length === old.length && todos.every((item, index) => item === old[index])) todos = old;
  }
  const counts = countTodos(todos);
  const sameCounts = TODO_STATUSES.every((status) => counts[status] === previous.counts[status]);
  if (
    todos === old &&
    next.phase === previous.phase &&
    next.error === previous.error &&
    next.rejection === previous.rejection &&
    next.toolCallId === previous.toolCallId
  ) {
    return previous;
  }
  return { ...next, todos, counts: sameCounts ? previous.counts : counts } as TodoState;
}
