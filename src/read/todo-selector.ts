/** The streaming derivation: a reading of a conversation, what it keeps between readings, and the replay hold. */
import type { ChatStatus } from 'ai';
import { countTodos, type TodoRowStatus, type TodoStatus } from '../plan/todo-statuses.js';
import {
  bindTodoTool,
  type PlanTool,
  type TodoReader,
  type TodoToolOption,
  type TodoToolShape,
  type TodoWriteSettings,
} from '../plan/todo-tool-shape.js';
import {
  callOutcome,
  partOutcome,
  partsOf,
  type TodoCall,
  type TodoCallOutcome,
  type TodoMessageLike,
  toTodoCall,
} from './todo-calls.js';
import { shareRows } from './todo-rows.js';
import {
  type AnyState,
  type AnyTodoState,
  EMPTY,
  type Plan,
  planOf,
  stateOf,
  type TodoState,
  type UnsharedState,
} from './todo-state.js';

/** Derives a {@link TodoState} from a conversation, reusing its own earlier work (see {@link createTodoSelector}). */
export interface TodoSelector<Status extends TodoRowStatus = TodoStatus> {
  /**
   * The state of the conversation's newest call (or of `toolCallId`'s): `messages` and `status` from `useChat()`.
   * The same state and row objects as the last result while nothing visible changed.
   */
  select(
    messages: readonly TodoMessageLike[],
    options?: { status?: ChatStatus | undefined; toolCallId?: string | undefined },
  ): TodoState<Status>;
}

/** A selector that also tells whether a reading changed anything: one reading for many views (the provider's). */
export interface TodoReading extends TodoSelector<TodoRowStatus> {
  /** Reads the conversation; returns a revision that stays the same while no call of it can have changed. */
  read(messages: readonly TodoMessageLike[], status: ChatStatus | undefined): number;
  /** The state of the last conversation read, for `toolCallId` (default: the newest call). */
  state(toolCallId?: string): AnyState;
}

/** What a view's last state was derived from. */
interface View {
  state: AnyState;
  call: TodoCall | undefined;
  before: Plan | undefined;
  isSuperseded: boolean;
  hasLaterCall: boolean;
  status: ChatStatus | undefined;
  isHeld: boolean;
}

/** One of the plan's parts in a reading: where it is, and its call once a view read it. */
interface Entry {
  part: unknown;
  tool: PlanTool;
  message: number;
  call: TodoCall | undefined;
  /** The last reading's call at the same place, until this one is read and checked against it. */
  earlier: TodoCall | undefined;
}

/** The newest accepted call and its place in its message: what a replay holds on to. */
interface Held {
  call: TodoCall;
  messageId: unknown;
  callsBefore: number;
}

/**
 * Creates a selector: the newest call wins; streamed tasks appear as they arrive (never an empty task, never a cut-off
 * status); the last accepted plan stays until a new call replaces it, and comes back when a call is refused, sent
 * back or abandoned; a message replayed from its start (a resumed stream) keeps the newest accepted plan until the
 * replay reaches that call again. What it keeps never changes the answer (see docs/checklist.md, "Your own markup").
 * `options.tool`: the name the tool is registered under, its settings, or another agent's shape. Default `'todo_write'`.
 */
export function createTodoSelector<Status extends TodoRowStatus = TodoStatus>(options: {
  tool: TodoToolShape<Status>;
}): TodoSelector<Status>;
export function createTodoSelector(options?: { tool?: string | TodoWriteSettings | undefined }): TodoSelector;
export function createTodoSelector(options?: {
  tool?: TodoToolOption<TodoRowStatus> | undefined;
}): TodoSelector<TodoRowStatus>;
export function createTodoSelector(
  options: { tool?: TodoToolOption<TodoRowStatus> | undefined } = {},
): TodoSelector<TodoRowStatus> | TodoSelector {
  return createReading(bindTodoTool(options.tool));
}

