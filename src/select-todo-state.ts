/**
 * The streaming derivation: everything the checklist shows, as a pure function of the messages.
 */
import { TODO_TOOL_NAME, type TodoCounts } from './todo.js';
import { toTodoCall, type TodoCall, type TodoMessageLike } from './todo-call.js';
import { placeTodos, type TodoItem, type TodoPlacement } from './todo-keys.js';
import { shareTodoState, type UncountedTodoState } from './share-todo-state.js';

/**
 * Where the call on screen stands:
 * `empty` (no call yet), `streaming` (arguments arriving), `executing` (input complete, no result yet,
 * including the approval states), `accepted` (the tool returned), `rejected` (the newest call failed,
 * was denied or was interrupted; the last accepted list is shown).
 */
export type TodoPhase = 'empty' | 'streaming' | 'executing' | 'accepted' | 'rejected';

/** Why the newest call did not replace the list: `output-error`, `output-denied`, or a stream that ended mid-call. */
export type TodoRejection = 'error' | 'denied' | 'interrupted';

interface TodoStateBase {
  /** The rows, in order. Same array (and same item objects) as `previous` when nothing visible changed. */
  todos: readonly TodoItem[];
  /** Rows per status, over `todos`. */
  counts: TodoCounts;
}

/** What the checklist shows. */
export type TodoState = TodoStateBase &
  (
    | { phase: 'empty'; toolCallId?: never; error?: never; rejection?: never }
    | {
        phase: 'streaming' | 'executing' | 'accepted';
        /** The call whose list is on screen. */
        toolCallId: string;
        error?: never;
        rejection?: never;
      }
    | {
        phase: 'rejected';
        /** The last accepted call, whose list is back on screen (none when there was none). */
        toolCallId?: string;
        /** The newest call's `errorText` (or the denial reason), while it is the newest call. */
        error?: string;
        rejection: TodoRejection;
      }
  );

/** Options of {@link selectTodoState}. */
export interface SelectTodoStateOptions {
  /**
   * `useChat`'s status. With `'ready'` or `'error'`, a call still `input-streaming`, or whose
   * `execute` never finished (`input-available`, preliminary output), was abandoned (Stop, network
   * failure) and the last accepted list comes back. Default: unknown (a streaming
   * call counts as streaming).
   */
  status?: 'submitted' | 'streaming' | 'ready' | 'error';
  /** The state this function returned last time, for structural sharing. Default: none. */
  previous?: TodoState;
  /** The name the tool is registered under. Default: `TODO_TOOL_NAME` (`'todo_write'`). */
  toolName?: string;
}

interface Accepted {
  todos: readonly TodoItem[];
  toolCallId: string;
}

/** What one message leaves behind: the accepted list after it, and its newest call with the list before that call. */
interface MessageFold {
  input: Accepted | undefined;
  output: Accepted | undefined;
  newest?: { call: TodoCall; before: Accepted | undefined };
}

const NO_TODOS: readonly TodoItem[] = [];
/** `error` of a denied call whose approval gave no reason. */
const DENIED_WITHOUT_REASON = 'The update was denied.';
/** The placement behind each streaming state, so the next delta of the call reuses its unchanged items. */
const placements = new WeakMap<TodoState, TodoPlacement>();
const foldsByToolName = new Map<string, WeakMap<object, MessageFold>>();
/** Accepted lists by their part's `input` object: `@ai-sdk/react` copies the parts of the streaming message, not their inputs. */
const acceptedByInput = new WeakMap<object, Accepted & { before: readonly TodoItem[] }>();

function accept({ input, toolCallId }: TodoCall, before: Accepted | undefined): Accepted {
  const beforeTodos = before?.todos ?? NO_TODOS;
  const cached = input instanceof Object ? acceptedByInput.get(input) : undefined;
  if (cached?.before === beforeTodos && cached.toolCallId === toolCallId) return cached;
  const accepted = { toolCallId, todos: placeTodos(input, beforeTodos, toolCallId, false).todos, before: beforeTodos };
  if (input instanceof Object) acceptedByInput.set(input, accepted);
  return accepted;
}

