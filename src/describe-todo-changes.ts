/** What an update of the list did, in words: a polite announcement and a one-line summary per call, in labels. */
import type { TodoChanges } from './diff-todos.js';
import { progressOf, type Todo, type TodoRowStatus, toOneLine } from './todo.js';
import { readTodoProblems } from './validate-todos.js';

type TaskLike = Pick<Todo<TodoRowStatus>, 'content' | 'status'>;

export const MAX_ANNOUNCED_TASK_LENGTH = 80;
export const MAX_SUMMARIZED_TASK_LENGTH = 40;
const ANNOUNCED = ['completed', 'cancelled', 'reopened', 'added', 'removed'] as const;
const SUMMARIZED = [
  ['completed', 'callCompleted'],
  ['cancelled', 'callCancelled'],
  ['reopened', 'callReopened'],
  ['added', 'callAdded'],
  ['removed', 'callRemoved'],
  ['started', 'callStarted'],
] as const;
const MAX_SUMMARIZED_PROBLEM_LENGTH = 100;

/** The texts {@link announceTodoChanges} and {@link summarizeTodoCall} write; tasks come one-line, cut, unquoted. */
export interface TodoChangeLabels {
  /** Announced when the list was empty before. Default `` `Planned ${count} tasks.` `` (`1 task`). */
  planned: (count: number) => string;
  /** Announced when the update emptied the list. Default `'Cleared the list.'`. */
  cleared: string;
  /** Announced when the update changed nothing. Default `'No changes.'`. */
  unchanged: string;
  /** Tasks just completed. Default `'Completed: Write tests.'`, or `'Completed 3 tasks.'` for several. */
  completed: (tasks: readonly string[]) => string;
  /** Tasks just cancelled (tools with a `cancelled` status). Default `'Cancelled: Old step.'`, or `'Cancelled 2 tasks.'`. */
  cancelled?: (tasks: readonly string[]) => string;
  /** Tasks back from completed. Default `'Reopened: Write tests.'`, or `'Reopened 2 tasks.'`. */
  reopened: (tasks: readonly string[]) => string;
  /** New tasks. Default `'Added: Deploy.'`, or `'Added 2 tasks.'`. */
  added: (tasks: readonly string[]) => string;
  /** Dropped tasks. Default `'Removed: Old step.'`, or `'Removed 2 tasks.'`. */
  removed: (tasks: readonly string[]) => string;
  /** The task that just became the one in progress. Default `'Now: Run the suite.'`. */
  now: (task: string) => string;
  /** The counts after every announcement (`total` leaves cancelled tasks out). Default `` `${completed} of ${total} completed.` ``. */
  progress: (completed: number, total: number) => string;

  /** Summary of the first list after an empty one. Default `` `Planned ${count} tasks` `` (`1 task`). */
  callPlanned: (count: number) => string;
  /** Summary of a call that emptied the list. Default `'Cleared the list'`. */
  callCleared: string;
  /** Summary of a call that changed nothing. Default `'No changes'`. */
  callUnchanged: string;
  /** Clause for completed tasks. Default `"completed 'Write tests'"`, or `'completed 3 tasks'` for several. */
  callCompleted: (tasks: readonly string[]) => string;
  /** Clause for cancelled tasks. Default `"cancelled 'Old step'"`, or `'cancelled 2 tasks'`. */
  callCancelled?: (tasks: readonly string[]) => string;
  /** Clause for reopened tasks. Default `"reopened 'Write tests'"`, or `'reopened 2 tasks'`. */
  callReopened: (tasks: readonly string[]) => string;
  /** Clause for started tasks. Default `"started 'Run the suite'"`, or `'started 2 tasks'`. */
  callStarted: (tasks: readonly string[]) => string;
  /** Clause for new tasks. Default `"added 'Deploy'"`, or `'added 2 tasks'`. */
  callAdded: (tasks: readonly string[]) => string;
  /** Clause for dropped tasks. Default `"removed 'Old step'"`, or `'removed 2 tasks'`. */
  callRemoved: (tasks: readonly string[]) => string;
  /** Joins the clauses (completed, cancelled, reopened, added, removed, started). Default `'A, b and c'`. */
  callJoin: (clauses: readonly string[]) => string;
  /** A rejected call's first problem and how many more. Default `'Rejected: <problem> (+2 more)'`, or `'Rejected'`. */
  callRejected: (problem: string | undefined, more: number) => string;
  /** Summary of a call the person denied. Default `'Changes requested: <reason>'`, or `'Changes requested'`. */
  callDenied: (reason: string | undefined) => string;
  /** Summary of a call abandoned before it ran (the chat stopped). Default `'Stopped before it was saved'`. */
  callInterrupted: string;
}

