/** Every text a person reads, in one type, with the English defaults built from the vocabulary tables. */
import { TODO_CHANGES, TODO_CHANGE_KINDS } from '../plan/todo-changes.js';
import type { TodoChanges } from '../plan/todo-changes.js';
import { TODO_REJECTIONS } from '../plan/todo-rejections.js';
import { TODO_STATUSES, type TodoRowStatus } from '../plan/todo-statuses.js';
import type { AnyTodoState } from '../read/todo-state.js';

/**
 * The sentences that say what calls did. Per change kind (`completed`, `cancelled`, `blocked`, `reopened`,
 * `unblocked`, `paused`, `added`, `removed`, `started`): the announcement of those tasks ("Completed: Write tests.",
 * "Completed 3 tasks."), and `call` + the kind (`callCompleted`) for the clause of a call's one-line summary
 * ("completed 'Write tests'", "completed 3 tasks"). Tasks come one-line, cut, unquoted.
 */
export type TodoChangeLabels = Record<
  keyof TodoChanges | `call${Capitalize<keyof TodoChanges>}`,
  (tasks: readonly string[]) => string
> & {
  /** Announced when the plan was empty before. Default `` `Planned ${count} tasks.` `` (`1 task`). */
  planned: (count: number) => string;
  /** Announced when the update emptied the plan. Default `'Cleared the list.'`. */
  cleared: string;
  /** Announced when the update changed nothing. Default `'No changes.'`. */
  unchanged: string;
  /** The task now in progress, when it just started or is new. Default `'Now: Run the suite.'`. */
  now: (task: string) => string;
  /** The counts after every announcement (`total` leaves cancelled tasks out). Default `` `${completed} of ${total} completed.` ``. */
  progress: (completed: number, total: number) => string;
  /** Summary of the first plan. Default `` `Planned ${count} tasks` ``. */
  callPlanned: (count: number) => string;
  /** Summary of a call that emptied the plan. Default `'Cleared the list'`. */
  callCleared: string;
  /** Summary of a call that changed nothing. Default `'No changes'`. */
  callUnchanged: string;
  /** Joins a summary's clauses, in the order of the kinds above. Default `'Completed 'A', added 'B' and started 'C''`. */
  callJoin: (clauses: readonly string[]) => string;
  /** Summary of a call whose list the person edited before approving it. Default `` `${summary}, edited by you` ``. */
  callEdited: (summary: string) => string;
};

/** The texts of the review controls and the plan editor. */
export interface TodoReviewLabels {
  /** Accessible name of the group. Default `'Review the plan'`. */
  group: string;
  /** Default `'Approve'`. */
  approve: string;
  /** Default `'Request changes'`. */
  requestChanges: string;
  /** The reason field's label: what to type. Default `'What should change?'`. */
  reason: string;
  /** Sends the reason. Default `'Send'`. */
  submit: string;
  /** Hides the field or the editor again (so does Escape). Default `'Cancel'`. */
  cancel: string;
  /** Opens the editor (shown for `todo_write`'s plans, whose limits the state carries). Default `'Edit plan'`. */
  editPlan: string;
  /** Accessible name of the editor. Default `'Edit the plan'`. */
  editor: string;
  /** Each task's field. Default `` `Task ${n}` ``. */
  task: (n: number) => string;
  /** Default `` `Remove task ${n}` ``. */
  removeTask: (n: number) => string;
  /** Default `` `Move task ${n} up` ``. */
  moveUp: (n: number) => string;
  /** Default `` `Move task ${n} down` ``. */
  moveDown: (n: number) => string;
  /** Default `'Add task'`. */
  addTask: string;
  /** Next to an empty task. Default `'Write the task, or remove it.'`. */
  emptyTask: string;
  /** Next to a task longer than the tool allows. Default `` `At most ${max} characters.` ``. */
  longTask: (max: number) => string;
  /** Next to tasks with the same text. Default `'Another task says the same.'`. */
  duplicateTask: string;
  /** Next to a second task in progress. Default `'Only one task can be in progress.'`. */
  twoInProgress: string;
  /** Next to "Add task" once the list is full. Default `` `A plan holds at most ${max} tasks.` ``. */
  tooManyTasks: (max: number) => string;
}

/**
 * Every text the checklist, the call summaries and the review controls show or announce; pass some of them to
 * translate. Each status and each rejection has one label, used in rows, notices, summaries and announcements alike.
 */
export type TodoLabels = Record<TodoRowStatus, string> &
  Record<keyof typeof TODO_REJECTIONS, string> & {
    /** Accessible name of the list. Default `'Tasks'`. */
    list: string;
    /** The summary next to the progress bar (`total` leaves cancelled tasks out). Default `` `${completed} of ${total} completed` ``. */
    summary: (completed: number, total: number) => string;
    /** The button that expands a collapsed list. Default `` `Show all ${total}` ``. */
    showAll: (total: number) => string;
    /** The button that collapses it again. Default `'Show fewer'`. */
    showFewer: string;
    /** The last row of a list longer than `maxTodos`, and the problems a summary leaves out. Default `` `${count} more` ``. */
    more: (count: number) => string;
    /** A call's summary and the announcement while its plan waits for review. Default `'The plan waits for your review.'`. */
    reviewing: string;
    /** A call's summary while it streams or runs. Default `'Updating the plan…'`. */
    updating: string;
    /** After a task written task by task, the unfinished tasks it waits on. Default `` `blocked by #${ids.join(', #')}` ``. */
    blockedBy: (ids: readonly string[]) => string;
    /** After a task written task by task, who works on it. Default `` `(${owner})` ``. */
    owner: (owner: string) => string;
    /** Names a subagent's plan shown under the main one while it works. Default `'A subagent’s plan'`. */
    subagentPlan: string;
    /** What calls did. Default: English. */
    changes: Partial<TodoChangeLabels>;
    /** The review controls and the plan editor. Default: English. */
    review: Partial<TodoReviewLabels>;
    /**
     * What the polite status region says when a plan is accepted, waits for review or is rejected (never on each
     * streamed delta). Default: what the update did, then the counts ("Completed: Write tests. Now: Run the suite. 3
     * of 7 completed."), or the rejection's label.
     */
    announce?(state: AnyTodoState, labels: TodoLabels): string;
  };

