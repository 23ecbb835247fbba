import type { ModelMessage, UIMessage } from 'ai';
import { readAcceptedTodos } from './parse-todos.js';
import { callOutcome, readTodoCalls } from './read-todo-calls.js';
import type { Todo, TodoRowStatus, TodoStatus } from './todo.js';
import { resolveTodoTool, type TodoToolShape } from './todo-tool-shape.js';

/**
 * The current list of a conversation: the input of its newest accepted call, from `UIMessage[]` (as a
 * chat stores them) or `ModelMessage[]` (as the SDK passes them to `execute` and `prepareStep`).
 * Accepted means the tool's counts came back: errors (also an error streamed as a text output),
 * denials and unfinished calls do not count. Only `content` and `status` are kept. `[]` when none.
 * `options.tool`: the name the tool is registered under, or another agent's shape (then a status is
 * one of its `statuses`, and its text is read into `content`). Default `'todo_write'`.
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
