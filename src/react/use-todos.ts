import { useEffect, useMemo, useRef } from 'react';
import { selectTodoState, type SelectTodoStateOptions, type TodoState } from '../select-todo-state.js';
import type { TodoMessageLike } from '../todo-call.js';

/** Options of {@link useTodos}. */
export interface UseTodosOptions {
  /** `useChat`'s `status`: tells an abandoned call (Stop, network error) from a live one. Default: unknown. */
  status?: SelectTodoStateOptions['status'];
  /** The name the tool is registered under. Default `'todo_write'`. */
  toolName?: string;
}

/**
 * The checklist state of a `useChat` conversation: {@link selectTodoState} memoized on `messages`,
 * with structural sharing across renders (unchanged rows keep their object identity).
 */
export function useTodos(messages: readonly TodoMessageLike[], options: UseTodosOptions = {}): TodoState {
  const { status, toolName } = options;
  const previous = useRef<TodoState | undefined>(undefined);
  const state = useMemo(
    () => selectTodoState(messages, { status, toolName, previous: previous.current }),
    [messages, status, toolName],
  );
  useEffect(() => {
    previous.current = state;
  }, [state]);
  return state;
}