const plural = (count: number): string => `${count} ${count === 1 ? 'task' : 'tasks'}`;

/** Ends `text` with a period unless it already ends a sentence (a task may end with one). */
const sentence = (text: string): string => (/[.!?…]$/.test(text) ? text : `${text}.`);

function changeLabels(): TodoChangeLabels {
  const labels: Record<string, unknown> = {};
  for (const kind of TODO_CHANGE_KINDS) {
    const verb: string = TODO_CHANGES[kind];
    const lower = verb.toLowerCase();
    labels[kind] = (names: readonly string[]) =>
      names.length === 1 ? sentence(`${verb}: ${names[0]}`) : `${verb} ${plural(names.length)}.`;
    labels[`call${kind.charAt(0).toUpperCase()}${kind.slice(1)}`] = (names: readonly string[]) =>
      names.length === 1 ? `${lower} '${names[0]}'` : `${lower} ${plural(names.length)}`;
  }
  return {
    ...(labels as Record<
      keyof TodoChanges | `call${Capitalize<keyof TodoChanges>}`,
      (tasks: readonly string[]) => string
    >),
    planned: (count) => `Planned ${plural(count)}.`,
    cleared: 'Cleared the list.',
    unchanged: 'No changes.',
    now: (name) => sentence(`Now: ${name}`),
    progress: (completed, total) => `${completed} of ${total} completed.`,
    callPlanned: (count) => `Planned ${plural(count)}`,
    callCleared: 'Cleared the list',
    callUnchanged: 'No changes',
    callJoin: (clauses) => {
      const line = clauses.length > 1 ? `${clauses.slice(0, -1).join(', ')} and ${clauses.at(-1)}` : (clauses[0] ?? '');
      return line.charAt(0).toUpperCase() + line.slice(1);
    },
    callEdited: (summary) => `${summary}, edited by you`,
  };
}

/** The English sentences of changes. */
export const DEFAULT_CHANGE_LABELS: TodoChangeLabels = /* @__PURE__ */ changeLabels();

/** The English labels of statuses and rejections, from their tables. */
export const DEFAULT_WORDS = /* @__PURE__ */ (() => {
  const words: Record<string, string> = { ...TODO_REJECTIONS };
  for (const [status, meaning] of Object.entries(TODO_STATUSES)) words[status] = meaning.label;
  return words as Record<TodoRowStatus | keyof typeof TODO_REJECTIONS, string>;
})();

/** The English defaults of the list's own texts. */
export const DEFAULT_LIST_LABELS: Omit<
  TodoLabels,
  TodoRowStatus | keyof typeof TODO_REJECTIONS | 'changes' | 'review'
> = {
  list: 'Tasks',
  summary: (completed, total) => `${completed} of ${total} completed`,
  showAll: (total) => `Show all ${total}`,
  showFewer: 'Show fewer',
  more: (count) => `${count} more`,
  reviewing: 'The plan waits for your review.',
  updating: 'Updating the plan…',
  blockedBy: (ids) => `blocked by #${ids.join(', #')}`,
  owner: (owner) => `(${owner})`,
  subagentPlan: 'A subagent’s plan',
};

/** The English defaults of the review controls and the editor. */
export const DEFAULT_REVIEW_LABELS: TodoReviewLabels = {
  group: 'Review the plan',
  approve: 'Approve',
  requestChanges: 'Request changes',
  reason: 'What should change?',
  submit: 'Send',
  cancel: 'Cancel',
  editPlan: 'Edit plan',
  editor: 'Edit the plan',
  task: (n) => `Task ${n}`,
  removeTask: (n) => `Remove task ${n}`,
  moveUp: (n) => `Move task ${n} up`,
  moveDown: (n) => `Move task ${n} down`,
  addTask: 'Add task',
  emptyTask: 'Write the task, or remove it.',
  longTask: (max) => `At most ${max} characters.`,
  duplicateTask: 'Another task says the same.',
  twoInProgress: 'Only one task can be in progress.',
  tooManyTasks: (max) => `A plan holds at most ${max} tasks.`,
};

/** Every label, the nested ones whole. */
export type ResolvedLabels = Omit<TodoLabels, 'changes' | 'review'> & {
  changes: TodoChangeLabels;
  review: TodoReviewLabels;
};

/** `labels` over the English defaults, nested parts included. */
export function withDefaults(labels: Partial<TodoLabels> | undefined): ResolvedLabels {
  return {
    ...DEFAULT_WORDS,
    ...DEFAULT_LIST_LABELS,
    ...labels,
    changes: { ...DEFAULT_CHANGE_LABELS, ...labels?.changes },
    review: { ...DEFAULT_REVIEW_LABELS, ...labels?.review },
  };
}
