/** Replays a conversation's current list from its history. */
import type { ModelMessage, UIMessage } from 'ai';
import { readAcceptedTodos } from './parse-todos.js';
import { callOutcome, readTodoCalls } from './read-todo-calls.js';
import type { Todo, TodoRowStatus, TodoStatus } from './todo.js';
import { resolveTodoTool, type TodoToolShape } from './todo-tool-shape.js';

/**
 * The list of the newest accepted call (its counts came back) in `UIMessage[]` or `ModelMessage[]`; `[]` when none.
 * `options.tool`: the registered name or another agent's shape (default `'todo_write'`).
 */
export function readTodos<Status extends TodoRowStatus = TodoStatus>(
  messages: readonly UIMessage[] | readonly ModelMessage[],
  options: { tool: TodoToolShape<Status> },
): Todo<Status>[];
export function readTodos(
  messages: readonly UIMessage[] | readonly ModelMessage[],
  options?: { tool?: string | TodoToolShape },
): Todo[];
export function readTodos(
  messages: readonly UIMessage[] | readonly ModelMessage[],
  options: { tool?: string | TodoToolShape<TodoRowStatus> } = {},
): Todo<TodoRowStatus>[] {
  const shape = resolveTodoTool(options.tool);
  let todos: Todo<TodoRowStatus>[] = [];
  for (const call of readTodoCalls(messages, shape.name)) {
    if (callOutcome(call, shape) === 'accepted') todos = readAcceptedTodos(call.input, shape) ?? todos;
  }
  return todos;
}
