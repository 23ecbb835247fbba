'use client';
// Client entry: the hook, the provider and the components.
export { useTodos } from './react/use-todos.js';
export { TodoProvider } from './react/todo-provider.js';
export { TodoList } from './react/todo-list.js';
export type { TodoListProps } from './react/todo-list.js';
export type { TodoListLabels } from './react/todo-list-labels.js';
export { TodoCallSummary } from './react/todo-call-summary.js';
export type { TodoCallSummaryLabels } from './react/todo-call-summary.js';
export { TodoReviewControls } from './react/todo-review-controls.js';
export { useTodoReview } from './react/use-todo-review.js';
export type { TodoReview } from './react/use-todo-review.js';
