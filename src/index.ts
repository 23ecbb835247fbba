// Server-safe entry: never imports React, directly or through a dependency.
export { countTodos } from './plan/todo-statuses.js';
export type { Todo, TodoCounts, TodoRowStatus, TodoStatus } from './plan/todo-statuses.js';
export { diffTodos } from './plan/todo-changes.js';
export type { TodoChanges } from './plan/todo-changes.js';
export type {
  TodoListToolShape,
  TodoOptions,
  TodoTaskToolsShape,
  TodoToolOption,
  TodoToolShape,
  TodoWriteSettings,
} from './plan/todo-tool-shape.js';

export { createTodoWrite, todoWrite } from './tool/todo-write.js';
export type {
  TodoWriteCallOptions,
  TodoWriteInput,
  TodoWriteOptions,
  TodoWriteOutput,
  TodoWriteTool,
} from './tool/todo-write.js';
export { TODO_WRITE_DESCRIPTION } from './plan/model-texts.js';
export { validateTodos } from './tool/validate-todos.js';
export type { TodoEditCheck } from './plan/todo-rules.js';
export type { TodoProblem } from './plan/todo-problem.js';
export { createTodoWriteInputSchema, todoWriteInputSchema } from './tool/todo-write-input-schema.js';
export type { TodoWriteInputSchema } from './tool/todo-write-input-schema.js';
export { todoReview } from './tool/todo-review.js';
export type { TodoReviewPolicy } from './tool/todo-review.js';
export { explainTodoDenials } from './tool/explain-todo-denials.js';
export { readTodoEdit, todoEditReason } from './plan/todo-edit-reason.js';
export { applyTodoAnswers } from './tool/apply-todo-answers.js';
export type { TodoAnswersResult } from './tool/apply-todo-answers.js';

export { readTodos } from './read/read-todos.js';
export { pruneTodoWrites } from './read/prune-todo-writes.js';
export { createTodoSelector, selectTodoState } from './read/todo-selector.js';
export type { TodoSelector } from './read/todo-selector.js';
export type { AnyTodoState, TodoState } from './read/todo-state.js';
export type { TodoRow } from './plan/todo-row.js';
export type { TodoMessageLike } from './read/todo-calls.js';

export { formatTodoChanges, formatTodos } from './text/format-todos.js';
export { announceTodoChanges, summarizeTodoCall } from './text/describe-todo-changes.js';
export type { TodoChangeLabels, TodoLabels, TodoReviewLabels } from './text/todo-labels.js';
export { toAcpPlan } from './text/to-acp-plan.js';
