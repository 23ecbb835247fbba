import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useLayoutEffect,
  useState,
  useSyncExternalStore,
} from 'react';
import type { TodoMessageLike } from '../read-todo-calls.js';
import { useTodos } from './use-todos.js';
import { createTodoSelector, type SelectTodosOptions, type TodoSelector, type TodoState } from '../todo-selector.js';

/** One conversation's selector, shared by every summary and list under a {@link TodoProvider}. */
interface TodoStore {
  selector: TodoSelector;
  toolName: string | undefined;
  /** Listeners by view: a `toolCallId`, or `''` for the newest call. */
  listeners: Map<string, Set<() => void>>;
  /** The views the last reading changed (`undefined`: all of them), told on the next commit. */
  changed: ReadonlySet<string> | undefined;
  subscribe: (view: string, listener: () => void) => () => void;
}

const TodoStoreContext = createContext<TodoStore | undefined>(undefined);

function createTodoStore(toolName: string | undefined): TodoStore {
  const listeners = new Map<string, Set<() => void>>();
  return {
    selector: createTodoSelector({ toolName }),
    toolName,
    listeners,
    changed: undefined,
    subscribe(view, listener) {
      const views = listeners.get(view) ?? new Set();
      listeners.set(view, views.add(listener));
      return () => {
        views.delete(listener);
        if (views.size === 0) listeners.delete(view);
      };
    },
  };
}

/** Tells the listeners of the views the last reading changed (and of the newest call, always). */
function notify(store: TodoStore): void {
  const { changed, listeners } = store;
  for (const [view, views] of listeners) {
    if (view !== '' && changed !== undefined && !changed.has(view)) continue;
    for (const listener of views) listener();
  }
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
  const changed = store.selector.read(messages, status);
  // Changes pile up until a commit tells them (a render React throws away tells nothing).
  store.changed =
    store.changed === undefined || changed === undefined ? undefined : new Set([...store.changed, ...changed]);
  useLayoutEffect(() => {
    notify(store);
    store.changed = new Set();
  });
  return <TodoStoreContext.Provider value={store}>{children}</TodoStoreContext.Provider>;
}

const subscribeToNothing = (): (() => void) => () => {};

/** The state of one call (default: the newest) from the nearest {@link TodoProvider}; `undefined` outside one or when `skip`. */
export function useProvidedTodoState(toolCallId: string | undefined, skip: boolean): TodoState | undefined {
  const provided = useContext(TodoStoreContext);
  const store = skip ? undefined : provided;
  const view = toolCallId ?? '';
  const subscribe = useCallback(
    (listener: () => void) => (store ? store.subscribe(view, listener) : subscribeToNothing()),
    [store, view],
  );
  const read = (): TodoState | undefined => store?.selector.state(toolCallId);
  return useSyncExternalStore(subscribe, read, read);
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