function foldMessage(message: TodoMessageLike, input: Accepted | undefined, toolName: string): MessageFold {
  const fold: MessageFold = { input, output: input };
  for (const part of message?.parts ?? []) {
    const call = toTodoCall(part, toolName);
    if (!call) continue;
    fold.newest = { call, before: fold.output };
    if (call.state === 'output-available' && !call.preliminary) fold.output = accept(call, fold.output);
  }
  return fold;
}

/**
 * Derives the checklist from a conversation: the newest `todo_write` call wins, streamed items appear
 * as they arrive (never an empty item, never a cut-off status), the last accepted list stays until the
 * new call has replaced it (its unclaimed rows follow the streamed ones), rejected or
 * abandoned calls bring it back. Earlier messages are cached by identity; pass `previous` to get the
 * same objects back when nothing visible changed.
 */
export function selectTodoState(messages: readonly TodoMessageLike[], options: SelectTodoStateOptions = {}): TodoState {
  const { toolName = TODO_TOOL_NAME, status, previous } = options;
  let folds = foldsByToolName.get(toolName);
  if (!folds) foldsByToolName.set(toolName, (folds = new WeakMap()));
  let accepted: Accepted | undefined;
  let newest: MessageFold['newest'];
  let newestMessage = -1;
  messages.forEach((message, index) => {
    let fold = folds.get(message);
    if (!fold || fold.input !== accepted) {
      fold = foldMessage(message, accepted, toolName);
      if (message instanceof Object) folds.set(message, fold);
    }
    if (fold.newest) {
      newest = fold.newest;
      newestMessage = index;
    }
    accepted = fold.output;
  });
  const { placement, ...next } = stateOf(newest, accepted, status, newestMessage < messages.length - 1, previous);
  const state = shareTodoState(next, previous);
  if (placement) placements.set(state, placement);
  return state;
}

function stateOf(
  newest: MessageFold['newest'],
  accepted: Accepted | undefined,
  status: SelectTodoStateOptions['status'],
  isOld: boolean,
  previous: TodoState | undefined,
): UncountedTodoState & { placement?: TodoPlacement } {
  if (!newest) return { phase: 'empty', todos: NO_TODOS };
  const { call, before } = newest;
  const { toolCallId, input } = call;
  const beforeTodos = before?.todos ?? NO_TODOS;
  const rejected = (rejection: TodoRejection, error?: string): UncountedTodoState => ({
    phase: 'rejected',
    todos: beforeTodos,
    toolCallId: before?.toolCallId,
    rejection,
    error,
  });
  const ended = isOld || status === 'ready' || status === 'error';
  const executing = (): UncountedTodoState => ({
    phase: 'executing',
    toolCallId,
    todos: placeTodos(input, beforeTodos, toolCallId, false).todos,
  });
  switch (call.state) {
    case 'input-streaming':
      if (ended) return rejected('interrupted');
      return {
        phase: 'streaming',
        toolCallId,
        ...placeTodos(input, beforeTodos, toolCallId, true, previous && placements.get(previous)),
      };
    case 'approval-requested':
    case 'approval-responded':
      // Waiting for the user's approval is legitimate after the stream ended.
      return isOld || status === 'error' ? rejected('interrupted') : executing();
    case 'input-available':
      // Stopped while `execute` ran (e.g. awaiting `onWrite`): the list was never saved.
      return ended ? rejected('interrupted') : executing();
    case 'output-available':
      if (!call.preliminary) return { phase: 'accepted', toolCallId, todos: accepted?.todos ?? NO_TODOS };
      return ended ? rejected('interrupted') : executing();
    case 'output-error':
      return rejected('error', call.errorText);
    case 'output-denied':
      return rejected('denied', call.denialReason ?? DENIED_WITHOUT_REASON);
    default:
      return accepted
        ? { phase: 'accepted', toolCallId: accepted.toolCallId, todos: accepted.todos }
        : { phase: 'empty', todos: NO_TODOS };
  }
}
