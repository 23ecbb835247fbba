/** One reading of a conversation, shared by every per-call component inside it. */
import type { ChatStatus } from 'ai';
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
import {
  type AnyTodoState,
  isSameValue,
  type TodoLabels,
  type TodoMessageLike,
  type TodoReading,
  type TodoRowStatus,
  type TodoToolOption,
} from '../core.js';
import { useTodoReading } from './use-todos.js';

interface TodoStore {
  reading: TodoReading;
  listeners: Set<() => void>;
  labels: Partial<TodoLabels> | undefined;
}

const TodoStoreContext = createContext<TodoStore | undefined>(undefined);

/**
 * Reads the conversation once per update for every `<TodoCallSummary>` and `<TodoList toolCallId>` inside it. Props:
 * `messages` and `status` from `useChat()`; `tool`, the registered name, `todo_write`'s settings or an agent's shape
 * (default `'todo_write'`); `labels`, the texts every component inside shows (default English; an inline object is fine).
 */
export function TodoProvider(props: {
  messages: readonly TodoMessageLike[];
  status?: ChatStatus | undefined;
  tool?: TodoToolOption<TodoRowStatus> | undefined;
  labels?: Partial<TodoLabels> | undefined;
  children?: ReactNode;
}): ReactNode {
  const { messages, status, tool, labels, children } = props;
  const reading = useTodoReading(tool);
  const [listeners] = useState(() => new Set<() => void>());
  const [store, setStore] = useState<TodoStore>(() => ({ reading, listeners, labels }));
  // Labels are compared by value (their `changes` and `review` parts too), so an inline object costs nothing.
  if (store.reading !== reading || !isSameValue(store.labels, labels)) setStore({ reading, listeners, labels });
  // Reading again is idempotent; the revision told is compared with the last one committed, so a
  // render React throws away leaves nothing the next one depends on.
  const revision = reading.read(messages, status);
  const committed = useRef(-1);
  useLayoutEffect(() => {
    if (committed.current === revision) return;
    committed.current = revision;
    for (const listener of listeners) listener();
  });
  return <TodoStoreContext.Provider value={store}>{children}</TodoStoreContext.Provider>;
}

/** The nearest provider's labels; `undefined` outside one. */
export function useProvidedLabels(): Partial<TodoLabels> | undefined {
  return useContext(TodoStoreContext)?.labels;
}

/** The state of one call (default: the newest) of one agent's plan from the nearest {@link TodoProvider}; `undefined` outside one. */
export function useProvidedTodoState(
  toolCallId: string | undefined,
  agent: string | undefined,
  skip = false,
): AnyTodoState | undefined {
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
  // A stable snapshot function: a new one on every render makes React schedule an effect to record it.
  const read = useCallback(
    (): AnyTodoState | undefined => store?.reading.state(toolCallId, agent),
    [store, toolCallId, agent],
  );
  return useSyncExternalStore(subscribe, read, read);
}
