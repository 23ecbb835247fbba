// Server-safe entry: never imports React, directly or through a dependency.
export { TODO_TOOL_NAME, TODO_STATUSES, isTodoStatus, countTodos } from './todo.js';
export type { Todo, TodoStatus, TodoCounts } from './todo.js';
