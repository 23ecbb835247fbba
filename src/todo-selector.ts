/**
 * The streaming derivation, in the order one delta goes through it: the state types; the selector
 * and its caches; `stateOf`, a pure function from (list before, call, status) to state; row
 * placement; structural sharing.
 */
import { matchTodoTexts, type TodoChanges, todoChangeOf } from './diff-todos.js';
import { parseTodos } from './parse-todos.js';
import { isTodoPart, type PartLike, type TodoCall, type TodoMessageLike, toTodoCall } from './read-todo-calls.js';
import { countTodos, TODO_STATUSES, TODO_TOOL_NAME, type TodoCounts, type TodoStatus } from './todo.js';

/**
 * What the call on screen did to a row, against the list before it: `added`, `started` (now
 * `in_progress`), `completed`, `reopened` (back from `completed`), or `removed` (only in `TodoState.removed`).
 */
export type TodoChange = 'added' | 'started' | 'completed' | 'reopened' | 'removed';

/** One row of the checklist: a task with a stable key. */
export interface TodoRow {
  /** Stable React key: inherited from the list before when the trimmed text matches, else `${toolCallId}:${index}`. */
  key: string;
  content: string;
  status: TodoStatus;
  /** A new task whose text is still being written. */
  streaming: boolean;
  /** What the call on screen did to this task; `undefined` when it left the task as it was. */
  change?: TodoChange | undefined;
}

/**
 * Where the call on screen stands: `empty` (no call yet), `streaming` (arguments arriving), `review`
 * (the proposal waits for the person's approval), `executing` (input complete, no result yet),
 * `accepted` (the tool returned), `rejected` (failed, denied or interrupted; the last accepted list is shown).
 */
export type TodoPhase = 'empty' | 'streaming' | 'review' | 'executing' | 'accepted' | 'rejected';

/** Why a call did not replace the list: `output-error`, a denial, or a call that ended unfinished. */
export type TodoRejection = 'error' | 'denied' | 'interrupted';

interface TodoStateBase {
  /** The rows, in order. The same array and row objects as the last result when nothing visible changed. */
  todos: readonly TodoRow[];
  /** Tasks the call on screen dropped (`change: 'removed'`), until the next call; `[]` while a call streams. */
  removed: readonly TodoRow[];
  /** Rows per status, over `todos`. */
  counts: TodoCounts;
  /** The list belongs to the conversation's newest call and the chat has not ended (`status` not `'ready'`/`'error'`). */
  live: boolean;
}

/** What the checklist shows. */
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
        /** The call's `errorText`, or the reason it was denied. */
        error?: string;
        rejection: TodoRejection;
      }
  );

/** Options of {@link createTodoSelector} and {@link selectTodoState}. */
export interface TodoSelectorOptions {
  /** The name the tool is registered under. Default `'todo_write'` (`TODO_TOOL_NAME`). */
  toolName?: string | undefined;
}

/** What a selector reads besides the messages. */
export interface SelectTodosOptions {
  /**
   * `useChat`'s status. With `'ready'` or `'error'` a call that never finished was abandoned (Stop,
   * network failure) and the last accepted list comes back; a pending approval outlives `'ready'`.
   * Default: unknown (a streaming call counts as streaming).
   */
  status?: 'submitted' | 'streaming' | 'ready' | 'error' | undefined;
  /** Shows the list as this call left it (a tool part rendered inline) instead of the newest call. Default: the newest call. */
  toolCallId?: string | undefined;
}

/** Derives {@link TodoState} from a conversation, reusing its own earlier work (see {@link createTodoSelector}). */
export interface TodoSelector {
  /**
   * Reads the conversation once; `state` then answers for any call. Returns the `toolCallId`s whose
   * state may differ from the last reading's, or `undefined` when any may (the status changed, calls went away).
   */
  read(messages: readonly TodoMessageLike[], status?: SelectTodosOptions['status']): ReadonlySet<string> | undefined;
  /** The state of the last conversation read, for `toolCallId` (default: the newest call). */
  state(toolCallId?: string): TodoState;
  /** `read` then `state`. */
  select(messages: readonly TodoMessageLike[], options?: SelectTodosOptions): TodoState;
}

/** A call as one reading found it, with the accepted list it was laid over. */
interface CallRecord {
  call: TodoCall;
  before: Accepted | undefined;
  /** In an earlier message than the last one: over whatever the status. */
  isOld: boolean;
  /** A later call of the conversation follows it. */
  hasLaterCall: boolean;
  /** Set on accepted calls. */
  accepted?: Accepted;
}

/** An accepted call's list: final once the call is `output-available`. */
interface Accepted {
  todos: readonly TodoRow[];
  removed: readonly TodoRow[];
  toolCallId: string;
  before: Accepted | undefined;
}

