// What the React entry takes from the core: the public entry, and the parts of the core it renders with.
export * from './index.js';
export { TODO_STATUSES, progressOf } from './plan/todo-statuses.js';
export { bindTodoTool, type TodoLimits } from './plan/todo-tool-shape.js';
export { checkTodoEdit } from './plan/todo-rules.js';
export { editAnswer, reviewAnswer } from './tool/todo-edit.js';
export { createReading } from './read/todo-selector.js';
export { isSameValue } from './plan/same-value.js';
export type { TodoReading } from './read/todo-selector.js';
export type { StateOfAnyShape } from './read/todo-state.js';
export { NO_ROWS } from './read/todo-rows.js';
export { announceTodoState } from './text/describe-todo-changes.js';
export { type ResolvedLabels, withDefaults } from './text/todo-labels.js';
