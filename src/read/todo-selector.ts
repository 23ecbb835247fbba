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
  toolNameOfPart,
} from '../plan/todo-tool-shape.js';
import {
  callOutcome,
  partOutcome,
  partsOf,
  type TodoCall,
  type TodoCallOutcome,
  type TodoMessageLike,
  toTodoCall,
  walkPlanParts,
} from './todo-calls.js';
import { type AgentGroup, MAIN } from './todo-agents.js';
import { lastKeyOf } from '../plan/parse-todos.js';
import { createRowPlacer, type RowPlacer, shareRows } from './todo-rows.js';
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
   * `agent`: a subagent's plan instead of the main agent's (the id of the call that handed it the work, or a key
   * from the main state's `agents`). The same state and row objects as the last result while nothing visible changed.
   */
  select(
    messages: readonly TodoMessageLike[],
    options?: { status?: ChatStatus | undefined; toolCallId?: string | undefined; agent?: string | undefined },
  ): TodoState<Status>;
}

/** A selector that also tells whether a reading changed anything: one reading for many views (the provider's). */
export interface TodoReading extends TodoSelector<TodoRowStatus> {
  /** Reads the conversation; returns a revision that stays the same while no call of it can have changed. */
  read(messages: readonly TodoMessageLike[], status: ChatStatus | undefined): number;
  /** The state of the last conversation read, for `toolCallId` (default: the newest call) of `agent`'s plan (default: the main one). */
  state(toolCallId?: string, agent?: string): AnyState;
}

/** What a view's last state was derived from. */
interface View {
  state: AnyState;
  call: TodoCall | undefined;
  before: Plan | undefined;
  isSuperseded: boolean;
  hasLaterCall: boolean;
  status: ChatStatus | undefined;
  agents: readonly string[];
  isHeld: boolean;
  /** Reuses the rows of the call's settled tasks from delta to delta. */
  placer: RowPlacer;
}

/** One of the plan's parts in a reading: where it is, whose it is, and its call once a view read it. */
interface Entry {
  part: unknown;
  tool: PlanTool;
  message: number;
  agent: string;
  call: TodoCall | undefined;
  /** The last reading's call at the same place, until this one is read and checked against it. */
  earlier: TodoCall | undefined;
}

/** What one message holds for a reading: its plan parts, its subagents' plans, and its other tool parts by id. */
interface MessageReading {
  message: unknown;
  entries: Entry[];
  groups: Map<string, AgentGroup>;
  tools: Map<string, unknown>;
  /** The keys of the subagents that plan in it, in order: its groups, then calls whose output holds a plan. */
  agents: string[];
}

/** One agent's plan in a reading: its calls, its views, and its replay hold. */
interface Lane {
  entries: Entry[];
  firstById: Map<string, number> | undefined;
  status: ChatStatus | undefined;
  views: Map<string, View>;
  held: Held | undefined;
  replaying: boolean;
  replayChanged: boolean;
}

/** The newest accepted call and its place in its message: what a replay holds on to. */
interface Held {
  call: TodoCall;
  messageId: unknown;
  callsBefore: number;
  /** Whether every call before it in its message had ended: only then does an open one there mean a replay. */
  earlierEnded: boolean;
  /** The plan it wrote, kept for task-by-task calls. */
  plan?: Plan;
}

