import { matchTodoTexts } from './match-todo-texts.js';
import type { Todo, TodoRowStatus } from './todo.js';

/** What an update did to a task that is in both lists: started, completed, reopened, or cancelled. */
export type TodoStatusChange = 'started' | 'completed' | 'reopened' | 'cancelled';

/**
 * What one update did to the list, each kind a list of tasks: `added` and the status changes in the
 * order of the new list, `removed` in the order of the old one. Tasks are the lists' own objects.
 */
export interface TodoChanges<T extends Todo<TodoRowStatus> = Todo> {
  /** Tasks of the new list that match none of the old one, whatever their status. */
  added: T[];
  /** Tasks of the old list that the new one no longer has (a renamed task is removed, then added). */
  removed: T[];
  /** Tasks now `in_progress` that were not before (and were not `completed`). */
  started: T[];
  /** Tasks now `completed` that were not before. */
  completed: T[];
  /** Tasks that were `completed` (or `cancelled`) and no longer are. */
  reopened: T[];
  /** Tasks now `cancelled` that were not before (only tools whose shape has the status write it). */
  cancelled?: T[];
}

/**
 * What a task's status change means: to `cancelled` is `'cancelled'`, back from `completed` or
 * `cancelled` is `'reopened'`, to `completed` is `'completed'`, to `in_progress` is `'started'`;
 * `undefined` when nothing changed that a reader would call news (same status, or back from
 * `in_progress` to `pending`).
 */
export function todoChangeOf(before: TodoRowStatus, after: TodoRowStatus): TodoStatusChange | undefined {
  if (before === after) return undefined;
  if (after === 'cancelled') return 'cancelled';
  if (before === 'completed' || before === 'cancelled') return 'reopened';
  if (after === 'completed') return 'completed';
  return after === 'in_progress' && before !== 'in_progress' ? 'started' : undefined;
}

/**
 * Compares two versions of the list, matching tasks by trimmed text, as the checklist's rows do:
 * each task of `after` matches the first task of `before` with the same trimmed text that no
 * earlier task of `after` matched (so duplicates pair up in order). Unmatched tasks of `after` are
 * `added`, unmatched tasks of `before` are `removed`, and a matched pair is `started`, `completed`
 * or `reopened` by {@link todoChangeOf}. Pure and total: a non-array reads as an empty list, and
 * entries without text (not an object, no string `content`, only spaces) are ignored.
 */
export function diffTodos<T extends Todo<TodoRowStatus>>(before: readonly T[], after: readonly T[]): TodoChanges<T> {
  const changes: TodoChanges<T> = { added: [], removed: [], started: [], completed: [], reopened: [] };
  const old = tasksOf(before);
  const next = tasksOf(after);
  const matches = matchTodoTexts(
    old.map(([text]) => text),
    next.map(([text]) => text),
  );
  const matched = new Set(matches);
  next.forEach(([, task], at) => {
    const position = matches[at];
    if (position === undefined) {
      changes.added.push(task);
      return;
    }
    const change = todoChangeOf(old[position]![1].status, task.status);
    if (change === 'cancelled') changes.cancelled ??= [];
    if (change) changes[change]!.push(task);
  });
  old.forEach(([, task], position) => {
    if (!matched.has(position)) changes.removed.push(task);
  });
  return changes;
}

/** The tasks of a list with their trimmed text, skipping entries that have no text. */
function tasksOf<T extends Todo<TodoRowStatus>>(list: readonly T[]): [string, T][] {
  const tasks: [string, T][] = [];
  if (!Array.isArray(list)) return tasks;
  for (const task of list as readonly unknown[]) {
    const content = typeof task === 'object' && task !== null ? (task as { content?: unknown }).content : undefined;
    const text = typeof content === 'string' ? content.trim() : '';
    if (text) tasks.push([text, task as T]);
  }
  return tasks;
}
