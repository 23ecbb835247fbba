/**
 * The streaming derivation: the state types, the selector and its caches, and `stateOf`, a pure
 * function from (list before, call, status) to state.
 */
import { parseTodos, readTodoArray } from './parse-todos.js';
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
import { countTodos, TODO_STATUSES, type TodoCounts, type TodoStatus } from './todo.js';
import { resolveTodoTool, type TodoToolShape } from './todo-tool-shape.js';

/** One row of the checklist: a task with a stable key. */
export interface TodoRow {
  /** Stable React key: the matching row's of the list before, else `${toolCallId}:${index}`. */
  key: string;
  content: string;
  status: TodoStatus;
  /** A new task whose text is still being written. */
  streaming: boolean;
  /**
   * What the call on screen did to the task against the list before: `added`, `started`, `completed`,
   * `reopened`, or `removed` (only in `TodoState.removed`); `undefined` when it left it as it was.
   */
  change?: 'added' | 'started' | 'completed' | 'reopened' | 'removed' | undefined;
}

interface TodoStateBase {
  /** The rows, in order. The same array and row objects as the last result when nothing visible changed. */
  todos: readonly TodoRow[];
  /** Tasks the call on screen dropped (`change: 'removed'`), until the next call; `[]` while a call streams. */
  removed: readonly TodoRow[];
  counts: TodoCounts;
  /** The list belongs to the conversation's newest call, the chat has not ended, and it is not waiting for review. */
  live: boolean;
}

/**
 * What the checklist shows. `phase`: `empty` (no call yet), `streaming` (arguments arriving), `review`
 * (waits for the person's approval), `executing` (input complete, no result yet), `accepted`, or
 * `rejected` (failed, denied or interrupted: the last accepted list is shown).
 */
export type TodoState = TodoStateBase &
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
export interface TodoSelector {
  /**
   * Reads the conversation (`useChat().messages` and `status`); `state` then answers for any call.
   * Returns the reading's revision: the same number while no call's state can have changed.
   */
  read(messages: readonly TodoMessageLike[], status?: ChatStatus): number;
  /** The state of the last conversation read, for `toolCallId` (default: the newest call). */
  state(toolCallId?: string): TodoState;
  /** `read` then `state`. */
  select(messages: readonly TodoMessageLike[], options?: { status?: ChatStatus; toolCallId?: string }): TodoState;
}

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
  todos: readonly TodoRow[];
  removed: readonly TodoRow[];
  toolCallId: string;
  before: Accepted | undefined;
  fields: readonly unknown[] | undefined;
}

const NO_ROWS: readonly TodoRow[] = [];

/**
 * Creates a selector: the newest call wins; streamed items appear as they arrive (never an empty item,
 * never a cut-off status); the last accepted list stays until a new call replaces it, and comes back
 * when a call is rejected or abandoned; a message replayed from its start (a resumed stream) keeps the
 * newest accepted list until the replay reaches that call again. Its caches never change the answer:
 * every reused list is checked against the call's input. `options.tool`: the name the tool is
 * registered under, or another agent's shape. Default `'todo_write'`.
 */
