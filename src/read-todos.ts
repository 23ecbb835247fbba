import type { ModelMessage, UIMessage } from 'ai';
import { readTodoArray } from './read-todo-array.js';
import { isTodoStatus, TODO_TOOL_NAME, type Todo } from './todo.js';
import { readTodoCalls } from './todo-call.js';

/** Options of {@link readTodos}. */
export interface ReadTodosOptions {
  /** The name the tool is registered under. Default `'todo_write'` (`TODO_TOOL_NAME`). */
  toolName?: string;
}

/**
 * The current todo list of a conversation: the list of the newest accepted `todo_write` call.
 * Takes `UIMessage[]` (as a chat app stores them: `tool-todo_write` or `dynamic-tool` parts in
 * state `output-available`) or `ModelMessage[]` (as the SDK passes them to `execute` and
 * `prepareStep`: an assistant `tool-call` matched by `toolCallId` with a `tool-result` whose
 * output is not an error or a denial). Rejected, denied and unfinished calls do not count;
 * of two calls in one message the later one wins. The list comes from the call's input
 * (the result holds only counts), a JSON-string input included. `[]` when no call was accepted.
 */
export function readTodos(
  messages: readonly UIMessage[] | readonly ModelMessage[],
  options: ReadTodosOptions = {},
): Todo[] {
  let todos: Todo[] = [];
  for (const call of readTodoCalls(messages, options.toolName ?? TODO_TOOL_NAME)) {
    if (call.state === 'output-available' && !call.preliminary) todos = parseTodoList(call.input) ?? todos;
  }
  return todos;
}

/**
 * The list of an accepted call's input, keeping only `content` and `status` of each task;
 * `undefined` when some task is not `{ content: string, status }` (the call cannot be replayed).
 */
function parseTodoList(input: unknown): Todo[] | undefined {
  const items = readTodoArray(input);
  if (!items) return undefined;
  const todos: Todo[] = [];
  for (const item of items) {
    const { content, status } = (item ?? {}) as { content?: unknown; status?: unknown };
    if (typeof content !== 'string' || !isTodoStatus(status)) return undefined;
    todos.push({ content, status });
  }
  return todos;
}
