'use client';
// Client entry: the hook, the provider and the components.
export { useTodos } from './react/use-todos.js';
export type { UseTodosOptions } from './react/use-todos.js';
export { TodoProvider } from './react/todo-provider.js';
export type { TodoProviderProps } from './react/todo-provider.js';
export { TodoList } from './react/todo-list.js';
export type { TodoListProps, TodoListSlot } from './react/todo-list.js';
export { DEFAULT_TODO_LIST_LABELS } from './react/todo-list-labels.js';
export type { TodoListLabels } from './react/todo-list-labels.js';
export type { RenderTodoRow } from './react/todo-list-row.js';
export { TodoCallSummary } from './react/todo-call-summary.js';
export type { TodoCallSummaryProps, TodoCallSummaryLabels } from './react/todo-call-summary.js';
export { TodoReviewControls, DEFAULT_TODO_REVIEW_LABELS } from './react/todo-review-controls.js';
export type {
  TodoReviewControlsProps,
  TodoReviewLabels,
  TodoReviewSlot,
  TodoApprovalResponse,
  AddToolApprovalResponse,
} from './react/todo-review-controls.js';
export { useTodoReview } from './react/use-todo-review.js';
export type { TodoReview } from './react/use-todo-review.js';
