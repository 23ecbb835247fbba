import { createContext, type ReactNode, useContext, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import type { TodoMessageLike } from '../read-todo-calls.js';
import { useTodos } from './use-todos.js';
import { createTodoSelector, type SelectTodosOptions, type TodoSelector, type TodoState } from '../todo-selector.js';

/** One conversation's selector, shared by every summary and list under a {@link TodoProvider}. */
interface TodoStore {
  selector: TodoSelector;
  toolName: string | undefined;
  listeners: Set<() => void>;
  subscribe: (listener: () => void) => () => void;
}

const TodoStoreContext = createContext<TodoStore | undefined>(undefined);

function createTodoStore(toolName: string | undefined): TodoStore {
  const listeners = new Set<() => void>();
  return {
    selector: createTodoSelector({ toolName }),
    toolName,
    listeners,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Props of {@link TodoProvider}. */
export interface TodoProviderProps {
  /** The conversation (`useChat().messages`). */
  messages: readonly TodoMessageLike[];
  /** `useChat().status`. */
  status?: SelectTodosOptions['status'];
  /** Default `'todo_write'`. */
  toolName?: string | undefined;
  children?: ReactNode;
}

/**
 * Reads the conversation once per update for every `<TodoCallSummary toolCallId>` and
 * `<TodoList toolCallId>` inside it that is given no `messages`: a delta then costs the same with
 * 1 or 160 calls on screen, and only the summaries and lists whose call changed render again.
 */
export function TodoProvider(props: TodoProviderProps): ReactNode {
  const { messages, status, toolName, children } = props;
  const [owned, setOwned] = useState(() => createTodoStore(toolName));
  let store = owned;
  if (store.toolName !== toolName) {
    store = createTodoStore(toolName);
    setOwned(store);
  }
  // A pure function of the props: a render React throws away is replaced by the next reading.
  store.selector.read(messages, status);
  // Subscribers whose call changed render again; the others read the same state and skip.
  useLayoutEffect(() => {
    for (const listener of store.listeners) listener();
  });
  return <TodoStoreContext.Provider value={store}>{children}</TodoStoreContext.Provider>;
}

const subscribeToNothing = (): (() => void) => () => {};

/** The state of one call (default: the newest) from the nearest {@link TodoProvider}; `undefined` outside one or when `skip`. */
export function useProvidedTodoState(toolCallId: string | undefined, skip: boolean): TodoState | undefined {
  const provided = useContext(TodoStoreContext);
  const store = skip ? undefined : provided;
  const read = (): TodoState | undefined => store?.selector.state(toolCallId);
  return useSyncExternalStore(store?.subscribe ?? subscribeToNothing, read, read);
}

const NO_MESSAGES: readonly TodoMessageLike[] = [];
const EMPTY_STATE: TodoState = {
  phase: 'empty',
  todos: [],
  removed: [],
  counts: { pending: 0, in_progress: 0, completed: 0 },
  live: false,
};

/** Where a component's state comes from: given, derived from `messages`, or read from the nearest {@link TodoProvider}. */
export interface TodoSource extends SelectTodosOptions {
  state?: TodoState | undefined;
  messages?: readonly TodoMessageLike[] | undefined;
  toolName?: string | undefined;
}

/** The state of a component's source (see {@link TodoSource}); empty outside a provider with neither. */
export function useTodoSource(source: TodoSource): TodoState {
  const { state, messages, status, toolName, toolCallId } = source;
  const derived = useTodos(messages ?? NO_MESSAGES, { status, toolName, toolCallId });
  const provided = useProvidedTodoState(toolCallId, state !== undefined || messages !== undefined);
  return state ?? (messages ? derived : (provided ?? EMPTY_STATE));
}
