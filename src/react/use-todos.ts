/** The hook that turns a `useChat` conversation into checklist state. */
import { useState } from 'react';
import type { ChatStatus, TodoMessageLike } from '../read-todo-calls.js';
import type { TodoRowStatus, TodoStatus } from '../todo.js';
import { type AnyTodoState, createShapeSelector, type TodoSelector, type TodoState } from '../todo-selector.js';
import type { TodoToolShape } from '../todo-tool-shape.js';

/**
 * The checklist state of a `useChat` conversation's newest call. `status`: `useChat().status` (a stopped call brings
 * the last accepted list back). `tool`: the registered name or an agent's shape, kept stable (default `'todo_write'`).
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
