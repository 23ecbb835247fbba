/** The streaming derivation: the selector, what it keeps between readings, and the replay hold. */
import {
  type ChatStatus,
  callOutcome,
  isTodoPart,
  type PartLike,
  partInput,
  partsOf,
  type TodoMessageLike,
  toTodoCall,
} from './read-todo-calls.js';
import type { TodoRowStatus, TodoStatus } from './todo.js';
import { resolveTodoTool, type TodoToolShape } from './todo-tool-shape.js';
import {
  type Accepted,
  accept,
  type CallRecord,
  EMPTY,
  isSameCall,
  isSameInput,
  stateOf,
  withExplanation,
} from './todo-call-state.js';
import { type AnyShape, type AnyState, type AnyTodoState, share, type TodoState } from './todo-state.js';

export type { AnyTodoState, TodoRow, TodoState } from './todo-state.js';

/** Derives {@link TodoState} from a conversation, reusing its own earlier work (see {@link createTodoSelector}). */
export interface TodoSelector<Status extends TodoRowStatus = TodoStatus> {
  /**
   * Reads the conversation (`useChat().messages` and `status`); `state` then answers for any call.
   * Returns the reading's revision: the same number while no call's state can have changed.
   */
  read(messages: readonly TodoMessageLike[], status?: ChatStatus): number;
  /** The state of the last conversation read, for `toolCallId` (default: the newest call). */
  state(toolCallId?: string): TodoState<Status>;
  /** `read` then `state`. */
  select(
    messages: readonly TodoMessageLike[],
    options?: { status?: ChatStatus; toolCallId?: string },
  ): TodoState<Status>;
}

/**
 * Creates a selector: the newest call wins; streamed items appear as they arrive (never an empty item,
 * never a cut-off status); the last accepted list stays until a new call replaces it, and comes back
 * when a call is rejected or abandoned; a message replayed from its start (a resumed stream) keeps the
 * newest accepted list until the replay reaches that call again. Its caches never change the answer:
 * every reused list is checked against the call's input. `options.tool`: the name the tool is
 * registered under, or another agent's shape (`agentTodoTools`). Default `'todo_write'`.
 */
export function createTodoSelector<Status extends TodoRowStatus = TodoStatus>(options: {
  tool: TodoToolShape<Status>;
}): TodoSelector<Status>;
export function createTodoSelector(options?: { tool?: string | TodoToolShape | undefined }): TodoSelector;
export function createTodoSelector(
  options: { tool?: string | AnyShape | undefined } = {},
): TodoSelector | TodoSelector<TodoRowStatus> {
  return createShapeSelector(options.tool);
}

/** {@link createTodoSelector} for a shape whose statuses are not known statically (the components'). */
export function createShapeSelector(tool: string | AnyShape | undefined): TodoSelector<TodoRowStatus> {
  const shape: AnyShape = resolveTodoTool(tool);
  const partType = `tool-${shape.name}`;
  let calls: CallRecord[] = [];
  let firstById: Map<string, CallRecord> | undefined;
  let status: ChatStatus | undefined;
  // The last result per view ('' for the newest call) and what it was derived from, for sharing.
  const lastByView = new Map<
    string,
    {
      state: AnyState;
      record: CallRecord | undefined;
      status: ChatStatus | undefined;
      inputs?: readonly unknown[];
      /** The held list of a replay: never reused once the replay is over. */
      isHeld?: boolean;
    }
  >();
  // The newest accepted list, its message and its place among that message's calls: what a replay holds on to.
  let held: { accepted: Accepted; messageId: unknown; callsBefore: number } | undefined;
  let replaying = false;
  let revision = 0;

  function read(messages: readonly TodoMessageLike[], nextStatus?: ChatStatus): number {
    const list: readonly unknown[] = Array.isArray(messages) ? messages : [];
    const found: { part: PartLike; index: number }[] = [];
    for (let index = 0; index < list.length; index++) {
      for (const part of partsOf(list[index])) if (isTodoPart(part, shape.name, partType)) found.push({ part, index });
    }
    const records: CallRecord[] = [];
    let before: Accepted | undefined;
    let newest: typeof held;
    let isSameReading = found.length === calls.length;
    const messageIds: unknown[] = [];
    let callsInMessage = 0;
    found.forEach(({ part, index }, at) => {
      const messageId = (list[index] as TodoMessageLike | null)?.id;
      callsInMessage = at > 0 && found[at - 1]!.index === index ? callsInMessage + 1 : 0;
      const callsBefore = callsInMessage;
      messageIds.push(messageId);
      const hasLaterCall = at < found.length - 1;
      const isSuperseded = hasLaterCall || index < list.length - 1;
      const known = calls[at];
      let record: CallRecord;
      // A finished call read as before keeps its record, so its views answer without work.
      if (
        known !== undefined &&
        known.outcome !== 'open' &&
        known.before === before &&
        known.hasLaterCall === hasLaterCall &&
        known.isSuperseded === isSuperseded &&
        isSameCall(known.call, part) &&
        callOutcome(known.call, shape) === known.outcome &&
        (known.accepted === undefined || isSameInput(known.accepted, partInput(part), shape))
      ) {
        record = known;
      } else {
        const call = toTodoCall(part);
        const outcome = callOutcome(call, shape);
        record = { call, outcome, before, isSuperseded, hasLaterCall };
        if (outcome === 'accepted') {
          const accepted = known?.accepted;
          const isKnown =
            accepted !== undefined &&
            accepted.before === before &&
            accepted.toolCallId === call.toolCallId &&
            isSameInput(accepted, call.input, shape);
          record.accepted = isKnown ? accepted : accept(call, before, shape);
        }
        isSameReading = false;
      }
      if (record.accepted) {
        before = record.accepted;
        newest = { accepted: before, messageId, callsBefore };
      }
      records.push(record);
    });
    const isStreaming = nextStatus === 'submitted' || nextStatus === 'streaming';
    const wasReplaying = replaying;
    replaying = held !== undefined && isStreaming && isReplaying(held, records, messageIds, wasReplaying, list);
    if (!replaying) held = newest?.messageId === undefined ? undefined : newest;
    if (!isSameReading || nextStatus !== status || replaying || wasReplaying) revision += 1;
    calls = records;
    if (!isSameReading) firstById = undefined;
    status = nextStatus;
    return revision;
  }

  function recordOf(toolCallId: string): CallRecord | undefined {
    if (!firstById) {
      firstById = new Map();
      for (const record of calls)
        if (!firstById.has(record.call.toolCallId)) firstById.set(record.call.toolCallId, record);
    }
    return firstById.get(toolCallId);
  }

  function state(toolCallId?: string): AnyState {
    const view = toolCallId ?? '';
    const last = lastByView.get(view);
    if (replaying && view === '' && held) {
      const { todos, removed, toolCallId: heldId, explanation } = held.accepted;
      const kept = share(
        { phase: 'accepted', toolCallId: heldId, todos, removed, live: true, ...withExplanation(explanation) },
        last?.state,
        shape,
      );
      lastByView.set(view, { state: kept, record: undefined, status, isHeld: true });
      return kept;
    }
    const record = toolCallId === undefined ? calls.at(-1) : recordOf(toolCallId);
    if (last && !last.isHeld && record?.outcome !== 'open' && last.record === record && last.status === status)
      return last.state;
    const inputs = inputsOf(record, status);
    if (inputs && last?.inputs?.length === inputs.length && inputs.every((input, at) => input === last.inputs![at])) {
      lastByView.set(view, { state: last.state, record, status, inputs });
      return last.state;
    }
    const ended = status === 'ready' || status === 'error' || record?.hasLaterCall === true;
    const next = record ? stateOf(record, status, shape) : EMPTY;
    // A plan waiting for review has not started: it is not live until the person approves it.
    const live = next.phase !== 'empty' && next.phase !== 'review' && !ended;
    const shared = share({ ...next, live }, last?.state, shape);
    lastByView.set(view, { state: shared, record, status, ...(inputs ? { inputs } : {}) });
    return shared;
  }

  return {
    read,
    state,
    select(messages, selectOptions = {}) {
      read(messages, selectOptions.status);
      return state(selectOptions.toolCallId);
    },
  };
}

