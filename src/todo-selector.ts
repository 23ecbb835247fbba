/**
 * The streaming derivation: the state types, the selector and its caches, and `stateOf`, a pure
 * function from (list before, call, status) to state.
 */
import { parseTodos, readTodoArray, readTodoExplanation } from './parse-todos.js';
import { placeTodoRows } from './place-todo-rows.js';
import {
  type ChatStatus,
  callOutcome,
  isCallOver,
  isTodoPart,
  type PartLike,
  partInput,
  partsOf,
  type TodoCall,
  type TodoCallOutcome,
  type TodoMessageLike,
  toTodoCall,
} from './read-todo-calls.js';
import { countStatuses, type TodoCounts, type TodoRowStatus, type TodoStatus } from './todo.js';
import { resolveTodoTool, statusesOf, type TodoToolShape } from './todo-tool-shape.js';

/** One row of the checklist: a task with a stable key. `Status`: the statuses of the tool's shape. */
export interface TodoRow<Status extends TodoRowStatus = TodoStatus> {
  /** Stable React key: the matching row's of the list before, else `${toolCallId}:${index}`. */
  key: string;
  content: string;
  status: Status;
  /** The task's present-tense text, for shapes with an `activeForm` key: what the row shows while it is `in_progress`. */
  activeForm?: string | undefined;
  /** A new task whose text is still being written. */
  streaming: boolean;
  /**
   * What the call on screen did to the task against the list before: `added`, `started`, `completed`,
   * `reopened`, `cancelled`, or `removed` (only in `TodoState.removed`); `undefined` when it left it as it was.
   */
  change?: 'added' | 'started' | 'completed' | 'reopened' | 'cancelled' | 'removed' | undefined;
}

interface TodoStateBase<Status extends TodoRowStatus> {
  /** The rows, in order. The same array and row objects as the last result when nothing visible changed. */
  todos: readonly TodoRow<Status>[];
  /** Tasks the call on screen dropped (`change: 'removed'`), until the next call; `[]` while a call streams. */
  removed: readonly TodoRow<Status>[];
  /** Rows per status: the three, and `cancelled` for a shape that has it (counted apart from `completed`). */
  counts: [Exclude<Status, TodoStatus>] extends [never]
    ? TodoCounts
    : TodoCounts & Record<Exclude<Status, TodoStatus>, number>;
  /** The list belongs to the conversation's newest call, the chat has not ended, and it is not waiting for review. */
  live: boolean;
  /** The note on the whole plan of the list on screen, for shapes with an `explanation` key (Codex). */
  explanation?: string | undefined;
}

/**
 * What the checklist shows. `phase`: `empty` (no call yet), `streaming` (arguments arriving), `review`
 * (waits for the person's approval), `executing` (input complete, no result yet), `accepted`, or
 * `rejected` (failed, denied or interrupted: the last accepted list is shown).
 */
export type TodoState<Status extends TodoRowStatus = TodoStatus> = TodoStateBase<Status> &
  (
    | { phase: 'empty'; toolCallId?: never; approvalId?: never; error?: never; rejection?: never }
    | {
        phase: 'streaming' | 'executing' | 'accepted';
        /** The call whose list is on screen. */
        toolCallId: string;
        approvalId?: never;
        error?: never;
        rejection?: never;
      }
    | {
        phase: 'review';
        toolCallId: string;
        /** The approval request to answer (`addToolApprovalResponse({ id: approvalId, approved })`). */
        approvalId: string;
        error?: never;
        rejection?: never;
      }
    | {
        phase: 'rejected';
        /** The last accepted call, whose list is back on screen (none when there was none). */
        toolCallId?: string;
        approvalId?: never;
        /** The tool's error text, or the reason the person gave for denying it. */
        error?: string;
        /** `error` (the tool refused it), `denied` (the person did), `interrupted` (it never finished). */
        rejection: 'error' | 'denied' | 'interrupted';
      }
  );

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

/** A state of any shape: what the views take. */
export type AnyTodoState = TodoState | TodoState<TodoRowStatus>;

type Row = TodoRow<TodoRowStatus>;
type AnyState = TodoState<TodoRowStatus>;
type AnyShape = TodoToolShape<TodoRowStatus>;

