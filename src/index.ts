// Server-safe entry: never imports React, directly or through a dependency.
export { TODO_TOOL_NAME, TODO_STATUSES, isTodoStatus, countTodos } from './todo.js';
export type { Todo, TodoStatus, TodoCounts } from './todo.js';
export { createTodoWrite, todoWrite, TODO_WRITE_DESCRIPTION } from './todo-write.js';
export type { TodoWriteInput, TodoWriteTool, TodoWriteOptions, TodoWriteCallOptions } from './todo-write.js';
export { validateTodos, DEFAULT_MAX_TODOS, DEFAULT_MAX_CONTENT_LENGTH } from './validate-todos.js';
export type { TodoLimits, TodoValidationResult } from './validate-todos.js';
export { readTodos } from './read-todos.js';
export type { ReadTodosOptions } from './read-todos.js';
export { formatTodos } from './format-todos.js';
export { toAcpPlan } from './to-acp-plan.js';
export type { AcpPlanEntry, AcpPlanEntryPriority, ToAcpPlanOptions } from './to-acp-plan.js';
export { pruneTodoWrites } from './prune-todo-writes.js';
export type { PruneTodoWritesOptions } from './prune-todo-writes.js';
export { selectTodoState } from './select-todo-state.js';
export type { TodoState, TodoPhase, TodoRejection, SelectTodoStateOptions } from './select-todo-state.js';
export type { TodoItem } from './todo-keys.js';
export type { TodoMessageLike } from './todo-call.js';
