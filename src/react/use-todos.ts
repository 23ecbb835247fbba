import { useState } from 'react';
import type { ChatStatus, TodoMessageLike } from '../read-todo-calls.js';
import type { TodoRowStatus, TodoStatus } from '../todo.js';
import { type AnyTodoState, createShapeSelector, type TodoSelector, type TodoState } from '../todo-selector.js';
import type { TodoToolShape } from '../todo-tool-shape.js';

/**
 * The checklist state of a `useChat` conversation's newest call. The component owns one selector
 * (kept in state, made anew when `tool` changes), so a delta costs the same however the messages
 * were copied, and the same state and rows come back while nothing visible changed.
 * `status`: `useChat().status` (a call the chat stopped brings the last accepted list back).
 * `tool`: the name the tool is registered under, or another agent's shape (`agentTodoTools.claudeCode`,
 * or a value kept outside render). Default `'todo_write'`.
 */
export function useTodos<Status extends TodoRowStatus = TodoStatus>(
  messages: readonly TodoMessageLike[],
  options: { status?: ChatStatus | undefined; tool: TodoToolShape<Status> },
): TodoState<Status>;
export function useTodos(
  messages: readonly TodoMessageLike[],
  options?: { status?: ChatStatus | undefined; tool?: string | TodoToolShape | undefined },
): TodoState;
export function useTodos(
  messages: readonly TodoMessageLike[],
  options: { status?: ChatStatus | undefined; tool?: string | TodoToolShape<TodoRowStatus> | undefined } = {},
): AnyTodoState {
  return useTodoSelector(options.tool).select(messages, { status: options.status });
}

/** A selector owned by the calling component, made anew when `tool` changes. */
export function useTodoSelector(tool: string | TodoToolShape<TodoRowStatus> | undefined): TodoSelector<TodoRowStatus> {
  const [owned, setOwned] = useState(() => ({ tool, selector: createShapeSelector(tool) }));
  if (owned.tool === tool) return owned.selector;
  const next = { tool, selector: createShapeSelector(tool) };
  setOwned(next);
  return next.selector;
}