const NO_ROWS: readonly TodoRow[] = [];
/** `error` of a denied call whose approval gave no reason. */
export const DENIED_WITHOUT_REASON = 'The update was denied.';

/**
 * Creates a selector: the newest `todo_write` call wins; streamed items appear as they arrive
 * (never an empty item, never a cut-off status); the last accepted list stays until the new call has
 * replaced it; rejected or abandoned calls bring it back; a message replayed from its first chunk
 * (a resumed stream) keeps the newest accepted list until the replay has accepted that call again. A delta costs the same however long the
 * conversation and however the messages were copied, and the same state and row objects come back
 * while nothing visible changed. One selector serves every view of one conversation.
 */
export function createTodoSelector(options: TodoSelectorOptions = {}): TodoSelector {
  const toolName = options.toolName ?? TODO_TOOL_NAME;
  const partType = `tool-${toolName}`;
  // The last reading: every call in order, each accepted one with its rows. It is the cache of
  // accepted lists, keyed by position, toolCallId and the list laid over (ids may repeat: `call_0`).
  let calls: CallRecord[] = [];
  // The first call of each id in the last reading, made when a view asks for one.
  let firstById: Map<string, CallRecord> | undefined;
  let status: SelectTodosOptions['status'];
  // The last result per view ('' for the newest call), for structural sharing, with what it was
  // derived from when that is final (a finished call's state is computed once).
  const lastByView = new Map<string, { state: TodoState; inputs: readonly unknown[] | undefined }>();
  // The newest accepted list and the id of its message. A resumed stream replays that message from
  // its first chunk (same id, its calls gone for a while): until the replay has accepted the call
  // again, the newest call's view keeps this list, so the checklist neither empties nor steps back.
  let held: { accepted: Accepted; messageId: unknown } | undefined;
  let replaying = false;

  function read(
    messages: readonly TodoMessageLike[],
    nextStatus?: SelectTodosOptions['status'],
  ): ReadonlySet<string> | undefined {
    const records: CallRecord[] = [];
    const changed = new Set<string>();
    let before: Accepted | undefined;
    let beforeMessageId: unknown;
    let previous: CallRecord | undefined;
    for (let index = 0; index < messages.length; index++) {
      for (const part of messages[index]?.parts ?? []) {
        if (!isTodoPart(part, toolName, partType)) continue;
        const known = calls[records.length];
        // A finished call read as before keeps its object: one allocation less per call and delta.
        const call = known && isFinal(known) && isSameCall(known.call, part) ? known.call : toTodoCall(part, toolName)!;
        if (previous) previous.hasLaterCall = true;
        const record: CallRecord = { call, before, isOld: index < messages.length - 1, hasLaterCall: false };
        if (call.state === 'output-available' && !call.preliminary) {
          const isKnown =
            known?.accepted && known.accepted.before === before && known.call.toolCallId === call.toolCallId;
          record.accepted = isKnown ? known.accepted : accept(call, before);
          before = record.accepted;
          beforeMessageId = messages[index]?.id;
        }
        records.push(record);
        previous = record;
      }
    }
    records.forEach((record, at) => {
      if (!isSameRecord(calls[at], record)) changed.add(record.call.toolCallId);
    });
    const wasReplaying = replaying;
    const heldId = held?.accepted.toolCallId;
    replaying =
      held !== undefined &&
      held.messageId !== undefined &&
      (nextStatus === 'submitted' || nextStatus === 'streaming') &&
      messages.some((message) => message.id === held!.messageId) &&
      !records.some((record) => record.accepted?.toolCallId === heldId);
    if (!replaying) held = before ? { accepted: before, messageId: beforeMessageId } : undefined;
    const isEveryViewChanged = nextStatus !== status || records.length < calls.length || replaying || wasReplaying;
    calls = records;
    firstById = undefined;
    status = nextStatus;
    return isEveryViewChanged ? undefined : changed;
  }

  function recordOf(toolCallId: string): CallRecord | undefined {
    if (!firstById) {
      firstById = new Map();
      for (const record of calls)
        if (!firstById.has(record.call.toolCallId)) firstById.set(record.call.toolCallId, record);
      // Views of calls edited away go; a view waiting for its call (empty) stays, so its state is stable.
      for (const [view, last] of lastByView) {
        if (view !== '' && last.state.phase !== 'empty' && !firstById.has(view)) lastByView.delete(view);
      }
    }
    return firstById.get(toolCallId);
  }

  function state(toolCallId?: string): TodoState {
    const view = toolCallId ?? '';
    const last = lastByView.get(view);
    if (replaying && view === '' && held) {
      const { todos, removed, toolCallId: heldId } = held.accepted;
      const kept = share({ phase: 'accepted', toolCallId: heldId, todos, removed, live: true }, last?.state);
      lastByView.set(view, { state: kept, inputs: undefined });
      return kept;
    }
    const record = toolCallId === undefined ? calls.at(-1) : recordOf(toolCallId);
    const inputs = inputsOf(record, status);
    if (inputs && last?.inputs && inputs.every((input, index) => input === last.inputs![index])) return last.state;
    const ended = status === 'ready' || status === 'error' || record?.hasLaterCall === true;
    const next = record ? stateOf(record, status) : EMPTY;
    const shared = share({ ...next, live: next.phase !== 'empty' && !ended }, last?.state);
    lastByView.set(view, { state: shared, inputs });
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
 * Pure: the same messages (by value) give the same state, on the server and in the browser.
 */
export function selectTodoState(
  messages: readonly TodoMessageLike[],
  options: SelectTodosOptions & TodoSelectorOptions = {},
): TodoState {
  return createTodoSelector(options).select(messages, options);
}

/** Whether a call reads as it did in the last reading: a finished call in the same place over the same list. */
function isSameRecord(old: CallRecord | undefined, record: CallRecord): boolean {
  const { call } = record;
  return (
    old !== undefined &&
    isFinal(record) &&
    old.call.toolCallId === call.toolCallId &&
    old.call.state === call.state &&
    old.call.errorText === call.errorText &&
    old.call.denialReason === call.denialReason &&
    old.call.approved === call.approved &&
    old.accepted === record.accepted &&
    old.before === record.before &&
    old.isOld === record.isOld &&
    old.hasLaterCall === record.hasLaterCall
  );
}

/** Whether `part` still reads as `call` (the fields a finished call's state depends on). */
function isSameCall(call: TodoCall, part: PartLike): boolean {
  const approval = part.approval;
  return (
    call.state === part.state &&
    call.toolCallId === String(part.toolCallId ?? '') &&
    call.preliminary === (part.preliminary === true) &&
    call.errorText === (typeof part.errorText === 'string' ? part.errorText : undefined) &&
    call.denialReason === (typeof approval?.reason === 'string' ? approval.reason : undefined) &&
    call.approved === (typeof approval?.approved === 'boolean' ? approval.approved : undefined)
  );
}

/** A call whose state no longer depends on its input or the chat's status: accepted, failed or denied. */
function isFinal({ call, accepted }: CallRecord): boolean {
  return (
    accepted !== undefined ||
    call.state === 'output-error' ||
    call.state === 'output-denied' ||
    (call.state === 'approval-responded' && call.approved === false)
  );
}

/** What a finished call's state follows from; `undefined` for a call under way (derived on every reading). */
function inputsOf(
  record: CallRecord | undefined,
  status: SelectTodosOptions['status'],
): readonly unknown[] | undefined {
  if (!record) return [status];
  if (!isFinal(record)) return undefined;
  const { call, accepted, before, hasLaterCall } = record;
  return [accepted, before, call.state, call.errorText, call.denialReason, hasLaterCall, status];
}

function accept(call: TodoCall, before: Accepted | undefined): Accepted {
  const items = parseTodos(call.input);
  // An accepted call with no task array (stored by another tool) leaves the list as it was.
  if (!items)
    return {
      todos: before?.todos ?? NO_ROWS,
      removed: before?.removed ?? NO_ROWS,
      toolCallId: call.toolCallId,
      before,
    };
  return {
    ...placeTodos(items, before?.todos ?? NO_ROWS, call.toolCallId, false),
    toolCallId: call.toolCallId,
    before,
  };
}

/**
 * Whether a call that has not finished is over: it sits in an earlier message than the last one or
 * a later call follows it, the chat failed, or the stream ended (a pending approval outlives the stream).
 */
export function isCallOver(
  call: Pick<TodoCall, 'state'>,
  isSuperseded: boolean,
  status: SelectTodosOptions['status'],
): boolean {
  if (isSuperseded || status === 'error') return true;
  return status === 'ready' && !call.state.startsWith('approval-');
}

type UnsharedState = Omit<TodoState, 'counts' | 'live'>;
const EMPTY: UnsharedState = { phase: 'empty', todos: NO_ROWS, removed: NO_ROWS };

/** The state of one call, from the list before it, the call, and the chat's status. Pure. */
function stateOf(
  { call, before, isOld, hasLaterCall, accepted }: CallRecord,
  status: SelectTodosOptions['status'],
): UnsharedState {
  const { toolCallId, input } = call;
  const rejected = (rejection: TodoRejection, error?: string): UnsharedState => ({
    phase: 'rejected',
    todos: before?.todos ?? NO_ROWS,
    removed: before?.removed ?? NO_ROWS,
    toolCallId: before?.toolCallId,
    rejection,
    error,
  });
  const proposed = (isPartial: boolean) =>
    placeTodos(parseTodos(input, isPartial) ?? [], before?.todos ?? NO_ROWS, toolCallId, isPartial);
  if (accepted) return { phase: 'accepted', toolCallId, todos: accepted.todos, removed: accepted.removed };
  if (call.state === 'output-error') return rejected('error', call.errorText);
  if (call.state === 'output-denied' || (call.state === 'approval-responded' && call.approved === false)) {
    return rejected('denied', call.denialReason ?? DENIED_WITHOUT_REASON);
  }
  const known = ['input-streaming', 'input-available', 'approval-requested', 'approval-responded', 'output-available'];
  if (!known.includes(call.state))
    return before
      ? { phase: 'accepted', toolCallId: before.toolCallId, todos: before.todos, removed: before.removed }
      : EMPTY;
  if (isCallOver(call, isOld || hasLaterCall, status)) return rejected('interrupted');
  if (call.state === 'input-streaming') return { phase: 'streaming', toolCallId, ...proposed(true) };
  if (call.state === 'approval-requested')
    return { phase: 'review', toolCallId, approvalId: call.approvalId ?? '', ...proposed(false) };
  return { phase: 'executing', toolCallId, ...proposed(false) };
}

/**
 * Lays a call's items over `before`, the rows of the last accepted list. An item whose trimmed text
 * matches a row of `before` ({@link matchTodoTexts}, as `diffTodos` pairs tasks) takes its key (while its
 * own status is incomplete, the row's status). The growing last item of a streaming call whose text
 * starts an unmatched row is not shown yet: that row stays as it is, so a re-sent task is never retyped
 * and a new task never borrows an old row's text. Any other item is a new row `${toolCallId}:${index}`.
 * While streaming, the unmatched rows of `before` follow unchanged; otherwise they are `removed`.
 */
function placeTodos(
  items: ReturnType<typeof parseTodos> & {},
  before: readonly TodoRow[],
  toolCallId: string,
  isPartial: boolean,
): { todos: TodoRow[]; removed: TodoRow[] } {
  const last = items.at(-1);
  const growing = last?.isGrowing ? last : undefined;
  const settled = growing ? items.slice(0, -1) : items;
  const matches = matchTodoTexts(
    before.map((row) => row.content),
    settled.map((item) => item.text),
  );
  const claimed = new Set(matches);
  const todos: TodoRow[] = settled.map((item, at) => {
    const position = matches[at];
    if (position === undefined)
      return {
        key: newKey(toolCallId, at, before),
        content: item.content,
        status: item.status ?? 'pending',
        streaming: false,
        change: 'added',
      };
    const old = before[position]!;
    const status = item.status ?? (isPartial ? old.status : 'pending');
    return { key: old.key, content: item.content, status, streaming: false, change: todoChangeOf(old.status, status) };
  });
  const hides =
    growing && before.some((row, position) => !claimed.has(position) && row.content.trim().startsWith(growing.text));
  if (growing && !hides) {
    todos.push({
      key: newKey(toolCallId, settled.length, before),
      content: growing.content,
      status: growing.status ?? 'pending',
      streaming: true,
      change: 'added',
    });
  }
  const removed: TodoRow[] = [];
  before.forEach((row, position) => {
    if (claimed.has(position)) return;
    // Left as they are until the call reaches them: the list never shrinks while a call streams.
    if (isPartial) todos.push(row);
    else removed.push({ ...row, change: 'removed' });
  });
  return { todos, removed };
}

/** A new row's key; a provider that reuses call ids (`call_0` every step) could repeat a key of the list before. */
function newKey(toolCallId: string, at: number, before: readonly TodoRow[]): string {
  let key = `${toolCallId}:${at}`;
  while (before.some((row) => row.key === key)) key += "'";
  return key;
}

/** `next` with the row objects (and, when nothing changed, the whole state) of `last` where their values are equal. */
function share(next: Omit<TodoState, 'counts'>, last: TodoState | undefined): TodoState {
  const todos = shareRows(next.todos, last?.todos);
  const removed = shareRows(next.removed, last?.removed);
  const fields = ['phase', 'toolCallId', 'approvalId', 'error', 'rejection', 'live'] as const;
  if (last && todos === last.todos && removed === last.removed && fields.every((field) => next[field] === last[field]))
    return last;
  const counted = countTodos(todos);
  const counts =
    last && TODO_STATUSES.every((status) => counted[status] === last.counts[status]) ? last.counts : counted;
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

/**
 * What the call on screen did, as lists of rows (the comparison of `diffTodos`, read off the rows'
 * `change` and `removed`): for announcements, summaries and logs.
 */
export function todoChangesOf(state: Pick<TodoState, 'todos' | 'removed'>): TodoChanges<TodoRow> {
  const changes: TodoChanges<TodoRow> = {
    added: [],
    removed: [...state.removed],
    started: [],
    completed: [],
    reopened: [],
  };
  for (const row of state.todos) if (row.change && row.change !== 'removed') changes[row.change].push(row);
  return changes;
}