/** The reading behind every selector, bound to one reader. */
export function createReading(reader: TodoReader): TodoReading {
  let messages: readonly unknown[] = [];
  let status: ChatStatus | undefined;
  // The plan's parts in order, each read into a call only when a view asks for it (`callAt`).
  let entries: Entry[] = [];
  // Per message position: the message read there and its entries, reused while it is the same object.
  let byMessage: { message: unknown; entries: Entry[] }[] = [];
  let firstById: Map<string, number> | undefined;
  let revision = 0;
  let held: Held | undefined;
  let replaying = false;
  let replayChanged = false;
  const views = new Map<string, View>();
  // The plans accepted calls wrote, by call, with the call they were laid over: a call that reads as before is the
  // same object (`callAt`).
  const plans = new WeakMap<TodoCall, { plan: Plan; previous: TodoCall | undefined }>();

  /** Reads where the plan's calls are in `next`; a message that is the same object keeps its calls as they were. */
  function extract(next: readonly TodoMessageLike[], nextStatus: ChatStatus | undefined): void {
    const list: readonly unknown[] = Array.isArray(next) ? next : [];
    const found: Entry[] = [];
    const nextByMessage: typeof byMessage = [];
    for (let at = 0; at < list.length; at++) {
      const message = list[at];
      const known = byMessage[at];
      if (known !== undefined && known.message === message) {
        nextByMessage.push(known);
        for (const entry of known.entries) found.push(entry);
        continue;
      }
      const inMessage: Entry[] = [];
      for (const part of partsOf(message)) {
        const tool = reader.toolOfPart(part);
        if (!tool) continue;
        const earlier = known?.entries[inMessage.length];
        const entry: Entry = { part, tool, message: at, call: undefined, earlier: earlier?.call ?? earlier?.earlier };
        inMessage.push(entry);
        found.push(entry);
      }
      nextByMessage.push({ message, entries: inMessage });
    }
    messages = list;
    byMessage = nextByMessage;
    entries = found;
    status = nextStatus;
    firstById = undefined;
    const isStreaming = status === 'submitted' || status === 'streaming';
    const wasReplaying = replaying;
    replaying = held !== undefined && isStreaming && isReplaying(held, entries, messages, wasReplaying);
    if (!replaying) held = newestAccepted();
    replayChanged = replaying || wasReplaying;
  }

  /** The call at `at`, as the same object as the last reading's when it reads the same (read and checked once). */
  function callAt(at: number): TodoCall | undefined {
    const entry = entries[at];
    if (entry === undefined) return undefined;
    if (entry.call === undefined) {
      const call = toTodoCall(entry.part, entry.tool, entry.message);
      entry.call = entry.earlier !== undefined && isSameCall(entry.earlier, call, reader) ? entry.earlier : call;
      entry.earlier = undefined;
    }
    return entry.call;
  }

  function read(next: readonly TodoMessageLike[], nextStatus: ChatStatus | undefined): number {
    const previous = entries.map((entry) => entry.call);
    const previousStatus = status;
    extract(next, nextStatus);
    let isSameReading = entries.length === previous.length && status === previousStatus;
    for (let at = 0; at < entries.length; at++) if (callAt(at) !== previous[at]) isSameReading = false;
    if (!isSameReading || replayChanged) revision += 1;
    return revision;
  }

  const outcomeAt = (at: number): TodoCallOutcome => {
    const entry = entries[at]!;
    return entry.call ? callOutcome(entry.call) : partOutcome(entry.part, entry.tool);
  };

  function newestAccepted(): Held | undefined {
    for (let at = entries.length - 1; at >= 0; at--) {
      if (outcomeAt(at) !== 'accepted') continue;
      const { message } = entries[at]!;
      const messageId = (messages[message] as TodoMessageLike | null | undefined)?.id;
      if (messageId === undefined) return undefined;
      let callsBefore = 0;
      while (at - callsBefore - 1 >= 0 && entries[at - callsBefore - 1]!.message === message) callsBefore += 1;
      return { call: callAt(at)!, messageId, callsBefore };
    }
    return undefined;
  }

  function indexOf(toolCallId: string | undefined): number {
    if (toolCallId === undefined) return entries.length - 1;
    if (!firstById) {
      firstById = new Map();
      entries.forEach((entry, at) => {
        const id = (entry.part as { toolCallId?: unknown }).toolCallId;
        const key = typeof id === 'string' ? id : '';
        if (!firstById!.has(key)) firstById!.set(key, at);
      });
    }
    return firstById.get(toolCallId) ?? -1;
  }

  /** The position of the newest accepted call before position `at`, `-1` when none. */
  function acceptedBefore(at: number): number {
    for (let index = at - 1; index >= 0; index--) if (outcomeAt(index) === 'accepted') return index;
    return -1;
  }

  /**
   * The plan of the newest accepted call before position `at`, as it showed it: laid over the bare plan of the
   * accepted call before it, so a reading looks two accepted calls back at most.
   */
  function planBefore(at: number): Plan | undefined {
    const index = acceptedBefore(at);
    if (index < 0) return undefined;
    const call = callAt(index)!;
    if (!call.tool.hasList(call.input)) return planOf(call, planBefore(index));
    const earlier = acceptedBefore(index);
    const previous = earlier < 0 ? undefined : callAt(earlier);
    const kept = plans.get(call);
    if (kept !== undefined && kept.previous === previous) return kept.plan;
    const bare = previous?.tool.hasList(previous.input) ? planOf(previous, undefined) : planBefore(index);
    const plan = planOf(call, bare);
    plans.set(call, { plan, previous });
    return plan;
  }

  function state(toolCallId?: string): AnyState {
    const key = toolCallId ?? '';
    const last = views.get(key);
    if (replaying && toolCallId === undefined && held) {
      // The plan as it was on screen when the replay began, else as the held call wrote it.
      const shown = last?.state.phase === 'accepted' && last.state.toolCallId === held.call.toolCallId;
      const plan = shown ? undefined : (plans.get(held.call)?.plan ?? planOf(held.call, undefined));
      const kept = share(
        plan
          ? {
              phase: 'accepted',
              toolCallId: held.call.toolCallId,
              todos: plan.rows,
              removed: plan.removed,
              ...withNote(plan.note),
            }
          : { ...last!.state },
        true,
        last?.state,
      );
      views.set(key, { ...emptyView, state: kept, isHeld: true });
      return kept;
    }
    const at = indexOf(toolCallId);
    const call = at < 0 ? undefined : callAt(at);
    const hasLaterCall = at >= 0 && at < entries.length - 1;
    const isSuperseded = hasLaterCall || (call !== undefined && call.message < messages.length - 1);
    const before = call === undefined ? undefined : planBefore(at);
    if (
      last &&
      !last.isHeld &&
      last.status === status &&
      last.isSuperseded === isSuperseded &&
      last.hasLaterCall === hasLaterCall &&
      last.call === call &&
      last.before === before &&
      (call === undefined || callOutcome(call) !== 'open')
    )
      return last.state;
    const next = call === undefined ? EMPTY : stateOf(call, before, isSuperseded, status, reader);
    const ended = status === 'ready' || status === 'error' || hasLaterCall;
    // A plan waiting for review has not started: it is not live until the person approves it.
    const live = next.phase !== 'empty' && next.phase !== 'review' && !ended;
    const shared = share(next, live, last?.state);
    views.set(key, { state: shared, call, before, isSuperseded, hasLaterCall, status, isHeld: false });
    return shared;
  }

  /** `next` with the row objects (and, when nothing changed, the whole state) of `last` where their values are equal. */
  function share(next: UnsharedState, live: boolean, last: AnyState | undefined): AnyState {
    const todos = shareRows(next.todos, last?.todos);
    const removed = shareRows(next.removed, last?.removed);
    const counted = countTodos(todos, reader.statuses) as Record<string, number>;
    const lastCounts = last?.counts as Record<string, number> | undefined;
    const counts =
      lastCounts && reader.statuses.every((each) => counted[each] === lastCounts[each]) ? lastCounts : counted;
    if (
      last &&
      todos === last.todos &&
      removed === last.removed &&
      counts === last.counts &&
      live === last.live &&
      next.phase === last.phase &&
      next.toolCallId === last.toolCallId &&
      next.approvalId === last.approvalId &&
      next.limits === last.limits &&
      next.rejection === last.rejection &&
      next.error === last.error &&
      next.explanation === last.explanation &&
      problemsText(next) === problemsText(last)
    )
      return last;
    return { ...next, todos, removed, counts, live } as AnyState;
  }

  return {
    read,
    state,
    select(selected, options = {}) {
      extract(selected, options.status);
      return state(options.toolCallId);
    },
  };
}

