/**
 * The replay hold of one agent's plan, as a state machine: while a message is replayed from its start (a resumed
 * stream, a retried step), the newest accepted plan stays on screen until the replay reaches its call again.
 */
import type { ChatStatus } from 'ai';
import { type Entry, outcomeOf } from './read-messages.js';
import type { TodoCall, TodoMessageLike } from './todo-calls.js';
import type { Plan } from './todo-state.js';

/** The newest accepted call and its place in its message: what a replay holds on to. */
export interface Held {
  call: TodoCall;
  messageId: unknown;
  callsBefore: number;
  /** Whether every call before it in its message had ended: only then does an open one there mean a replay. */
  earlierEnded: boolean;
  /** The plan it wrote, kept for task-by-task calls (the fold before it is gone from a replayed message). */
  plan?: Plan;
}

/** `following`: the plan follows the messages, holding on to the newest accepted call; `replaying`: it shows that call's plan. */
export type HoldState = { phase: 'following'; held: Held | undefined } | { phase: 'replaying'; held: Held };

/**
 * What a reading shows of the held call. `stopped`: the chat is not streaming. `released`: its message is gone,
 * or another call stands in its place. `settled`: it stands ended. `pending`: it is missing or open again.
 * `earlierIntact`: the calls before it in its message are there, as ended as they were.
 */
export type HoldEvent =
  | { type: 'stopped' }
  | { type: 'released' }
  | { type: 'settled'; earlierIntact: boolean }
  | { type: 'pending'; earlierIntact: boolean; isFirst: boolean };

export const FOLLOWING: HoldState = { phase: 'following', held: undefined };

/**
 * The next state. A replay starts when the held call's message is rebuilt (a call before it changed, or the held
 * call was the message's first and is open again) and ends once the held call stands ended after intact earlier
 * calls. A `reset-step` drops only the last step: earlier calls intact and the held one gone releases it.
 * `newest`: the newest accepted call, read only when the state follows the messages.
 */
export function reduceHold(state: HoldState, event: HoldEvent, newest: () => Held | undefined): HoldState {
  const follow = (): HoldState => ({ phase: 'following', held: newest() });
  if (state.held === undefined) return follow();
  const replay: HoldState = { phase: 'replaying', held: state.held };
  switch (event.type) {
    case 'stopped':
    case 'released':
      return follow();
    case 'settled':
      return event.earlierIntact ? follow() : replay;
    case 'pending':
      return state.phase === 'replaying' || !event.earlierIntact || event.isFirst ? replay : follow();
  }
}

/** What one agent's plan entries and the `messages` show of `held` while the chat is `status`. */
export function observeHold(
  held: Held,
  entries: readonly Entry[],
  messages: readonly unknown[],
  status: ChatStatus | undefined,
): HoldEvent {
  if (status !== 'submitted' && status !== 'streaming') return { type: 'stopped' };
  const idOf = (at: number): unknown => (messages[at] as TodoMessageLike | null | undefined)?.id;
  // The held message is near the end: read back from there.
  let message = messages.length - 1;
  while (message >= 0 && idOf(message) !== held.messageId) message -= 1;
  if (message < 0) return { type: 'released' };
  let first = entries.length;
  while (first > 0 && entries[first - 1]!.message >= message) first -= 1;
  const inMessage = entries.slice(first).filter((entry) => entry.message === message);
  const earlier = inMessage.slice(0, held.callsBefore);
  const earlierIntact =
    earlier.length === held.callsBefore &&
    (!held.earlierEnded || earlier.every((entry) => outcomeOf(entry) !== 'open'));
  const standing = inMessage[held.callsBefore];
  if (standing !== undefined && toolCallIdOf(standing) !== held.call.toolCallId) return { type: 'released' };
  if (standing !== undefined && outcomeOf(standing) !== 'open') return { type: 'settled', earlierIntact };
  return { type: 'pending', earlierIntact, isFirst: held.callsBefore === 0 };
}

const toolCallIdOf = (entry: Entry): unknown => (entry.part as { toolCallId?: unknown }).toolCallId;