export function createTodoSelector(options: { tool?: string | TodoToolShape } = {}): TodoSelector {
  const shape = resolveTodoTool(options.tool);
  const partType = `tool-${shape.name}`;
  let calls: CallRecord[] = [];
  let firstById: Map<string, CallRecord> | undefined;
  let status: ChatStatus | undefined;
  // The last result per view ('' for the newest call) and what it was derived from, for sharing.
  const lastByView = new Map<
    string,
    { state: TodoState; record: CallRecord | undefined; status: ChatStatus | undefined; inputs?: readonly unknown[] }
  >();
  // The newest accepted list, its message and its place among the calls: what a replay holds on to.
  let held: { accepted: Accepted; messageId: unknown; index: number } | undefined;
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
    found.forEach(({ part, index }, at) => {
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
        newest = { accepted: before, messageId: (list[index] as TodoMessageLike).id, index: at };
      }
      records.push(record);
    });
    const isStreaming = nextStatus === 'submitted' || nextStatus === 'streaming';
    // A replay rebuilds the message from its first chunk: the held list stays until the held call is
    // accepted again. Another call in its place (a `reset-step`, then a retry) releases it at once.
    const standing = held && records[held.index];
    const wasReplaying = replaying;
    replaying =
      held !== undefined &&
      isStreaming &&
      (standing === undefined ||
        (standing.call.toolCallId === held.accepted.toolCallId && standing.outcome === 'open')) &&
      list.some((message) => (message as TodoMessageLike | null)?.id === held!.messageId);
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

  function state(toolCallId?: string): TodoState {
    const view = toolCallId ?? '';
    const last = lastByView.get(view);
    if (replaying && view === '' && held) {
      const { todos, removed, toolCallId: heldId } = held.accepted;
      const kept = share({ phase: 'accepted', toolCallId: heldId, todos, removed, live: true }, last?.state);
      lastByView.set(view, { state: kept, record: undefined, status });
      return kept;
    }
    const record = toolCallId === undefined ? calls.at(-1) : recordOf(toolCallId);
    if (last && record?.outcome !== 'open' && last.record === record && last.status === status) return last.state;
    const inputs = inputsOf(record, status);
    if (inputs && last?.inputs?.length === inputs.length && inputs.every((input, at) => input === last.inputs![at])) {
      lastByView.set(view, { state: last.state, record, status, inputs });
      return last.state;
    }
    const ended = status === 'ready' || status === 'error' || record?.hasLaterCall === true;
    const next = record ? stateOf(record, status, shape) : EMPTY;
    // A plan waiting for review has not started: it is not live until the person approves it.
    const shared = share({ ...next, live: next.phase !== 'empty' && next.phase !== 'review' && !ended }, last?.state);
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
 * The checklist of a conversation, derived from scratch: `createTodoSelector(options).select(messages, options)`.
 * The same messages (by value) give the same state, on the server and in the browser.
 */
export function selectTodoState(
  messages: readonly TodoMessageLike[],
  options: { status?: ChatStatus; toolCallId?: string; tool?: string | TodoToolShape } = {},
): TodoState {
  return createTodoSelector(options).select(messages, options);
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
    call.output === part.output &&
    call.errorText === (typeof part.errorText === 'string' ? part.errorText : undefined) &&
    call.denialReason === (typeof approval?.reason === 'string' ? approval.reason : undefined) &&
    call.approved === (typeof approval?.approved === 'boolean' ? approval.approved : undefined)
  );
}

/** The fields of an input's items that rows are read from, in order. */
function fieldsOf(input: unknown, shape: TodoToolShape): unknown[] | undefined {
  const array = readTodoArray(input, shape);
  if (!array) return undefined;
  const statusKey = shape.status ?? 'status';
  const fields: unknown[] = [];
  for (const item of array) {
    const record = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : undefined;
    fields.push(record?.[shape.text], record?.[statusKey]);
  }
  return fields;
}

/** Whether `input` still holds what `accepted` was read from (an input edited in place or a reused id does not). */
function isSameInput(accepted: Accepted, input: unknown, shape: TodoToolShape): boolean {
  const array = readTodoArray(input, shape);
  const { fields } = accepted;
  if (!array || !fields) return array === undefined && fields === undefined;
  if (array.length * 2 !== fields.length) return false;
  const textKey = shape.text;
  const statusKey = shape.status ?? 'status';
  for (let at = 0; at < array.length; at++) {
    const item = array[at];
    const record = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : undefined;
    if (record?.[textKey] !== fields[at * 2] || record?.[statusKey] !== fields[at * 2 + 1]) return false;
  }
  return true;
}

