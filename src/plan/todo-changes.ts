/** What an update did to each task, in one table: every helper that diffs, announces or summarizes reads it. */
import { matchTodoTexts } from './match-todo-texts.js';
import { TODO_STATUSES, type Todo, type TodoRowStatus } from './todo-statuses.js';

/**
 * Every kind of change, in the order every text lists them, with its English verb. A status move is the
 * change of the status it enters (`started`, `completed`, `cancelled`, `blocked`), else of the status it
 * leaves for pending (`paused`, `unblocked`); a closed task (completed, cancelled) opening again is `reopened`.
 */
export const TODO_CHANGES = {
  completed: 'Completed',
  cancelled: 'Cancelled',
  blocked: 'Blocked',
  reopened: 'Reopened',
  unblocked: 'Unblocked',
  paused: 'Paused',
  added: 'Added',
  removed: 'Removed',
  started: 'Started',
} as const;

export const TODO_CHANGE_KINDS = Object.keys(TODO_CHANGES) as (keyof typeof TODO_CHANGES)[];

/**
 * What one update did: per kind (`added`, `removed`, or a status move, see `TODO_CHANGES`), the tasks it happened to
 * (`removed` from the old list, the rest from the new).
 */
export type TodoChanges<T extends Todo<TodoRowStatus> = Todo<TodoRowStatus>> = Record<keyof typeof TODO_CHANGES, T[]>;

/** The change a status move is; `undefined` when the status stayed. */
export function todoChangeOf(before: TodoRowStatus, after: TodoRowStatus): keyof typeof TODO_CHANGES | undefined {
  if (before === after) return undefined;
  const from: { closed: boolean; leaves?: keyof typeof TODO_CHANGES } = TODO_STATUSES[before];
  const to: { closed: boolean; enters?: keyof typeof TODO_CHANGES } = TODO_STATUSES[after];
  if (from.closed && !to.closed) return 'reopened';
  return to.enters ?? from.leaves;
}

/** No change of any kind. */
export function noTodoChanges<T extends Todo<TodoRowStatus>>(): TodoChanges<T> {
  const changes = {} as TodoChanges<T>;
  for (const kind of TODO_CHANGE_KINDS) changes[kind] = [];
  return changes;
}

/**
 * What turned `before` into `after`: tasks are the same task when their trimmed texts are equal (a renamed task
 * is removed, then added); entries without text are ignored, and anything but an array reads as empty.
 */
export function diffTodos<T extends Todo<TodoRowStatus>>(before: readonly T[], after: readonly T[]): TodoChanges<T> {
  const changes = noTodoChanges<T>();
  const old = tasksOf(before);
  const next = tasksOf(after);
  const matches = matchTodoTexts(
    old.map((task) => task.content),
    next.map((task) => task.content),
  );
  const matched = new Set(matches);
  next.forEach((task, at) => {
    const position = matches[at];
    const kind = position === undefined ? 'added' : todoChangeOf(old[position]!.status, task.status);
    if (kind) changes[kind].push(task);
  });
  old.forEach((task, position) => {
    if (!matched.has(position)) changes.removed.push(task);
  });
  return changes;
}

function tasksOf<T extends Todo<TodoRowStatus>>(list: readonly T[]): T[] {
  if (!Array.isArray(list)) return [];
  return (list as readonly unknown[]).filter(
    (task): task is T =>
      typeof task === 'object' &&
      task !== null &&
      typeof (task as T).content === 'string' &&
      (task as T).content.trim() !== '' &&
      Object.hasOwn(TODO_STATUSES, (task as T).status),
  );
}
