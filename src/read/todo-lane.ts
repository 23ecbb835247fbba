/** One agent's plan in a reading: its calls, the fold of their plans, its views and its replay hold. */
import type { ChatStatus } from 'ai';
import type { BoundShape } from '../plan/todo-tool-shape.js';
import { callOf, type Entry, outcomeOf } from './read-messages.js';
import { FOLLOWING, type Held, type HoldState, observeHold, reduceHold } from './replay-hold.js';
import { shareState } from './share-state.js';
import { callOutcome, type TodoCall, type TodoMessageLike } from './todo-calls.js';
import { createRowPlacer, type RowPlacer } from './todo-rows.js';
import { type StateOfAnyShape, EMPTY, type Plan, planOf, stateOf, type UnsharedState } from './todo-state.js';

/** What every lane of a reading shares: the shape, the conversation last read, and the plans accepted calls wrote. */
export interface ReadingContext {
  readonly reader: BoundShape;
  messages: readonly unknown[];
  /** By call, with the plan it was laid over: a call that reads as before is the same object (`callOf`). */
  readonly plans: WeakMap<TodoCall, { plan: Plan; previous: unknown }>;
}

/** What a view's last state was derived from. */
interface View {
  state: StateOfAnyShape;
  call: TodoCall | undefined;
  before: Plan | undefined;
  isSuperseded: boolean;
  hasLaterCall: boolean;
  status: ChatStatus | undefined;
  agents: readonly string[];
  isHeld: boolean;
  /** Reuses the rows of the call's settled tasks from delta to delta. */
  placer: RowPlacer;
  /** What `state` was made from, before its rows were shared. */
  unshared: UnsharedState;
}

export interface Lane {
  entries: Entry[];
  firstById: Map<string, number> | undefined;
  status: ChatStatus | undefined;
  /** The last state of each view, by the call it shows (`''`: the newest). */
  views: Map<string, View>;
  hold: HoldState;
  /** The hold replays, or did in the last reading: every view is read again. */
  holdMoved: boolean;
  /** The plan before each entry, as far as a view asked; kept for the entries that stay the same objects. */
  fold: { isOpen: boolean; last: number; plans: (Plan | undefined)[] };
}

export const newLane = (): Lane => ({
  entries: [],
  firstById: undefined,
  status: undefined,
  views: new Map(),
  hold: FOLLOWING,
  holdMoved: false,
  fold: { isOpen: false, last: -1, plans: [undefined] },
});

/** Gives the lane a reading's entries and status, and moves its hold. */
export function updateLane(
  lane: Lane,
  entries: Entry[],
  status: ChatStatus | undefined,
  context: ReadingContext,
): void {
  let same = 0;
  while (same < entries.length && entries[same] === lane.entries[same]) same += 1;
  const isOpen = status === 'submitted' || status === 'streaming';
  const last = context.messages.length - 1;
  const { fold } = lane;
  if (fold.isOpen === isOpen && fold.last === last) fold.plans.length = Math.min(fold.plans.length, same + 1);
  else lane.fold = { isOpen, last, plans: [undefined] };
  lane.entries = entries;
  lane.firstById = undefined;
  lane.status = status;
  const wasReplaying = lane.hold.phase === 'replaying';
  const { held } = lane.hold;
  const event = held ? observeHold(held, entries, context.messages, status) : { type: 'stopped' as const };
  lane.hold = reduceHold(lane.hold, event, () => newestAccepted(lane, context));
  lane.holdMoved = wasReplaying || lane.hold.phase === 'replaying';
}

export function callAt(lane: Lane, at: number): TodoCall | undefined {
  const entry = lane.entries[at];
  return entry && callOf(entry);
}

