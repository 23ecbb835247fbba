/**
 * The streaming derivation: everything the checklist shows, as a function of the messages.
 */
import { parseTodos } from './parse-todos.js';
import { indexTodoRows, placeTodos, type TodoRow, type TodoRowIndex } from './place-todos.js';
import { isTodoPart, type PartLike, type TodoCall, type TodoMessageLike, toTodoCall } from './read-todo-calls.js';
import { shareTodoState } from './share-todo-state.js';
import { TODO_TOOL_NAME } from './todo.js';
import type { TodoRejection, TodoState } from './todo-state.js';

/** Options of {@link createTodoSelector}. */
export interface TodoSelectorOptions {
  /** The name the tool is registered under. Default `'todo_write'` (`TODO_TOOL_NAME`). */
  toolName?: string;
}

/** What {@link TodoSelector.select} reads besides the messages. */
export interface SelectTodosOptions {
  /**
   * `useChat`'s status. With `'ready'` or `'error'`, a call still `input-streaming`, or whose
   * `execute` never finished (`input-available`, preliminary output), was abandoned (Stop, network
   * failure) and the last accepted list comes back. Default: unknown (a streaming call counts as streaming).
   */
  status?: 'submitted' | 'streaming' | 'ready' | 'error' | undefined;
  /**
   * Shows the list as this call left it (for a tool part rendered inline in a chat message) instead
   * of the conversation's newest call. A call that a later call superseded is over: if it never
   * finished it reads as interrupted. Default: the newest call.
   */
  toolCallId?: string | undefined;
}

/** Derives {@link TodoState} from a conversation, reusing its own earlier work (see {@link createTodoSelector}). */
export interface TodoSelector {
  select(messages: readonly TodoMessageLike[], options?: SelectTodosOptions): TodoState;
}

/** Options of {@link selectTodoState}. */
export type SelectTodoStateOptions = SelectTodosOptions & TodoSelectorOptions;

/** An accepted call's list: final once the call is `output-available`. */
interface Accepted {
  toolCallId: string;
  todos: readonly TodoRow[];
  removed: readonly TodoRow[];
  /** The list it was laid over: its rows are valid only while that is still the list before it. */
  before: Accepted | undefined;
  /** Its rows indexed for the calls laid over it, made on first use. */
  index?: TodoRowIndex;
  /** The last `select` that used it (older entries are dropped once they pile up). */
  usedIn?: number;
}

const NO_ROWS: readonly TodoRow[] = [];

/** The rows of `accepted` indexed, once per accepted list (every delta of the next call lays over them). */
function indexOf(accepted: Accepted | undefined, empty: TodoRowIndex): TodoRowIndex {
  if (!accepted) return empty;
  accepted.index ??= indexTodoRows(accepted.todos);
  return accepted.index;
}
/** `error` of a denied call whose approval gave no reason. */
const DENIED_WITHOUT_REASON = 'The update was denied.';

/**
 * Creates a selector: `select(messages, { status })` derives the checklist of a conversation. The
 * newest `todo_write` call wins; streamed items appear as they arrive (never an empty item, never a
 * cut-off status); the last accepted list stays until the new call has replaced it; rejected or
 * abandoned calls bring it back.
 *
 * A selector remembers each accepted call's rows by its `toolCallId` (an accepted call's input is
 * final), so a delta costs the same however long the conversation and whether or not the messages
 * were copied; and it returns the same state and row objects as its last result when nothing
 * visible changed. Use one selector per conversation view (`useTodos` owns one).
 */
export function createTodoSelector(options: TodoSelectorOptions = {}): TodoSelector {
  const toolName = options.toolName ?? TODO_TOOL_NAME;
  const partType = `tool-${toolName}`;
  // Accepted lists by toolCallId; an id may repeat (`call_0` every step), so each holds the list of
  // every call of that id, told apart by the list they were laid over.
  const acceptedByCall = new Map<string, Accepted[]>();
  let selects = 0;
  let previous: TodoState | undefined;
  const emptyIndex = indexTodoRows(NO_ROWS);

  function select(messages: readonly TodoMessageLike[], selectOptions: SelectTodosOptions = {}): TodoState {
    const { status, toolCallId: target } = selectOptions;
    const scanNumber = ++selects;
    let used = 0;
    let accepted: Accepted | undefined;
    // The newest call so far, the list before it, and whether a later message follows it.
    let newest: { part: PartLike; before: Accepted | undefined; isOld: boolean } | undefined;
    let superseded = false;
    scan: for (let index = 0; index < messages.length; index++) {
      for (const part of messages[index]?.parts ?? []) {
        if (!isTodoPart(part, toolName, partType)) continue;
        if (target !== undefined && newest !== undefined && String(newest.part.toolCallId ?? '') === target) {
          superseded = true;
          break scan;
        }
        newest = { part, before: accepted, isOld: index < messages.length - 1 };
        if (part.state !== 'output-available' || part.preliminary === true) continue;
        const toolCallId = String(part.toolCallId ?? '');
        const calls = acceptedByCall.get(toolCallId);
        let entry = calls?.find((candidate) => candidate.before === accepted);
        if (entry === undefined) {
          entry = accept(toTodoCall(part, toolName)!, accepted, emptyIndex);
          if (calls) calls.push(entry);
          else acceptedByCall.set(toolCallId, [entry]);
        }
        entry.usedIn = scanNumber;
        used += 1;
        accepted = entry;
      }
    }
    // Another conversation, or calls edited away: drop what this one no longer holds.
    if (acceptedByCall.size > 2 * used + 16) {
      for (const [toolCallId, calls] of acceptedByCall) {
        const kept = calls.filter((entry) => entry.usedIn === scanNumber);
        if (kept.length > 0) acceptedByCall.set(toolCallId, kept);
        else acceptedByCall.delete(toolCallId);
      }
    }
    const call = newest && toTodoCall(newest.part, toolName);
    const shown = newest && call && (target === undefined || call.toolCallId === target) ? newest : undefined;
    const ended = status === 'ready' || status === 'error' || superseded;
    const next = stateOf(
      shown && call ? { ...shown, call, index: indexOf(shown.before, emptyIndex) } : undefined,
      accepted,
      status,
      superseded,
      previous?.todos,
    );
    const shared = shareTodoState({ ...next, live: next.phase !== 'empty' && !ended }, previous);
    previous = shared;
    return shared;
  }

  return { select };
}