/**
 * Creates a selector: the newest call wins; streamed tasks appear as they arrive (never an empty task, never a cut-off
 * status); the last accepted plan stays until a new call replaces it, and comes back when a call is refused, sent
 * back or abandoned; a message replayed from its start (a resumed stream) keeps the newest accepted plan until the
 * replay reaches that call again. Each agent's plan is its own: a subagent's calls never reach the main plan. What it
 * keeps never changes the answer (see docs/checklist.md, "Your own markup"). `options.tool`: the name the tool is
 * registered under, its settings, or another agent's shape. Default `'todo_write'`.
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

const newLane = (): Lane => ({
  entries: [],
  firstById: undefined,
  status: undefined,
  views: new Map(),
  held: undefined,
  replaying: false,
  replayChanged: false,
});

/** The reading behind every selector, bound to one reader. */
export function createReading(reader: TodoReader): TodoReading {
  let messages: readonly unknown[] = [];
  let status: ChatStatus | undefined;
  // Per message position: the message read there and what it holds, reused while it is the same object.
  let byMessage: MessageReading[] = [];
  // Every agent's plan, the main one first; a plan's parts are read into calls only when a view asks (`callAt`).
  let lanes = new Map<string, Lane>([[MAIN, newLane()]]);
  let agents: readonly string[] = [];
  let revision = 0;
  // The plans of subagents whose messages come in a call's output (the AI SDK's subagent pattern), by that call.
  const nested = new Map<string, TodoReading>();
  // The plans accepted calls wrote, by call, with what they were laid over: a call that reads as before is the
  // same object (`callAt`).
  const plans = new WeakMap<TodoCall, { plan: Plan; previous: unknown }>();

  function readMessage(message: unknown, at: number, known: MessageReading | undefined): MessageReading {
    const entries: Entry[] = [];
    const groups = walkPlanParts(message, reader, (part, tool, agent) => {
      const earlier = known?.entries[entries.length];
      entries.push({ part, tool, message: at, agent, call: undefined, earlier: earlier?.call ?? earlier?.earlier });
    });
    const tools = new Map<string, unknown>();
    const agents = [...groups.keys()];
    for (const part of partsOf(message)) {
      const id = (part as { toolCallId?: unknown } | null)?.toolCallId;
      if (typeof id !== 'string' || reader.toolOf(toolNameOfPart(part))) continue;
      tools.set(id, part);
      if (holdsPlanCalls(part)) agents.push(id);
    }
    return { message, entries, groups, tools, agents };
  }

  /** Reads where each agent's calls are in `next`; a message that is the same object keeps its calls as they were. */
  function extract(next: readonly TodoMessageLike[], nextStatus: ChatStatus | undefined): void {
    const list: readonly unknown[] = Array.isArray(next) ? next : [];
    const nextByMessage = list.map((message, at) => {
      const known = byMessage[at];
      return known !== undefined && known.message === message ? known : readMessage(message, at, known);
    });
    messages = list;
    byMessage = nextByMessage;
    status = nextStatus;
    const found = new Map<string, Entry[]>([[MAIN, []]]);
    const groups = new Map<string, AgentGroup>();
    const keys = new Set<string>();
    for (const reading of byMessage) {
      for (const entry of reading.entries) {
        const entries = found.get(entry.agent);
        if (entries) entries.push(entry);
        else found.set(entry.agent, [entry]);
      }
      for (const [key, group] of reading.groups) groups.set(key, group);
      for (const key of reading.agents) keys.add(key);
    }
    agents = sameList(agents, [...keys]);
    const nextLanes = new Map<string, Lane>();
    for (const [key, entries] of found) {
      const lane = lanes.get(key) ?? newLane();
      lane.entries = entries;
      lane.firstById = undefined;
      lane.status = key === MAIN || !isDone(groups.get(key)) ? status : 'ready';
      const isStreaming = lane.status === 'submitted' || lane.status === 'streaming';
      const wasReplaying = lane.replaying;
      lane.replaying =
        lane.held !== undefined && isStreaming && isReplaying(lane.held, entries, messages, wasReplaying);
      if (!lane.replaying) lane.held = newestAccepted(lane);
      lane.replayChanged = lane.replaying || wasReplaying;
      nextLanes.set(key, lane);
    }
    lanes = nextLanes;
  }

  /** Whether every call a subagent's plan may belong to is over. */
  function isDone(group: AgentGroup | undefined): boolean {
    return (
      group !== undefined &&
      group.calls.length > 0 &&
      group.calls.every((id) => {
        const part = toolPart(id);
        const state = (part as { state?: unknown } | undefined)?.state;
        return (
          state === 'output-error' ||
          state === 'output-denied' ||
          (state === 'output-available' && !(part as { preliminary?: unknown }).preliminary)
        );
      })
    );
  }

  function toolPart(toolCallId: string): unknown {
    for (let at = byMessage.length - 1; at >= 0; at--) {
      const part = byMessage[at]!.tools.get(toolCallId);
      if (part !== undefined) return part;
    }
    return undefined;
  }

  /** Whether a tool part's output is a subagent's message holding plan calls. */
  function holdsPlanCalls(part: unknown): boolean {
    const output = (part as { output?: unknown }).output;
    return partsOf(output).some((each) => reader.toolOf(toolNameOfPart(each)) !== undefined);
  }

  /** The call at `at` of `lane`, as the same object as the last reading's when it reads the same (read and checked once). */
  function callAt(lane: Lane, at: number): TodoCall | undefined {
    const entry = lane.entries[at];
    if (entry === undefined) return undefined;
    if (entry.call === undefined) {
      const call = toTodoCall(entry.part, entry.tool, entry.message, entry.agent);
      entry.call = entry.earlier !== undefined && isSameCall(entry.earlier, call, reader) ? entry.earlier : call;
      entry.earlier = undefined;
    }
    return entry.call;
  }

  function read(next: readonly TodoMessageLike[], nextStatus: ChatStatus | undefined): number {
    const previous = new Map(
      [...lanes].map(([key, lane]) => [key, { status: lane.status, calls: lane.entries.map((entry) => entry.call) }]),
    );
    const previousAgents = agents;
    const previousNested = [...nested.values()].map((reading) => reading.state());
    extract(next, nextStatus);
    let isSameReading = lanes.size === previous.size && agents === previousAgents;
    for (const [key, lane] of lanes) {
      const before = previous.get(key);
      if (
        before === undefined ||
        before.status !== lane.status ||
        before.calls.length !== lane.entries.length ||
        lane.replayChanged
      )
        isSameReading = false;
      for (let at = 0; at < lane.entries.length; at++)
        if (callAt(lane, at) !== before?.calls[at]) isSameReading = false;
    }
    [...nested.keys()].forEach((id, at) => {
      if (nestedState(id) !== previousNested[at]) isSameReading = false;
    });
    if (!isSameReading) revision += 1;
    return revision;
  }

  const outcomeAt = (lane: Lane, at: number): TodoCallOutcome => {
    const entry = lane.entries[at]!;
    return entry.call ? callOutcome(entry.call) : partOutcome(entry.part, entry.tool);
  };

  function newestAccepted(lane: Lane): Held | undefined {
    for (let at = lane.entries.length - 1; at >= 0; at--) {
      if (outcomeAt(lane, at) !== 'accepted') continue;
      const { message } = lane.entries[at]!;
      const messageId = (messages[message] as TodoMessageLike | null | undefined)?.id;
      if (messageId === undefined) return undefined;
      let callsBefore = 0;
      let earlierEnded = true;
      while (at - callsBefore - 1 >= 0 && lane.entries[at - callsBefore - 1]!.message === message) {
        if (outcomeAt(lane, at - callsBefore - 1) === 'open') earlierEnded = false;
        callsBefore += 1;
      }
      const call = callAt(lane, at)!;
      if (call.tool.kind === 'plan') return { call, messageId, callsBefore, earlierEnded };
      // A task-by-task call's plan is the fold before it, which the replay's messages no longer hold.
      const before = planBefore(lane, at);
      return { call, messageId, callsBefore, earlierEnded, plan: planAfter(call, before, () => before) };
    }
    return undefined;
  }

  function indexOf(lane: Lane, toolCallId: string | undefined): number {
    if (toolCallId === undefined) return lane.entries.length - 1;
    if (!lane.firstById) {
      const firstById = new Map<string, number>();
      lane.entries.forEach((entry, at) => {
        const id = (entry.part as { toolCallId?: unknown }).toolCallId;
        const key = typeof id === 'string' ? id : '';
        if (!firstById.has(key)) firstById.set(key, at);
      });
      lane.firstById = firstById;
    }
    return lane.firstById.get(toolCallId) ?? -1;
  }

  /** The plan `call` wrote over the plan `before()` gives, kept while `call` and `laidOver` are the same objects. */
  function planAfter(call: TodoCall, laidOver: unknown, before: () => Plan | undefined): Plan {
    const kept = plans.get(call);
    if (kept !== undefined && kept.previous === laidOver) return kept.plan;
    const plan = planOf(call, before());
    plans.set(call, { plan, previous: laidOver });
    return plan;
  }

  /**
   * The plan before position `at`: the fold of the accepted calls before it (each task keeps the key of the call
   * that added it), and while the chat streams a task tool's calls still running in the last message (calls of one
   * step run side by side, each adding to the plan; one left without an answer in an earlier message was stopped).
   */
  function planBefore(lane: Lane, at: number): Plan | undefined {
    const isOpen = lane.status === 'submitted' || lane.status === 'streaming';
    const last = messages.length - 1;
    let plan: Plan | undefined;
    for (let each = 0; each < at; each++) {
      const outcome = outcomeAt(lane, each);
      const entry = lane.entries[each]!;
      const isRunning = outcome === 'open' && isOpen && entry.tool.kind !== 'plan' && entry.message === last;
      if (outcome === 'accepted' || isRunning) {
        const previous = plan;
        plan = planAfter(callAt(lane, each)!, previous, () => previous);
      }
    }
    return plan;
  }

  /** The plan of a subagent whose messages are a call's output, read as a conversation of its own. */
  function nestedState(toolCallId: string): AnyState {
    const reading = nested.get(toolCallId) ?? createReading(reader);
    nested.set(toolCallId, reading);
    const part = toolPart(toolCallId) as { state?: unknown; preliminary?: unknown; output?: unknown } | undefined;
    const output = part?.output;
    const isMessage = typeof output === 'object' && output !== null && Array.isArray((output as TodoMessageLike).parts);
    const isOpen = status === 'submitted' || status === 'streaming';
    const partStatus: ChatStatus | undefined =
      part?.state === 'output-error'
        ? 'error'
        : part?.state === 'output-available' && !part.preliminary
          ? 'ready'
          : isOpen
            ? 'streaming'
            : status;
    return reading.select(isMessage ? [output as TodoMessageLike] : NO_MESSAGES, { status: partStatus });
  }

  function state(toolCallId?: string, agent?: string): AnyState {
    const key = agent ?? (toolCallId === undefined ? MAIN : laneOf(toolCallId));
    const lane = lanes.get(key);
    if (!lane) return nestedState(key);
    const viewKey = toolCallId ?? '';
    const last = lane.views.get(viewKey);
    const shownAgents = key === MAIN && toolCallId === undefined ? agents : NO_AGENTS;
    const { held } = lane;
    if (lane.replaying && toolCallId === undefined && held) {
      // The plan as it was on screen when the replay began, else as the held call wrote it.
      const shown = last?.state.phase === 'accepted' && last.state.toolCallId === held.call.toolCallId;
      const plan = shown ? undefined : (held.plan ?? plans.get(held.call)?.plan ?? planOf(held.call, undefined));
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
        shownAgents,
        last?.state,
      );
      const placer = last?.placer ?? createRowPlacer();
      lane.views.set(viewKey, { ...emptyView, state: kept, agents: shownAgents, isHeld: true, placer });
      return kept;
    }
    const at = indexOf(lane, toolCallId);
    const call = at < 0 ? undefined : callAt(lane, at);
    const hasLaterCall = at >= 0 && at < lane.entries.length - 1;
    const isSuperseded = hasLaterCall || (call !== undefined && call.message < messages.length - 1);
    const before = call === undefined ? undefined : planBefore(lane, at);
    const laneStatus = lane.status;
    if (
      last &&
      !last.isHeld &&
      last.status === laneStatus &&
      last.isSuperseded === isSuperseded &&
      last.hasLaterCall === hasLaterCall &&
      last.call === call &&
      last.before === before &&
      last.agents === shownAgents &&
      (call === undefined || callOutcome(call) !== 'open')
    )
      return last.state;
    const placer = last?.placer ?? createRowPlacer();
    const next = call === undefined ? EMPTY : stateOf(call, before, isSuperseded, laneStatus, reader, placer);
    const ended = laneStatus === 'ready' || laneStatus === 'error' || hasLaterCall;
    // A plan waiting for review has not started: it is not live until the person approves it.
    const live = next.phase !== 'empty' && next.phase !== 'review' && !ended;
    const shared = share(next, live, shownAgents, last?.state);
    lane.views.set(viewKey, {
      state: shared,
      call,
      before,
      isSuperseded,
      hasLaterCall,
      status: laneStatus,
      agents: shownAgents,
      isHeld: false,
      placer,
    });
    return shared;
  }

  /** The agent whose plan holds `toolCallId`; the main one when none does. */
  function laneOf(toolCallId: string): string {
    for (const [key, lane] of lanes) if (indexOf(lane, toolCallId) >= 0) return key;
    return MAIN;
  }

  /** `next` with the row objects (and, when nothing changed, the whole state) of `last` where their values are equal. */
  function share(
    next: UnsharedState,
    live: boolean,
    shownAgents: readonly string[],
    last: AnyState | undefined,
  ): AnyState {
    const todos = shareRows(next.todos, last?.todos);
    const removed = shareRows(next.removed, last?.removed);
    const counted = countTodos(todos, reader.statuses) as Record<string, number>;
    const lastCounts = last?.counts as Record<string, number> | undefined;
    const counts =
      lastCounts && reader.statuses.every((each) => counted[each] === lastCounts[each]) ? lastCounts : counted;
    const withAgents = shownAgents.length > 0 ? { agents: shownAgents } : {};
    if (
      last &&
      todos === last.todos &&
      removed === last.removed &&
      counts === last.counts &&
      live === last.live &&
      (last.agents ?? NO_AGENTS) === shownAgents &&
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
    return { ...next, todos, removed, counts, live, ...withAgents } as AnyState;
  }

  return {
    read,
    state,
    select(selected, options = {}) {
      extract(selected, options.status);
      return state(options.toolCallId, options.agent);
    },
  };
}

