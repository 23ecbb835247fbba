/** What one update did to the list: tasks added, removed, and the status changes of the rest. */
import { matchTodoTexts } from './match-todo-texts.js';
import type { Todo, TodoRowStatus } from './todo.js';

export type TodoStatusChange = 'started' | 'completed' | 'reopened' | 'cancelled';

/** What one update did, each kind a list of the lists' own tasks: `removed` in old order, the rest in new order. */
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

/** The news in a status change; `undefined` when there is none (same status, or `in_progress` back to `pending`). */
export function todoChangeOf(before: TodoRowStatus, after: TodoRowStatus): TodoStatusChange | undefined {
  if (before === after) return undefined;
  if (after === 'cancelled') return 'cancelled';
  if (before === 'completed' || before === 'cancelled') return 'reopened';
  if (after === 'completed') return 'completed';
  return after === 'in_progress' && before !== 'in_progress' ? 'started' : undefined;
}

/** Pairs the tasks of two lists by trimmed text, as rows do; a non-array is empty, text-less entries are ignored. */
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
