import { useState } from 'react';
import type { TodoMessageLike } from '../read-todo-calls.js';
import { createTodoSelector, type SelectTodosOptions, type TodoState } from '../todo-selector.js';

/** Options of {@link useTodos}. */
export interface UseTodosOptions extends SelectTodosOptions {
  /** The name the tool is registered under. Default `'todo_write'`. */
  toolName?: string | undefined;
}

/**
 * The checklist state of a `useChat` conversation. The component owns one selector
 * (`createTodoSelector`, kept in state), so a delta costs the same however the messages were
 * copied, and the same state (and row objects) come back while nothing visible changed.
 */
export function useTodos(messages: readonly TodoMessageLike[], options: UseTodosOptions = {}): TodoState {
  const { status, toolName, toolCallId } = options;
  const [owned, setOwned] = useState(() => ({ toolName, selector: createTodoSelector({ toolName }) }));
  let { selector } = owned;
  if (owned.toolName !== toolName) {
    selector = createTodoSelector({ toolName });
    setOwned({ toolName, selector });
  }
  return selector.select(messages, { status, toolCallId });
}