export const DEFAULT_TODO_CHANGE_LABELS: TodoChangeLabels = {
  planned: (count) => `Planned ${tasks(count)}.`,
  cleared: 'Cleared the list.',
  unchanged: 'No changes.',
  completed: (names) => announce('Completed', names),
  cancelled: (names) => announce('Cancelled', names),
  reopened: (names) => announce('Reopened', names),
  added: (names) => announce('Added', names),
  removed: (names) => announce('Removed', names),
  now: (name) => sentence(`Now: ${name}`),
  progress: (completed, total) => `${completed} of ${total} completed.`,
  callPlanned: (count) => `Planned ${tasks(count)}`,
  callCleared: 'Cleared the list',
  callUnchanged: 'No changes',
  callCompleted: (names) => clause('completed', names),
  callCancelled: (names) => clause('cancelled', names),
  callReopened: (names) => clause('reopened', names),
  callStarted: (names) => clause('started', names),
  callAdded: (names) => clause('added', names),
  callRemoved: (names) => clause('removed', names),
  callJoin: (clauses) => {
    const line = clauses.length > 1 ? `${clauses.slice(0, -1).join(', ')} and ${clauses.at(-1)}` : (clauses[0] ?? '');
    return line.charAt(0).toUpperCase() + line.slice(1);
  },
  callRejected: (problem, more) =>
    problem === undefined ? 'Rejected' : `Rejected: ${problem}${more > 0 ? ` (+${more} more)` : ''}`,
  callDenied: (reason) => (reason === undefined ? 'Changes requested' : `Changes requested: ${reason}`),
  callInterrupted: 'Stopped before it was saved',
};

/** The status region's text after an accepted update: `changes` from `diffTodos(before, todos)`, partial `labels`. */
export function announceTodoChanges(
  changes: TodoChanges<TaskLike>,
  todos: readonly TaskLike[],
  labels: Partial<TodoChangeLabels> = {},
): string {
  const text = { ...DEFAULT_TODO_CHANGE_LABELS, ...labels } as Required<TodoChangeLabels>;
  const list = Array.isArray(todos) ? todos : [];
  const name = (task: TaskLike): string => cut(task.content, MAX_ANNOUNCED_TASK_LENGTH);
  const names = (kind: keyof TodoChanges): string[] => (changes[kind] ?? []).map(name);
  const sentences: string[] = [];
  const shape = shapeOf(changes, list.length);
  if (shape === 'planned') sentences.push(text.planned(list.length));
  else if (shape === 'cleared') sentences.push(text.cleared);
  else {
    for (const kind of ANNOUNCED) if (changes[kind]?.length) sentences.push(text[kind](names(kind)));
  }
  const current =
    changes.started?.find((task) => task.status === 'in_progress') ??
    changes.added?.find((task) => task.status === 'in_progress');
  if (current) sentences.push(text.now(name(current)));
  if (sentences.length === 0) sentences.push(text.unchanged);
  const { completed, total } = progressOf(list);
  sentences.push(text.progress(completed, total));
  return sentences.join(' ');
}

/** What the call on screen did, read off the rows' `change` and the state's `removed`. */
export function rowChanges<T extends Todo<TodoRowStatus> & { change?: string | undefined }>(state: {
  todos: readonly T[];
  removed: readonly T[];
}): TodoChanges<T> {
  const changes: TodoChanges<T> = { added: [], removed: [...state.removed], started: [], completed: [], reopened: [] };
  for (const row of state.todos) {
    const kind = row.change as keyof TodoChanges | undefined;
    if (kind === 'cancelled') changes.cancelled ??= [];
    if (kind && kind !== 'removed') changes[kind]!.push(row);
  }
  return changes;
}

