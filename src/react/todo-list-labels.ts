/** The English texts of `<TodoList>` and its default announcement. */
import { announceTodoChanges, rowChanges, type TodoChangeLabels } from '../describe-todo-changes.js';
import type { TodoStatus } from '../todo.js';
import type { AnyTodoState, TodoState } from '../todo-selector.js';
import type { TodoReviewLabels } from './todo-review-labels.js';

/** Every text `<TodoList>` shows or announces; pass some of them to translate. */
export interface TodoListLabels
  extends Record<TodoStatus, string>,
    Record<NonNullable<TodoState['rejection']>, string> {
  /** A cancelled task (tools with a `cancelled` status). Default `'Cancelled'`. */
  cancelled?: string;
  /** Accessible name of the list. Default `'Tasks'`. */
  list: string;
  /** The summary next to the progress bar (`total` leaves cancelled tasks out). Default `` `${completed} of ${total} completed` ``. */
  summary: (completed: number, total: number) => string;
  /** The button that expands a collapsed list. Default `` `Show all ${total}` ``. */
  showAll: (total: number) => string;
  /** The button that collapses it again. Default `'Show fewer'`. */
  showFewer: string;
  /** Announced when a proposed plan starts waiting for the person's review. Default `'The plan waits for your review.'`. */
  reviewing: string;
  /** The last row of a list longer than `maxTodos`. Default `` `${count} more` ``. */
  more: (count: number) => string;
  /** Texts of the review controls. Default `DEFAULT_TODO_REVIEW_LABELS`. */
  review?: Partial<TodoReviewLabels>;
  /** The sentences of announcements ("Completed: Write tests. Now: Run the suite."). Default: English. */
  changes?: Partial<TodoChangeLabels>;
  /**
   * What the polite status region says when a list is accepted, a plan waits for review or an update is rejected (never on
   * each streamed delta). Default {@link announceTodoState}.
   */
  announce?(state: AnyTodoState, labels: TodoListLabels): string;
}

/** The English defaults. */
export const DEFAULT_TODO_LIST_LABELS: TodoListLabels = {
  pending: 'Pending',
  in_progress: 'In progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
  error: 'Update rejected',
  denied: 'Update denied',
  interrupted: 'Update interrupted',
  list: 'Tasks',
  summary: (completed, total) => `${completed} of ${total} completed`,
  showAll: (total) => `Show all ${total}`,
  showFewer: 'Show fewer',
  reviewing: 'The plan waits for your review.',
  more: (count) => `${count} more`,
};

/**
 * The default announcement: what the accepted update did, then the counts ("Completed: Write tests.
 * Now: Run the suite. 3 of 7 completed."), or the rejection label.
 */
export function announceTodoState(state: AnyTodoState, labels: TodoListLabels): string {
  if (state.phase === 'rejected') return labels[state.rejection];
  if (state.phase === 'review') return labels.reviewing;
  return announceTodoChanges(rowChanges(state), state.todos, labels.changes);
}
