// Server-safe entry: never imports React, directly or through a dependency.
export { TODO_TOOL_NAME, TODO_STATUSES, isTodoStatus, countTodos } from './todo.js';
export type { Todo, TodoStatus, TodoCounts } from './todo.js';
export { createTodoWrite, todoWrite, TODO_WRITE_DESCRIPTION } from './todo-write.js';
export type { TodoWriteInput, TodoWriteTool, TodoWriteOptions, TodoWriteCallOptions } from './todo-write.js';
export { needsTodoReview, todoReview } from './todo-review-policy.js';
export type {
  TodoReviewPolicy,
  TodoReviewFunction,
  TodoReviewOptions,
  TodoReviewStatus,
} from './todo-review-policy.js';
export { explainTodoDenials, todoDenialMessage, TODO_REVIEW_SUPERSEDED_MESSAGE } from './explain-todo-denials.js';
export type { ExplainTodoDenialsOptions } from './explain-todo-denials.js';
export { validateTodos } from './validate-todos.js';
export type { TodoValidationResult } from './validate-todos.js';
export {
  todoWriteInputSchema,
  todoSchema,
  createTodoWriteInputSchema,
  DEFAULT_MAX_TODOS,
  DEFAULT_MAX_CONTENT_LENGTH,
} from './todo-write-input-schema.js';
export type { TodoLimits, TodoSchema, TodoWriteInputSchema } from './todo-write-input-schema.js';
export { readTodos } from './read-todos.js';
export type { ReadTodosOptions } from './read-todos.js';
export type { TodoMessageLike } from './read-todo-calls.js';
export { pruneTodoWrites } from './prune-todo-writes.js';
export type { PruneTodoWritesOptions } from './prune-todo-writes.js';
export { createTodoSelector, selectTodoState } from './todo-selector.js';
export { todoChangesOf } from './todo-selector.js';
export type { TodoState, TodoPhase, TodoRejection } from './todo-selector.js';
export type {
  TodoSelector,
  TodoSelectorOptions,
  SelectTodosOptions,
} from './todo-selector.js';
export type { TodoRow, TodoChange } from './todo-selector.js';
export { diffTodos, todoChangeOf } from './diff-todos.js';
export type { TodoChanges, TodoStatusChange } from './diff-todos.js';
export { formatTodos, formatTodoChanges } from './format-todos.js';
export { announceTodoChanges, summarizeTodoCall, DEFAULT_TODO_CHANGE_LABELS } from './describe-todo-changes.js';
export type { TodoChangeLabels, TodoCallSummaryInput } from './describe-todo-changes.js';
export { toAcpPlan } from './to-acp-plan.js';
export type { AcpPlanEntry, AcpPlanEntryPriority, ToAcpPlanOptions } from './to-acp-plan.js';
