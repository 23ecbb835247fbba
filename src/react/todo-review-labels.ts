/** Texts of `<TodoReviewControls>` and its plan editor. */
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
  /** Opens the editor (shown when the controls get the proposal's `todos`). Default `'Edit plan'`. */
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
  /** Next to tasks with the same text. Default `'Another task says the same.'`. */
  duplicateTask: string;
  /** Next to a second task in progress. Default `'Only one task can be in progress.'`. */
  twoInProgress: string;
  /** Next to "Add task" once the list is full. Default `` `A plan holds at most ${max} tasks.` ``. */
  tooManyTasks: (max: number) => string;
}

/** The English defaults. */
export const DEFAULT_TODO_REVIEW_LABELS: TodoReviewLabels = {
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
  duplicateTask: 'Another task says the same.',
  twoInProgress: 'Only one task can be in progress.',
  tooManyTasks: (max) => `A plan holds at most ${max} tasks.`,
};
