/** The hook that turns a `useChat` conversation into checklist state. */
import { useState } from 'react';
import {
  bindTodoTool,
  createReading,
  isSameValue,
  type TodoMessageLike,
  type TodoOptions,
  type TodoReading,
  type TodoRowStatus,
  type TodoState,
  type TodoStatus,
  type TodoToolOption,
} from '../core.js';

/**
 * The checklist state of a `useChat` conversation: the newest call's (or `toolCallId`'s), of the main plan (or
 * `agent`'s). `status`: `useChat().status`. `tool`: the registered name, `todo_write`'s settings (an inline object
 * is fine) or another agent's shape (define it once, outside the component). Default `'todo_write'`.
 */
export function useTodos<Status extends TodoRowStatus = TodoStatus>(
  messages: readonly TodoMessageLike[],
  options: TodoOptions<Status> = {},
): TodoState<Status> {
  return useTodoReading(options.tool).select(messages, options) as unknown as TodoState<Status>;
}

/** A reading owned by the calling component, made anew when `tool` changes (by value). */
export function useTodoReading(tool: TodoToolOption<TodoRowStatus> | undefined): TodoReading {
  const [owned, setOwned] = useState(() => ({ tool, reading: createReading(bindTodoTool(tool)) }));
  if (isSameValue(owned.tool, tool)) return owned.reading;
  const next = { tool, reading: createReading(bindTodoTool(tool)) };
  setOwned(next);
  return next.reading;
}
