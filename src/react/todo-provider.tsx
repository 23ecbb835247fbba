/** One reading of a conversation, shared by every per-call component inside it. */
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import type { ChatStatus, TodoMessageLike } from '../read-todo-calls.js';
import type { TodoRowStatus } from '../todo.js';
import type { AnyTodoState, TodoSelector } from '../todo-selector.js';
import type { TodoToolShape } from '../todo-tool-shape.js';
import { useTodoSelector } from './use-todos.js';

interface TodoStore {
  selector: TodoSelector<TodoRowStatus>;
  listeners: Set<() => void>;
}

const TodoStoreContext = createContext<TodoStore | undefined>(undefined);

/**
 * Reads the conversation once per update for every `<TodoCallSummary>` and `<TodoList toolCallId>` inside it. Props:
 * `messages` and `status` from `useChat()`; `tool`, the registered name or an agent's shape (default `'todo_write'`).
 */
export function TodoProvider(props: {
  messages: readonly TodoMessageLike[];
  status?: ChatStatus | undefined;
  tool?: string | TodoToolShape<TodoRowStatus> | undefined;
  children?: ReactNode;
}): ReactNode {
  const { messages, status, tool, children } = props;
  const selector = useTodoSelector(tool);
  const [listeners] = useState(() => new Set<() => void>());
  const [store, setStore] = useState<TodoStore>(() => ({ selector, listeners }));
  if (store.selector !== selector) setStore({ selector, listeners });
  // Reading again is idempotent; the revision told is compared with the last one committed, so a
  // render React throws away leaves nothing the next one depends on.
  const revision = selector.read(messages, status);
  const committed = useRef(-1);
  useLayoutEffect(() => {
    if (committed.current === revision) return;
    committed.current = revision;
    for (const listener of listeners) listener();
  });
  return <TodoStoreContext.Provider value={store}>{children}</TodoStoreContext.Provider>;
}

/** The state of one call (default: the newest) from the nearest {@link TodoProvider}; `undefined` outside one. */
export function useProvidedTodoState(toolCallId: string | undefined, skip = false): AnyTodoState | undefined {
  const provided = useContext(TodoStoreContext);
  const store = skip ? undefined : provided;
  const subscribe = useCallback(
    (listener: () => void) => {
      if (!store) return () => {};
      store.listeners.add(listener);
      return () => store.listeners.delete(listener);
    },
    [store],
  );
  const read = (): AnyTodoState | undefined => store?.selector.state(toolCallId);
  return useSyncExternalStore(subscribe, read, read);
}