const NO_MESSAGES: readonly TodoMessageLike[] = [];
const NO_AGENTS: readonly string[] = Object.freeze([]);

/** `next`, or `last` when it holds the same keys in the same order. */
function sameList(last: readonly string[], next: readonly string[]): readonly string[] {
  if (next.length === 0) return NO_AGENTS;
  return last.length === next.length && last.every((key, at) => key === next[at]) ? last : Object.freeze(next);
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
  const isEarlierIntact =
    earlier.length === held.callsBefore && (!held.earlierEnded || earlier.every((entry) => outcome(entry) !== 'open'));
  const standing = inMessage[held.callsBefore];
  if (standing !== undefined && (standing.part as { toolCallId?: unknown }).toolCallId !== held.call.toolCallId)
    return false;
  if (standing !== undefined && outcome(standing) !== 'open') return !isEarlierIntact;
  return wasReplaying || !isEarlierIntact || held.callsBefore === 0;
}

const emptyView: Omit<View, 'state' | 'isHeld' | 'agents' | 'placer'> = {
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
    // The last key written tells whether a streamed task's text may still grow.
    if (at === a.length - 1 && lastKeyOf(p) !== lastKeyOf(q)) return false;
  }
  return true;
}

/**
 * The checklist of a conversation, derived from scratch: `createTodoSelector(options).select(messages, options)`.
 * The same messages (by value) give the same state, on the server and in the browser.
 */
export function selectTodoState<Status extends TodoRowStatus = TodoStatus>(
  messages: readonly TodoMessageLike[],
  options: {
    status?: ChatStatus | undefined;
    toolCallId?: string | undefined;
    agent?: string | undefined;
    tool: TodoToolShape<Status>;
  },
): TodoState<Status>;
export function selectTodoState(
  messages: readonly TodoMessageLike[],
  options?: {
    status?: ChatStatus | undefined;
    toolCallId?: string | undefined;
    agent?: string | undefined;
    tool?: string | TodoWriteSettings | undefined;
  },
): TodoState;
export function selectTodoState(
  messages: readonly TodoMessageLike[],
  options?: {
    status?: ChatStatus | undefined;
    toolCallId?: string | undefined;
    agent?: string | undefined;
    tool?: TodoToolOption<TodoRowStatus> | undefined;
  },
): AnyTodoState;
export function selectTodoState(
  messages: readonly TodoMessageLike[],
  options: {
    status?: ChatStatus | undefined;
    toolCallId?: string | undefined;
    agent?: string | undefined;
    tool?: TodoToolOption<TodoRowStatus> | undefined;
  } = {},
): AnyTodoState {
  return createReading(bindTodoTool(options.tool)).select(messages, options);
}
