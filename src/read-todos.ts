import type { ModelMessage, UIMessage } from 'ai';
import { parseTodoList } from './parse-todo-list.js';
import { TODO_TOOL_NAME, type Todo } from './todo.js';

/** Options of {@link readTodos}. */
export interface ReadTodosOptions {
  /** The name the tool is registered under. Default `'todo_write'` (`TODO_TOOL_NAME`). */
  toolName?: string;
}

/** Result output types that mean the call was not accepted. */
const REJECTED_OUTPUT_TYPES = new Set(['error-text', 'error-json', 'execution-denied']);

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
  const toolName = options.toolName ?? TODO_TOOL_NAME;
  const list = [...readFromUIMessages(messages, toolName), ...readFromModelMessages(messages, toolName)].at(-1);
  return list ?? [];
}

/** The lists of accepted calls in UI message parts, oldest first. */
function readFromUIMessages(messages: readonly unknown[], toolName: string): Todo[][] {
  const lists: Todo[][] = [];
  for (const message of messages) {
    const parts = (message as { parts?: unknown }).parts;
    if (!Array.isArray(parts)) continue;
    for (const part of parts as unknown[]) {
      if (typeof part !== 'object' || part === null) continue;
      const { type, state, input, preliminary } = part as { type?: unknown; state?: unknown; input?: unknown; preliminary?: unknown };
      const isTodoPart =
        type === `tool-${toolName}` || (type === 'dynamic-tool' && (part as { toolName?: unknown }).toolName === toolName);
      if (!isTodoPart || state !== 'output-available' || preliminary === true) continue;
      const list = parseTodoList(input);
      if (list) lists.push(list);
    }
  }
  return lists;
}

/** The lists of accepted calls in model messages, in the order the calls were made. */
function readFromModelMessages(messages: readonly unknown[], toolName: string): Todo[][] {
  const calls: { toolCallId: string; input: unknown }[] = [];
  const acceptedCallIds = new Set<string>();
  for (const message of messages) {
    const content = (message as { content?: unknown }).content;
    if (!Array.isArray(content)) continue;
    for (const part of content as unknown[]) {
      if (typeof part !== 'object' || part === null) continue;
      const { type, toolName: partToolName, toolCallId } = part as { type?: unknown; toolName?: unknown; toolCallId?: unknown };
      if (partToolName !== toolName || typeof toolCallId !== 'string') continue;
      if (type === 'tool-call') {
        calls.push({ toolCallId, input: (part as { input?: unknown }).input });
      } else if (type === 'tool-result') {
        const outputType = ((part as { output?: unknown }).output as { type?: unknown } | undefined)?.type;
        if (typeof outputType !== 'string' || !REJECTED_OUTPUT_TYPES.has(outputType)) acceptedCallIds.add(toolCallId);
      }
    }
  }
  const lists: Todo[][] = [];
  for (const { toolCallId, input } of calls) {
    if (!acceptedCallIds.has(toolCallId)) continue;
    const list = parseTodoList(input);
    if (list) lists.push(list);
  }
  return lists;
}
