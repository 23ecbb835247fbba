import type { TodoStatus } from '../todo.js';
import type { TodoRejection, TodoState } from '../todo-selector.js';

/** Every text `<TodoList>` shows or announces; pass some of them to translate. */
export interface TodoListLabels extends Record<TodoStatus, string>, Record<TodoRejection, string> {
  /** Accessible name of the list. Default `'Tasks'`. */
  list: string;
  /** The summary next to the progress bar. Default `` `${completed} of ${total} completed` ``. */
  summary: (completed: number, total: number) => string;
  /** The button that expands a collapsed list. Default `` `Show all ${total}` ``. */
  showAll: (total: number) => string;
  /** The button that collapses it again. Default `'Show fewer'`. */
  showFewer: string;
  /**
   * What the polite status region says when a list is accepted or an update rejected
   * (never on each streamed delta). Default: the summary plus the task in progress, or the rejection label.
   */
  announce?: (state: TodoState, labels: TodoListLabels) => string;
}

/** The English defaults. */
export const DEFAULT_TODO_LIST_LABELS: TodoListLabels = {
  pending: 'Pending',
  in_progress: 'In progress',
  completed: 'Completed',
  error: 'Update rejected',
  denied: 'Update denied',
  interrupted: 'Update interrupted',
  list: 'Tasks',
  summary: (completed, total) => `${completed} of ${total} completed`,
  showAll: (total) => `Show all ${total}`,
  showFewer: 'Show fewer',
};

/** The default announcement: "Update rejected", or "2 of 5 completed. In progress: Write tests". */
export function announceTodoState(state: TodoState, labels: TodoListLabels): string {
  if (state.phase === 'rejected') return labels[state.rejection];
  const current = state.todos.find((item) => item.status === 'in_progress');
  const summary = labels.summary(state.counts.completed, state.todos.length);
  return current ? `${summary}. ${labels.in_progress}: ${current.content}` : summary;
}