/**
 * Whether a replay of the held message is under way. A replay rebuilds the message from its first chunk, or resets
 * its calls one by one: the held plan stays until the held call is accepted again after every call before it. A
 * `reset-step` drops only the last step, so calls before the held one intact and the held one gone releases it, as
 * does another call in its place.
 */
function isReplaying(
  held: Held,
  entries: readonly Entry[],
  messages: readonly unknown[],
  wasReplaying: boolean,
): boolean {
  const inMessage = entries.filter(
    (entry) => (messages[entry.message] as TodoMessageLike | null | undefined)?.id === held.messageId,
  );
  if (!messages.some((message) => (message as TodoMessageLike | null)?.id === held.messageId)) return false;
  const earlier = inMessage.slice(0, held.callsBefore);
  const outcome = (entry: Entry): TodoCallOutcome =>
    entry.call ? callOutcome(entry.call) : partOutcome(entry.part, entry.tool);
  const isEarlierIntact = earlier.length === held.callsBefore && earlier.every((entry) => outcome(entry) !== 'open');
  const standing = inMessage[held.callsBefore];
  if (standing !== undefined && (standing.part as { toolCallId?: unknown }).toolCallId !== held.call.toolCallId)
    return false;
  if (standing !== undefined && outcome(standing) !== 'open') return !isEarlierIntact;
  return wasReplaying || !isEarlierIntact || held.callsBefore === 0;
}

