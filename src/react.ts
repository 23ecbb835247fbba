'use client';
// Client entry: the hook, the provider and the components; the core comes in through one module.
export { useTodos } from './react/use-todos.js';
export { TodoProvider } from './react/todo-provider.js';
export { TodoList } from './react/todo-list.js';
export type { TodoListProps, TodoListSlot } from './react/todo-list.js';
export type { RenderTodoRow } from './react/todo-list-row.js';
export { TodoCallSummary } from './react/todo-call-summary.js';
export { TodoReviewControls } from './react/review-controls.js';
export type {
  AddToolApprovalResponse,
  TodoReviewControlsProps,
  TodoReviewSlot,
} from './react/todo-review-controls.js';
export { useTodoReview } from './react/use-todo-review.js';
export type { TodoReview } from './react/use-todo-review.js';