/** A call as one reading found it, with the accepted list it was laid over. */
interface CallRecord {
  call: TodoCall;
  outcome: TodoCallOutcome;
  before: Accepted | undefined;
  /** In an earlier message than the last one, or a later call follows it. */
  isSuperseded: boolean;
  hasLaterCall: boolean;
  accepted?: Accepted;
}

/** An accepted call's rows, with the fields of its input they were read from (to check a reuse against). */
interface Accepted {
  todos: readonly Row[];
  removed: readonly Row[];
  toolCallId: string;
  before: Accepted | undefined;
  fields: readonly unknown[] | undefined;
  explanation: string | undefined;
}

const NO_ROWS: readonly Row[] = [];

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
    found.forEach(({ part, index }, at) => {
      const messageId = (list[index] as TodoMessageLike | null)?.id;
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
        const callsBefore = messageIds.filter((id, position) => position < at && id === messageId).length;
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

/** Whether `part` still reads as `call`: every field a finished call's state depends on, but its input. */
function isSameCall(call: TodoCall, part: PartLike): boolean {
  const approval = typeof part.approval === 'object' && part.approval !== null ? part.approval : undefined;
  return (
    call.state === part.state &&
    call.toolCallId === part.toolCallId &&
    call.preliminary === (part.preliminary === true) &&
    isSameOutput(call.output, part.output) &&
    call.errorText === (typeof part.errorText === 'string' ? part.errorText : undefined) &&
    call.denialReason === (typeof approval?.reason === 'string' ? approval.reason : undefined) &&
    call.approved === (typeof approval?.approved === 'boolean' ? approval.approved : undefined)
  );
}

/** Equal outputs: the same value, or flat objects with the same primitive fields (a deep copy of the tool's counts). */
function isSameOutput(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => {
    const value = (a as Record<string, unknown>)[key];
    return (typeof value !== 'object' || value === null) && value === (b as Record<string, unknown>)[key];
  });
}

/** The keys of an item that its row is read from. */
function itemKeys(shape: AnyShape): string[] {
  const keys = [shape.text, shape.status ?? 'status'];
  if (shape.activeForm !== undefined) keys.push(shape.activeForm);
  return keys;
}

/** The fields of an input's items that rows are read from, in order. */
function fieldsOf(input: unknown, shape: AnyShape): unknown[] | undefined {
  const array = readTodoArray(input, shape);
  if (!array) return undefined;
  const keys = itemKeys(shape);
  const fields: unknown[] = [];
  for (const item of array) {
    const record = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : undefined;
    for (const key of keys) fields.push(record?.[key]);
  }
  return fields;
}

/** Whether `input` still holds what `accepted` was read from (an input edited in place or a reused id does not). */
function isSameInput(accepted: Accepted, input: unknown, shape: AnyShape): boolean {
  const array = readTodoArray(input, shape);
  const { fields } = accepted;
  if (!array || !fields) return array === undefined && fields === undefined;
  const keys = itemKeys(shape);
  if (array.length * keys.length !== fields.length) return false;
  if (readTodoExplanation(input, false, shape) !== accepted.explanation) return false;
  for (let at = 0; at < array.length; at++) {
    const item = array[at];
    const record = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : undefined;
    for (let field = 0; field < keys.length; field++)
      if (record?.[keys[field]!] !== fields[at * keys.length + field]) return false;
  }
  return true;
}

function accept(call: TodoCall, before: Accepted | undefined, shape: AnyShape): Accepted {
  const items = parseTodos(call.input, false, shape);
  const fields = fieldsOf(call.input, shape);
  const { toolCallId } = call;
  // An accepted call with no task array (stored by another tool) leaves the list as it was.
  if (!items)
    return {
      todos: before?.todos ?? NO_ROWS,
      removed: before?.removed ?? NO_ROWS,
      toolCallId,
      before,
      fields,
      explanation: before?.explanation,
    };
  const explanation = readTodoExplanation(call.input, false, shape);
  return {
    ...placeTodoRows(items, before?.todos ?? NO_ROWS, toolCallId, false),
    toolCallId,
    before,
    fields,
    explanation,
  };
}

/** `{ explanation }` when there is one, so states of shapes without one keep their keys. */
function withExplanation(explanation: string | undefined): { explanation?: string } {
  return explanation === undefined ? {} : { explanation };
}

type UnsharedState = Omit<AnyState, 'counts' | 'live'>;
const EMPTY: UnsharedState = { phase: 'empty', todos: NO_ROWS, removed: NO_ROWS };
const KNOWN_STATES = [
  'input-streaming',
  'input-available',
  'approval-requested',
  'approval-responded',
  'output-available',
];

/** The state of one call, from the list before it, the call, and the chat's status. Pure. */
function stateOf(record: CallRecord, status: ChatStatus | undefined, shape: AnyShape): UnsharedState {
  const { call, before, accepted, outcome } = record;
  const { toolCallId, input } = call;
  const rejected = (rejection: 'error' | 'denied' | 'interrupted', error?: string): UnsharedState => ({
    phase: 'rejected',
    todos: before?.todos ?? NO_ROWS,
    removed: before?.removed ?? NO_ROWS,
    toolCallId: before?.toolCallId,
    rejection,
    ...(error === undefined ? {} : { error }),
    ...withExplanation(before?.explanation),
  });
  const proposed = (isPartial: boolean) => ({
    ...placeTodoRows(parseTodos(input, isPartial, shape) ?? [], before?.todos ?? NO_ROWS, toolCallId, isPartial),
    ...withExplanation(readTodoExplanation(input, isPartial, shape) ?? (isPartial ? before?.explanation : undefined)),
  });
  if (accepted)
    return {
      phase: 'accepted',
      toolCallId,
      todos: accepted.todos,
      removed: accepted.removed,
      ...withExplanation(accepted.explanation),
    };
  if (outcome === 'rejected')
    return rejected('error', call.errorText ?? (typeof call.output === 'string' ? call.output : undefined));
  if (outcome === 'denied') return rejected('denied', call.denialReason?.trim() ? call.denialReason : undefined);
  if (!KNOWN_STATES.includes(call.state))
    return before
      ? {
          phase: 'accepted',
          toolCallId: before.toolCallId,
          todos: before.todos,
          removed: before.removed,
          ...withExplanation(before.explanation),
        }
      : EMPTY;
  if (isCallOver(call, record.isSuperseded, status)) return rejected('interrupted');
  if (call.state === 'input-streaming') return { phase: 'streaming', toolCallId, ...proposed(true) };
  if (call.state === 'approval-requested')
    return { phase: 'review', toolCallId, approvalId: call.approvalId ?? '', ...proposed(false) };
  return { phase: 'executing', toolCallId, ...proposed(false) };
}

/** `next` with the row objects (and, when nothing changed, the whole state) of `last` where their values are equal. */
function share(next: Omit<AnyState, 'counts'>, last: AnyState | undefined, shape: AnyShape): AnyState {
  const todos = shareRows(next.todos, last?.todos);
  const removed = shareRows(next.removed, last?.removed);
  const fields = ['phase', 'toolCallId', 'approvalId', 'error', 'rejection', 'live', 'explanation'] as const;
  if (last && todos === last.todos && removed === last.removed && fields.every((field) => next[field] === last[field]))
    return last;
  const statuses = statusesOf(shape);
  const counted = countStatuses(todos, statuses);
  const lastCounts = last?.counts as Record<string, number> | undefined;
  const counts = lastCounts && statuses.every((each) => counted[each] === lastCounts[each]) ? lastCounts : counted;
  return { ...next, todos, removed, counts } as AnyState;
}

/** The only place old rows are reused: looked up at the same position first, by key when they moved. */
function shareRows(next: readonly Row[], old: readonly Row[] | undefined): readonly Row[] {
  if (!old || next === old) return next;
  let oldByKey: Map<string, Row> | undefined;
  let isSameList = next.length === old.length;
  const rows = next.map((row, index) => {
    let candidate = old[index];
    if (candidate?.key !== row.key) {
      oldByKey ??= new Map(old.map((each) => [each.key, each]));
      candidate = oldByKey.get(row.key);
    }
    const same =
      candidate !== undefined &&
      candidate.content === row.content &&
      candidate.status === row.status &&
      candidate.activeForm === row.activeForm &&
      candidate.streaming === row.streaming &&
      candidate.change === row.change;
    const kept = same ? candidate! : row;
    if (kept !== old[index]) isSameList = false;
    return kept;
  });
  return isSameList ? old : rows;
}
