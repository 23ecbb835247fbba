import type { ModelMessage, UIMessage } from 'ai';
import { readAcceptedTodos } from './parse-todos.js';
import { readTodoCalls } from './read-todo-calls.js';
import { TODO_TOOL_NAME, type Todo } from './todo.js';

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
 * (the result holds only counts), a JSON-string input included; only `content` and `status`
 * are kept. An accepted call with no task array is skipped. `[]` when no call was accepted.
 */
export function readTodos(
  messages: readonly UIMessage[] | readonly ModelMessage[],
  options: ReadTodosOptions = {},
): Todo[] {
  let todos: Todo[] = [];
  for (const call of readTodoCalls(messages, options.toolName ?? TODO_TOOL_NAME)) {
    if (call.state === 'output-available' && !call.preliminary) todos = readAcceptedTodos(call.input) ?? todos;
  }
  return todos;
}
