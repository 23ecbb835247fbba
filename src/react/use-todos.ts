/** The hook that turns a `useChat` conversation into checklist state. */
import type { ChatStatus } from 'ai';
import { useState } from 'react';
import {
  type AnyTodoState,
  bindTodoTool,
  createReading,
  isSameValue,
  type TodoMessageLike,
  type TodoReading,
  type TodoRowStatus,
  type TodoState,
  type TodoStatus,
  type TodoToolOption,
  type TodoToolShape,
  type TodoWriteSettings,
} from '../core.js';

/**
 * The checklist state of a `useChat` conversation's newest call. `status`: `useChat().status` (a stopped call brings
 * the last accepted plan back). `tool`: the registered name, `todo_write`'s settings (an inline object is fine) or
 * another agent's shape (define it once, outside the component). Default `'todo_write'`. `agent`: a subagent's plan,
 * by the id of the call that handed it the work (or a key from the main state's `agents`). Default: the main plan.
 */
export function useTodos<Status extends TodoRowStatus = TodoStatus>(
  messages: readonly TodoMessageLike[],
  options: { status?: ChatStatus | undefined; tool: TodoToolShape<Status>; agent?: string | undefined },
): TodoState<Status>;
export function useTodos(
  messages: readonly TodoMessageLike[],
  options?: {
    status?: ChatStatus | undefined;
    tool?: string | TodoWriteSettings | undefined;
    agent?: string | undefined;
  },
): TodoState;
export function useTodos(
  messages: readonly TodoMessageLike[],
  options?: {
    status?: ChatStatus | undefined;
    tool?: TodoToolOption<TodoRowStatus> | undefined;
    agent?: string | undefined;
  },
): AnyTodoState;
export function useTodos(
  messages: readonly TodoMessageLike[],
  options: {
    status?: ChatStatus | undefined;
    tool?: TodoToolOption<TodoRowStatus> | undefined;
    agent?: string | undefined;
  } = {},
): AnyTodoState {
  return useTodoReading(options.tool).select(messages, { status: options.status, agent: options.agent });
}

/** A reading owned by the calling component, made anew when `tool` changes (by value). */
export function useTodoReading(tool: TodoToolOption<TodoRowStatus> | undefined): TodoReading {
  const [owned, setOwned] = useState(() => ({ tool, reading: createReading(bindTodoTool(tool)) }));
  if (isSameValue(owned.tool, tool)) return owned.reading;
  const next = { tool, reading: createReading(bindTodoTool(tool)) };
  setOwned(next);
  return next.reading;
}