const emptyView: Omit<View, 'state' | 'isHeld'> = {
  call: undefined,
  before: undefined,
  isSuperseded: false,
  hasLaterCall: false,
  status: undefined,
};

function withNote(note: string | undefined): { explanation?: string } {
  return note === undefined ? {} : { explanation: note };
}

function problemsText(state: { problems?: readonly { message: string }[] | undefined }): string | undefined {
  return state.problems?.map((problem) => problem.message).join('\n');
}

/** Whether two readings of a call read the same: every field its state depends on, the input by identity or by the fields rows are read from. */
export function isSameCall(a: TodoCall, b: TodoCall, reader: TodoReader): boolean {
  return (
    a === b ||
    (a.toolCallId === b.toolCallId &&
      a.tool === b.tool &&
      a.state === b.state &&
      a.message === b.message &&
      a.preliminary === b.preliminary &&
      a.errorText === b.errorText &&
      a.approvalId === b.approvalId &&
      a.approved === b.approved &&
      a.reason === b.reason &&
      isSameOutput(a.output, b.output) &&
      isSameInput(a.input, b.input, reader))
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

/** Equal inputs: the same value, or the same values in every field rows and the plan note are read from. */
function isSameInput(a: unknown, b: unknown, reader: TodoReader): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) return isSameList(a, b, reader);
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  if (Object.keys(left).length !== Object.keys(right).length) return false;
  return reader.inputKeys.every((key) => left[key] === right[key] || isSameList(left[key], right[key], reader));
}

function isSameList(a: unknown, b: unknown, reader: TodoReader): boolean {
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  for (let at = 0; at < a.length; at++) {
    const p = a[at] as Record<string, unknown> | null;
    const q = b[at] as Record<string, unknown> | null;
    if (p === q) continue;
    if (typeof p !== 'object' || typeof q !== 'object' || p === null || q === null) return false;
    for (const field of reader.itemKeys) if (p[field] !== q[field]) return false;
  }
  return true;
}

/**
 * The checklist of a conversation, derived from scratch: `createTodoSelector(options).select(messages, options)`.
 * The same messages (by value) give the same state, on the server and in the browser.
 */
export function selectTodoState<Status extends TodoRowStatus = TodoStatus>(
  messages: readonly TodoMessageLike[],
  options: { status?: ChatStatus | undefined; toolCallId?: string | undefined; tool: TodoToolShape<Status> },
): TodoState<Status>;
export function selectTodoState(
  messages: readonly TodoMessageLike[],
  options?: {
    status?: ChatStatus | undefined;
    toolCallId?: string | undefined;
    tool?: string | TodoWriteSettings | undefined;
  },
): TodoState;
export function selectTodoState(
  messages: readonly TodoMessageLike[],
  options?: {
    status?: ChatStatus | undefined;
    toolCallId?: string | undefined;
    tool?: TodoToolOption<TodoRowStatus> | undefined;
  },
): AnyTodoState;
export function selectTodoState(
  messages: readonly TodoMessageLike[],
  options: {
    status?: ChatStatus | undefined;
    toolCallId?: string | undefined;
    tool?: TodoToolOption<TodoRowStatus> | undefined;
  } = {},
): AnyTodoState {
  return createReading(bindTodoTool(options.tool)).select(messages, options);
}