function accept(call: TodoCall, before: Accepted | undefined, shape: TodoToolShape): Accepted {
  const items = parseTodos(call.input, false, shape);
  const fields = fieldsOf(call.input, shape);
  const { toolCallId } = call;
  // An accepted call with no task array (stored by another tool) leaves the list as it was.
  if (!items)
    return { todos: before?.todos ?? NO_ROWS, removed: before?.removed ?? NO_ROWS, toolCallId, before, fields };
  return { ...placeTodoRows(items, before?.todos ?? NO_ROWS, toolCallId, false), toolCallId, before, fields };
}

type UnsharedState = Omit<TodoState, 'counts' | 'live'>;
const EMPTY: UnsharedState = { phase: 'empty', todos: NO_ROWS, removed: NO_ROWS };
const KNOWN_STATES = [
  'input-streaming',
  'input-available',
  'approval-requested',
  'approval-responded',
  'output-available',
];

/** The state of one call, from the list before it, the call, and the chat's status. Pure. */
function stateOf(record: CallRecord, status: ChatStatus | undefined, shape: TodoToolShape): UnsharedState {
  const { call, before, accepted, outcome } = record;
  const { toolCallId, input } = call;
  const rejected = (rejection: 'error' | 'denied' | 'interrupted', error?: string): UnsharedState => ({
    phase: 'rejected',
    todos: before?.todos ?? NO_ROWS,
    removed: before?.removed ?? NO_ROWS,
    toolCallId: before?.toolCallId,
    rejection,
    ...(error === undefined ? {} : { error }),
  });
  const proposed = (isPartial: boolean) =>
    placeTodoRows(parseTodos(input, isPartial, shape) ?? [], before?.todos ?? NO_ROWS, toolCallId, isPartial);
  if (accepted) return { phase: 'accepted', toolCallId, todos: accepted.todos, removed: accepted.removed };
  if (outcome === 'rejected')
    return rejected('error', call.errorText ?? (typeof call.output === 'string' ? call.output : undefined));
  if (outcome === 'denied') return rejected('denied', call.denialReason?.trim() ? call.denialReason : undefined);
  if (!KNOWN_STATES.includes(call.state))
    return before
      ? { phase: 'accepted', toolCallId: before.toolCallId, todos: before.todos, removed: before.removed }
      : EMPTY;
  if (isCallOver(call, record.isSuperseded, status)) return rejected('interrupted');
  if (call.state === 'input-streaming') return { phase: 'streaming', toolCallId, ...proposed(true) };
  if (call.state === 'approval-requested')
    return { phase: 'review', toolCallId, approvalId: call.approvalId ?? '', ...proposed(false) };
  return { phase: 'executing', toolCallId, ...proposed(false) };
}

/** `next` with the row objects (and, when nothing changed, the whole state) of `last` where their values are equal. */
function share(next: Omit<TodoState, 'counts'>, last: TodoState | undefined): TodoState {
  const todos = shareRows(next.todos, last?.todos);
  const removed = shareRows(next.removed, last?.removed);
  const fields = ['phase', 'toolCallId', 'approvalId', 'error', 'rejection', 'live'] as const;
  if (last && todos === last.todos && removed === last.removed && fields.every((field) => next[field] === last[field]))
    return last;
  const counted = countTodos(todos);
  const counts = last && TODO_STATUSES.every((each) => counted[each] === last.counts[each]) ? last.counts : counted;
  return { ...next, todos, removed, counts } as TodoState;
}

/** The only place old rows are reused: looked up at the same position first, by key when they moved. */
function shareRows(next: readonly TodoRow[], old: readonly TodoRow[] | undefined): readonly TodoRow[] {
  if (!old || next === old) return next;
  let oldByKey: Map<string, TodoRow> | undefined;
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
      candidate.streaming === row.streaming &&
      candidate.change === row.change;
    const kept = same ? candidate! : row;
    if (kept !== old[index]) isSameList = false;
    return kept;
  });
  return isSameList ? old : rows;
}