/**
 * The checklist of a conversation, derived from scratch: `createTodoSelector({ toolName }).select(messages, options)`.
 * Pure: the same messages (by value) give the same state, on the server and in the browser.
 */
export function selectTodoState(messages: readonly TodoMessageLike[], options: SelectTodoStateOptions = {}): TodoState {
  return createTodoSelector(options).select(messages, options);
}

function accept(call: TodoCall, before: Accepted | undefined, empty: TodoRowIndex): Accepted {
  const items = parseTodos(call.input);
  // An accepted call with no task array (stored by another tool) leaves the list as it was.
  if (!items) return { ...(before ?? { todos: NO_ROWS, removed: NO_ROWS }), toolCallId: call.toolCallId, before };
  const { todos, removed } = placeTodos(items, indexOf(before, empty), call.toolCallId, false);
  return { toolCallId: call.toolCallId, todos, removed, before };
}

type UnsharedState = Omit<TodoState, 'counts' | 'live'>;

function stateOf(
  newest: { call: TodoCall; before: Accepted | undefined; index: TodoRowIndex; isOld: boolean } | undefined,
  accepted: Accepted | undefined,
  status: SelectTodosOptions['status'],
  superseded: boolean,
  previousRows: readonly TodoRow[] | undefined,
): UnsharedState {
  if (!newest) return { phase: 'empty', todos: NO_ROWS, removed: NO_ROWS };
  const { call, before, index, isOld } = newest;
  const { toolCallId, input } = call;
  const rejected = (rejection: TodoRejection, error?: string): UnsharedState => ({
    phase: 'rejected',
    todos: before?.todos ?? NO_ROWS,
    removed: before?.removed ?? NO_ROWS,
    toolCallId: before?.toolCallId,
    rejection,
    error,
  });
  const placed = (isPartial: boolean) =>
    placeTodos(parseTodos(input, isPartial) ?? [], index, toolCallId, isPartial, previousRows);
  // A call in an earlier message than the last one, or superseded by a later call, is over whatever the status says.
  const over = isOld || superseded || status === 'ready' || status === 'error';
  switch (call.state) {
    case 'input-streaming':
      return over ? rejected('interrupted') : { phase: 'streaming', toolCallId, ...placed(true) };
    case 'approval-requested':
      // Waiting for the user's approval is legitimate after the stream ended.
      return isOld || superseded || status === 'error' || call.approvalId === undefined
        ? rejected('interrupted')
        : { phase: 'review', toolCallId, approvalId: call.approvalId, ...placed(false) };
    case 'approval-responded':
      if (call.approved === false) return rejected('denied', call.denialReason);
      return isOld || superseded || status === 'error'
        ? rejected('interrupted')
        : { phase: 'executing', toolCallId, ...placed(false) };
    case 'input-available':
      // Stopped while `execute` ran (e.g. awaiting `onWrite`): the list was never saved.
      return over ? rejected('interrupted') : { phase: 'executing', toolCallId, ...placed(false) };
    case 'output-available':
      if (!call.preliminary) {
        return {
          phase: 'accepted',
          toolCallId,
          todos: accepted?.todos ?? NO_ROWS,
          removed: accepted?.removed ?? NO_ROWS,
        };
      }
      return over ? rejected('interrupted') : { phase: 'executing', toolCallId, ...placed(false) };
    case 'output-error':
      return rejected('error', call.errorText);
    case 'output-denied':
      return rejected('denied', call.denialReason ?? DENIED_WITHOUT_REASON);
    default:
      return accepted
        ? { phase: 'accepted', toolCallId: accepted.toolCallId, todos: accepted.todos, removed: accepted.removed }
        : { phase: 'empty', todos: NO_ROWS, removed: NO_ROWS };
  }
}