/** One call, as {@link summarizeTodoCall} reads it: `error` is the tool part's `errorText`, `reason` the denial's. */
export type TodoCallSummaryInput =
  | { outcome: 'accepted'; changes: TodoChanges<TaskLike>; todos: readonly TaskLike[] }
  | { outcome: 'rejected'; error?: string }
  | { outcome: 'denied'; reason?: string }
  | { outcome: 'interrupted' };

/** One line saying what a call did, for message renderers (a rejection shows its first problem); partial `labels`. */
export function summarizeTodoCall(call: TodoCallSummaryInput, labels: Partial<TodoChangeLabels> = {}): string {
  const text = { ...DEFAULT_TODO_CHANGE_LABELS, ...labels } as Required<TodoChangeLabels>;
  if (call.outcome === 'interrupted') return text.callInterrupted;
  if (call.outcome === 'denied') {
    const reason = call.reason?.trim() ? cut(call.reason, MAX_SUMMARIZED_PROBLEM_LENGTH) : undefined;
    return text.callDenied(reason);
  }
  if (call.outcome === 'rejected') {
    const { problem, more } = readProblems(call.error ?? '');
    return text.callRejected(problem, more);
  }
  const { changes } = call;
  const list = Array.isArray(call.todos) ? call.todos : [];
  const shape = shapeOf(changes, list.length);
  if (shape === 'planned') return text.callPlanned(list.length);
  if (shape === 'cleared') return text.callCleared;
  const names = (kind: keyof TodoChanges): string[] =>
    (changes[kind] ?? []).map((task) => cut(task.content, MAX_SUMMARIZED_TASK_LENGTH));
  const clauses: string[] = [];
  for (const [kind, label] of SUMMARIZED) if (changes[kind]?.length) clauses.push(text[label](names(kind)));
  return clauses.length === 0 ? text.callUnchanged : text.callJoin(clauses);
}

/** The old length follows from the changes: every old task is either matched or removed. */
function shapeOf(changes: TodoChanges<TaskLike>, length: number): 'planned' | 'cleared' | 'update' {
  const added = changes.added?.length ?? 0;
  const removed = changes.removed?.length ?? 0;
  const before = length - added + removed;
  if (before === 0 && length > 0) return 'planned';
  return length === 0 && before > 0 ? 'cleared' : 'update';
}

/** The first problem of a tool error and how many follow, counting a final `...and N more`. */
function readProblems(error: string): { problem: string | undefined; more: number } {
  const listed = readTodoProblems(error);
  const first = listed[0];
  if (first === undefined) return { problem: undefined, more: 0 };
  const unlisted = Number(/^\.\.\.and (\d+) more\b/.exec(listed.at(-1) ?? '')?.[1] ?? Number.NaN);
  const more = Number.isNaN(unlisted) ? listed.length - 1 : listed.length - 2 + unlisted;
  return { problem: cut(first, MAX_SUMMARIZED_PROBLEM_LENGTH), more };
}

/** On one line, at most `maxLength` characters ending in `…`, cut after a word when one ends in the last third. */
function cut(text: string, maxLength: number): string {
  const line = toOneLine(text);
  if (line.length <= maxLength) return line;
  let end = maxLength - 1;
  const space = line.lastIndexOf(' ', end);
  if (space >= (maxLength * 2) / 3) end = space;
  else if (/[\uD800-\uDBFF]/.test(line.charAt(end - 1))) end -= 1;
  return `${line.slice(0, end).trimEnd()}…`;
}

function tasks(count: number): string {
  return `${count} ${count === 1 ? 'task' : 'tasks'}`;
}

/** Ends `text` with a period unless it already ends a sentence (a task may end with one). */
function sentence(text: string): string {
  return /[.!?…]$/.test(text) ? text : `${text}.`;
}

function announce(verb: string, names: readonly string[]): string {
  return names.length === 1 ? sentence(`${verb}: ${names[0]}`) : `${verb} ${tasks(names.length)}.`;
}

function clause(verb: string, names: readonly string[]): string {
  return names.length === 1 ? `${verb} '${names[0]}'` : `${verb} ${tasks(names.length)}`;
}