/**
 * Whether a replay of the held message is under way. A replay rebuilds the message from its first chunk, or resets
 * its calls one by one: the held list stays until the held call is accepted again after every call before it. A
 * `reset-step` drops only the last step, so calls before the held one intact and the held one gone releases it, as
 * does another call in its place.
 */
function isReplaying(
  held: { accepted: Accepted; messageId: unknown; callsBefore: number },
  records: readonly CallRecord[],
  messageIds: readonly unknown[],
  wasReplaying: boolean,
  messages: readonly unknown[],
): boolean {
  if (!messages.some((message) => (message as TodoMessageLike | null)?.id === held.messageId)) return false;
  const inMessage = records.filter((_, at) => messageIds[at] === held.messageId);
  const earlier = inMessage.slice(0, held.callsBefore);
  const isEarlierIntact = earlier.length === held.callsBefore && earlier.every((record) => record.outcome !== 'open');
  const standing = inMessage[held.callsBefore];
  if (standing !== undefined && standing.call.toolCallId !== held.accepted.toolCallId) return false;
  if (standing !== undefined && standing.outcome !== 'open') return !isEarlierIntact;
  return wasReplaying || !isEarlierIntact || held.callsBefore === 0;
}

/**
 * The checklist of a conversation, derived from scratch: `createTodoSelector(options).select(messages, options)`.
 * The same messages (by value) give the same state, on the server and in the browser.
 */
export function selectTodoState<Status extends TodoRowStatus = TodoStatus>(
  messages: readonly TodoMessageLike[],
  options: { status?: ChatStatus; toolCallId?: string; tool: TodoToolShape<Status> },
): TodoState<Status>;
export function selectTodoState(
  messages: readonly TodoMessageLike[],
  options?: { status?: ChatStatus; toolCallId?: string; tool?: string | TodoToolShape },
): TodoState;
export function selectTodoState(
  messages: readonly TodoMessageLike[],
  options: { status?: ChatStatus; toolCallId?: string; tool?: string | AnyShape } = {},
): AnyTodoState {
  return createShapeSelector(options.tool).select(messages, options);
}

/** What a finished call's state follows from; `undefined` for an open call (derived on every reading). */
function inputsOf(record: CallRecord | undefined, status: ChatStatus | undefined): readonly unknown[] | undefined {
  if (!record) return [status];
  if (record.outcome === 'open') return undefined;
  const { call, accepted, before, hasLaterCall } = record;
  return [
    accepted,
    before,
    record.outcome,
    call.toolCallId,
    call.errorText,
    call.output,
    call.denialReason,
    hasLaterCall,
    status,
  ];
}
