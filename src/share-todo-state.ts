/**
 * Structural sharing with the previous state: `@ai-sdk/react` hands over new part objects on
 * every delta, so identity is rebuilt here from values. Rows memoized on item objects then
 * re-render only when what they show changed.
 */
import { countTodos } from './todo.js';
import type { TodoItem } from './todo-keys.js';
import type { TodoState } from './select-todo-state.js';

const byKeyCache = new WeakMap<readonly TodoItem[], Map<string, TodoItem>>();

function byKey(todos: readonly TodoItem[]): Map<string, TodoItem> {
  let map = byKeyCache.get(todos);
  if (!map) {
    map = new Map(todos.map((item) => [item.key, item]));
    byKeyCache.set(todos, map);
  }
  return map;
}

function isSameItem(a: TodoItem | undefined, b: TodoItem): a is TodoItem {
  return a === b || (a !== undefined && a.key === b.key && a.content === b.content && a.status === b.status && a.streaming === b.streaming);
}

/** The state without its counts, as the derivation builds it. */
export type UncountedTodoState = Omit<TodoState, 'counts'> & Partial<Pick<TodoState, 'counts'>>;

/**
 * Counts `next` and returns it with unchanged items (and, when nothing changed, the whole state)
 * taken from `previous`. Items are looked up at the same position first, by key only when moved.
 */
export function shareTodoState(next: UncountedTodoState, previous: TodoState | undefined): TodoState {
  const previousTodos = previous?.todos;
  let todos = next.todos;
  if (previousTodos && todos !== previousTodos) {
    let sameList = todos.length === previousTodos.length;
    let shared: TodoItem[] | undefined;
    for (let index = 0; index < todos.length; index++) {
      const item = todos[index]!;
      let old = previousTodos[index];
      if (!isSameItem(old, item)) {
        sameList = false;
        // Same key at the same place but other values: the item changed. Else it may have moved.
        if (previousTodos[index]?.key === item.key) continue;
        old = byKey(previousTodos).get(item.key);
        if (!isSameItem(old, item)) continue;
      }
      if (old !== item) (shared ??= todos.slice())[index] = old;
    }
    todos = sameList ? previousTodos : (shared ?? todos);
  }
  let counts = next.counts && todos === next.todos ? next.counts : countTodos(todos);
  if (previous) {
    const old = previous.counts;
    if (counts.pending === old.pending && counts.in_progress === old.in_progress && counts.completed === old.completed) counts = old;
  }
  if (
    previous &&
    todos === previous.todos &&
    next.phase === previous.phase &&
    next.error === previous.error &&
    next.rejection === previous.rejection &&
    next.toolCallId === previous.toolCallId
  ) {
    return previous;
  }
  return { ...next, todos, counts } as TodoState;
}
