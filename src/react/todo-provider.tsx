/** One reading of a conversation, shared by every per-call component inside it. */
import type { ChatStatus } from 'ai';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import {
  type AnyTodoState,
  isEditedCall,
  type TodoLabels,
  type TodoMessageLike,
  type TodoReading,
  type TodoRowStatus,
  type TodoToolOption,
} from '../core.js';
import { isSameOption, useTodoReading } from './use-todos.js';

interface TodoStore {
  reading: TodoReading;
  listeners: Set<() => void>;
  labels: Partial<TodoLabels> | undefined;
  /** The conversation last read, for what a call's state leaves out (whether the person edited its list). */
  latest: { messages: readonly TodoMessageLike[] };
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
  const [latest] = useState(() => ({ messages }));
  const [store, setStore] = useState<TodoStore>(() => ({ reading, listeners, labels, latest }));
  // Labels are compared by value (their `changes` and `review` parts too), so an inline object costs nothing.
  if (store.reading !== reading || !isSameOption(store.labels, labels))
    setStore({ reading, listeners, labels, latest });
  // Kept beside the reading, which is read in render too: a summary reads both in the same pass.
  latest.messages = messages;
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

/** Whether the person edited the list of the call `toolCallId`, from the nearest {@link TodoProvider} (read when `state` changes). */
export function useProvidedCallEdited(toolCallId: string, state: AnyTodoState | undefined): boolean {
  const store = useContext(TodoStoreContext);
  // Read again only when the call's state changes: an edit changes it (review, then accepted).
  return useMemo(
    () => state?.phase === 'accepted' && store !== undefined && isEditedCall(store.latest.messages, toolCallId),
    [state, store, toolCallId],
  );
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
  const read = (): AnyTodoState | undefined => store?.reading.state(toolCallId, agent);
  return useSyncExternalStore(subscribe, read, read);
}