/** The position of the first call with `toolCallId` (default: the newest call), `-1` when there is none. */
export function indexOf(lane: Lane, toolCallId: string | undefined): number {
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

function newestAccepted(lane: Lane, context: ReadingContext): Held | undefined {
  const { entries } = lane;
  for (let at = entries.length - 1; at >= 0; at--) {
    if (outcomeOf(entries[at]!) !== 'accepted') continue;
    const { message } = entries[at]!;
    const messageId = (context.messages[message] as TodoMessageLike | null | undefined)?.id;
    if (messageId === undefined) return undefined;
    let callsBefore = 0;
    let earlierEnded = true;
    while (at - callsBefore - 1 >= 0 && entries[at - callsBefore - 1]!.message === message) {
      if (outcomeOf(entries[at - callsBefore - 1]!) === 'open') earlierEnded = false;
      callsBefore += 1;
    }
    const call = callOf(entries[at]!);
    if (call.tool.kind === 'plan') return { call, messageId, callsBefore, earlierEnded };
    // A task-by-task call's plan is the fold before it, which the replay's messages no longer hold.
    const before = planBefore(lane, at, context);
    return { call, messageId, callsBefore, earlierEnded, plan: planAfter(call, before, context) };
  }
  return undefined;
}

/** The plan `call` wrote over `before`, kept while `call` and `before` are the same objects. */
function planAfter(call: TodoCall, before: Plan | undefined, context: ReadingContext): Plan {
  const kept = context.plans.get(call);
  if (kept !== undefined && kept.previous === before) return kept.plan;
  const plan = planOf(call, before);
  context.plans.set(call, { plan, previous: before });
  return plan;
}

/**
 * The plan before position `at`: the fold of the accepted calls before it (each task keeps the key of the call
 * that added it), and while the chat streams a task tool's calls still running in the last message (calls of one
 * step run side by side, each adding to the plan; one left without an answer in an earlier message was stopped).
 */
function planBefore(lane: Lane, at: number, context: ReadingContext): Plan | undefined {
  const { isOpen, last, plans } = lane.fold;
  for (let each = plans.length - 1; each < at; each++) {
    const entry = lane.entries[each]!;
    const outcome = outcomeOf(entry);
    const isRunning = outcome === 'open' && isOpen && entry.tool.kind !== 'plan' && entry.message === last;
    const plan = plans[each];
    plans.push(outcome === 'accepted' || isRunning ? planAfter(callOf(entry), plan, context) : plan);
  }
  return plans[at];
}

/**
 * The state of the lane's view of `toolCallId` (default: the newest call), with `agents` shown on it. While the hold
 * replays, the newest view shows the held plan: as it was on screen when the replay began, else as its call wrote it.
 */
export function laneState(
  lane: Lane,
  toolCallId: string | undefined,
  agents: readonly string[],
  context: ReadingContext,
): StateOfAnyShape {
  const viewKey = toolCallId ?? '';
  const last = lane.views.get(viewKey);
  const placer = last?.placer ?? createRowPlacer();
  const { statuses } = context.reader;
  if (lane.hold.phase === 'replaying' && toolCallId === undefined) {
    const { held } = lane.hold;
    const shown = last?.state.phase === 'accepted' && last.state.toolCallId === held.call.toolCallId;
    const plan = shown ? undefined : (held.plan ?? context.plans.get(held.call)?.plan ?? planOf(held.call, undefined));
    const next = plan
      ? {
          phase: 'accepted' as const,
          toolCallId: held.call.toolCallId,
          todos: plan.rows,
          removed: plan.removed,
          ...(plan.note === undefined ? {} : { explanation: plan.note }),
        }
      : withoutAgents(last!.state);
    const state = shareState(next, true, agents, last?.state, last?.unshared, statuses);
    lane.views.set(viewKey, { ...EMPTY_VIEW, state, agents, isHeld: true, placer, unshared: next });
    return state;
  }
  const at = indexOf(lane, toolCallId);
  const call = at < 0 ? undefined : callAt(lane, at);
  const hasLaterCall = at >= 0 && at < lane.entries.length - 1;
  const isSuperseded = hasLaterCall || (call !== undefined && call.message < context.messages.length - 1);
  const before = call === undefined ? undefined : planBefore(lane, at, context);
  const { status } = lane;
  if (
    last &&
    !last.isHeld &&
    last.status === status &&
    last.isSuperseded === isSuperseded &&
    last.hasLaterCall === hasLaterCall &&
    last.call === call &&
    last.before === before &&
    last.agents === agents &&
    (call === undefined || callOutcome(call) !== 'open')
  )
    return last.state;
  const next = call === undefined ? EMPTY : stateOf(call, before, isSuperseded, status, context.reader, placer);
  const ended = status === 'ready' || status === 'error' || hasLaterCall;
  // A plan waiting for review has not started: it is not live until the person approves it.
  const live = next.phase !== 'empty' && next.phase !== 'review' && !ended;
  const state = shareState(next, live, agents, last?.state, last?.unshared, statuses);
  lane.views.set(viewKey, {
    state,
    call,
    before,
    isSuperseded,
    hasLaterCall,
    status,
    agents,
    isHeld: false,
    placer,
    unshared: next,
  });
  return state;
}

/** The state on screen as the held plan: the subagents it lists are those the reading holds now, set again. */
function withoutAgents({ agents: _listed, ...state }: StateOfAnyShape): UnsharedState {
  return state;
}

const EMPTY_VIEW = {
  call: undefined,
  before: undefined,
  isSuperseded: false,
  hasLaterCall: false,
  status: undefined,
} as const;
