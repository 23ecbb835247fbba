/** What a call did, in words: the polite announcement of an update, and a call's one-line summary. */
import { noTodoChanges, TODO_CHANGE_KINDS, type TodoChanges } from '../plan/todo-changes.js';
import { cutLine, progressOf, type Todo, type TodoRowStatus } from '../plan/todo-statuses.js';
import type { AnyTodoState } from '../read/todo-state.js';
import { type ResolvedLabels, type TodoChangeLabels, type TodoLabels, withDefaults } from './todo-labels.js';

const MAX_ANNOUNCED_TASK_LENGTH = 80;
const MAX_SUMMARIZED_TASK_LENGTH = 40;
// Long enough for a problem's reason after the task it quotes; still bounds a runaway error text.
const MAX_SUMMARIZED_PROBLEM_LENGTH = 240;

/**
 * The status region's text after an accepted update: `changes` from `diffTodos(before, todos)`, in the order of the
 * change kinds, the task now in progress, then the counts. `labels`: some of `TodoChangeLabels` (default English).
 */
export function announceTodoChanges(
  changes: Partial<TodoChanges<Todo<TodoRowStatus>>>,
  todos: readonly Todo<TodoRowStatus>[],
  labels: Partial<TodoChangeLabels> = {},
): string {
  const text = withDefaults({ changes: labels }).changes;
  const list = Array.isArray(todos) ? todos : [];
  const name = (task: Todo<TodoRowStatus>): string => cutLine(task.content, MAX_ANNOUNCED_TASK_LENGTH);
  const sentences: string[] = [];
  const kind = updateKind(changes, list.length);
  if (kind === 'planned') sentences.push(text.planned(list.length));
  else if (kind === 'cleared') sentences.push(text.cleared);
  else
    for (const change of TODO_CHANGE_KINDS) {
      const tasks = changes[change] ?? [];
      if (change !== 'started' && tasks.length > 0) sentences.push(text[change](tasks.map(name)));
    }
  // The task just started (or new and already in progress) is said last, as what happens now.
  const started = changes.started ?? [];
  const current = started.length === 1 ? started[0] : changes.added?.find((task) => task.status === 'in_progress');
  if (started.length > 1) sentences.push(text.started(started.map(name)));
  else if (current) sentences.push(text.now(name(current)));
  if (sentences.length === 0) sentences.push(text.unchanged);
  const { completed, total } = progressOf(list);
  sentences.push(text.progress(completed, total));
  return sentences.join(' ');
}

/** What the call on screen did, read off the rows' `change` and the state's `removed`. */
export function rowChanges<T extends Todo<TodoRowStatus> & { change?: keyof TodoChanges | undefined }>(state: {
  todos: readonly T[];
  removed: readonly T[];
}): TodoChanges<T> {
  const changes = noTodoChanges<T>();
  changes.removed.push(...state.removed);
  for (const row of state.todos) if (row.change && row.change !== 'removed') changes[row.change].push(row);
  return changes;
}

/**
 * One line saying what a call did, from its state (`selectTodoState(messages, { toolCallId })`): its changes, the
 * first problem of a refused list and how many more, the person's reason, or that it waits or is under way.
 * `labels`: some of `TodoLabels` (default English).
 */
export function summarizeTodoCall(state: AnyTodoState, labels: Partial<TodoLabels> = {}): string {
  const text = withDefaults(labels);
  const call = state;
  switch (call.phase) {
    case 'empty':
      return '';
    case 'review':
      return text.reviewing;
    case 'streaming':
    case 'executing':
      return text.updating;
    case 'rejected': {
      const label = text[call.rejection];
      const first = call.problems?.[0]?.message ?? call.error;
      if (!first?.trim()) return label;
      const more = Math.max(0, (call.problems?.length ?? 1) - 1);
      const detail = cutLine(call.rejection === 'error' ? first.split('\n')[0]! : first, MAX_SUMMARIZED_PROBLEM_LENGTH);
      return `${label}: ${detail}${more > 0 ? ` (${text.more(more)})` : ''}`;
    }
    case 'accepted': {
      const summary = summarizeAccepted(call, text);
      return call.edited ? text.changes.callEdited(summary) : summary;
    }
  }
}

/** What an accepted call did to the plan, in one line. */
function summarizeAccepted(call: AnyTodoState, text: ResolvedLabels): string {
  const changes = rowChanges(call);
  const kind = updateKind(changes, call.todos.length);
  if (kind === 'planned') return text.changes.callPlanned(call.todos.length);
  if (kind === 'cleared') return text.changes.callCleared;
  const clauses: string[] = [];
  for (const change of TODO_CHANGE_KINDS) {
    const tasks = changes[change];
    if (tasks.length === 0) continue;
    const clause =
      text.changes[`call${change.charAt(0).toUpperCase()}${change.slice(1)}` as `call${Capitalize<keyof TodoChanges>}`];
    clauses.push(clause(tasks.map((task) => cutLine(task.content, MAX_SUMMARIZED_TASK_LENGTH))));
  }
  return clauses.length === 0 ? text.changes.callUnchanged : text.changes.callJoin(clauses);
}

/** The default announcement of a state: what the accepted update did, that the plan waits, or the rejection's label. */
export function announceTodoState(state: AnyTodoState, labels: TodoLabels): string {
  if (state.phase === 'rejected') return labels[state.rejection];
  if (state.phase === 'review') return labels.reviewing;
  return announceTodoChanges(rowChanges(state), state.todos, labels.changes);
}

/** The old length follows from the changes: every old task is either matched or removed. */
function updateKind(
  changes: Partial<TodoChanges<Todo<TodoRowStatus>>>,
  length: number,
): 'planned' | 'cleared' | 'update' {
  const before = length - (changes.added?.length ?? 0) + (changes.removed?.length ?? 0);
  if (before === 0 && length > 0) return 'planned';
  return length === 0 && before > 0 ? 'cleared' : 'update';
}
