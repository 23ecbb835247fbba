/** A reading of a conversation: every agent's plan, what it keeps between readings, and the selectors on it. */
import type { ChatStatus } from 'ai';
import type { TodoRowStatus, TodoStatus } from '../plan/todo-statuses.js';
import { bindTodoTool, type TodoOptions, type BoundShape } from '../plan/todo-tool-shape.js';
import { entriesByAgent, type MessageReading, readMessages, toolPart } from './read-messages.js';
import { isSameValue } from '../plan/same-value.js';
import { type AgentGroup, MAIN } from './todo-agents.js';
import type { TodoMessageLike } from './todo-calls.js';
import { callAt, indexOf, type Lane, laneState, newLane, type ReadingContext, updateLane } from './todo-lane.js';
import type { StateOfAnyShape, TodoState } from './todo-state.js';

/** Derives a {@link TodoState} from a conversation, reusing its own earlier work (see {@link createTodoSelector}). */
export interface TodoSelector<Status extends TodoRowStatus = TodoStatus> {
  /**
   * The state of the conversation's newest call (or of `toolCallId`'s): `messages` and `status` from `useChat()`.
   * `agent`: a subagent's plan instead of the main agent's (the id of the call that handed it the work, or a key
   * from the main state's `agents`). The same state and row objects as the last result while nothing visible changed.
   */
  select(messages: readonly TodoMessageLike[], options?: Omit<TodoOptions, 'tool'>): TodoState<Status>;
}

/** A selector that also tells whether a reading changed anything: one reading for many views (the provider's). */
export interface TodoReading extends TodoSelector<TodoRowStatus> {
  /** Reads the conversation; returns a revision that stays the same while no call of it can have changed. */
  read(messages: readonly TodoMessageLike[], status: ChatStatus | undefined): number;
  /** The state of the last conversation read, for `toolCallId` (default: the newest call) of `agent`'s plan (default: the main one). */
  state(toolCallId?: string, agent?: string): StateOfAnyShape;
}

/**
 * Creates a selector: the newest call wins; streamed tasks appear as they arrive (never an empty task, never a cut-off
 * status); the last accepted plan stays until a new call replaces it, and comes back when a call is refused, sent
 * back or abandoned; a message replayed from its start (a resumed stream) keeps the newest accepted plan until the
 * replay reaches that call again. Each agent's plan is its own: a subagent's calls never reach the main plan. What it
 * keeps never changes the answer (see docs/checklist.md, "Your own markup"). `options.tool`: the name the tool is
 * registered under, its settings, or another agent's shape. Default `'todo_write'`.
 */
export function createTodoSelector<Status extends TodoRowStatus = TodoStatus>(
  options: Pick<TodoOptions<Status>, 'tool'> = {},
): TodoSelector<Status> {
  return createReading(bindTodoTool(options.tool)) as unknown as TodoSelector<Status>;
}

/** The reading behind every selector, bound to one reader. */
export function createReading(reader: BoundShape): TodoReading {
  const context: ReadingContext = { reader, messages: [], plans: new WeakMap() };
  let status: ChatStatus | undefined;
  // Per message position: the message read there and what it holds, reused while it is the same object.
  const byMessage: MessageReading[] = [];
  // Every agent's plan, the main one first; a plan's parts are read into calls only when a view asks.
  let lanes = new Map<string, Lane>([[MAIN, newLane()]]);
  let agents: readonly string[] = NO_AGENTS;
  // The positions of the messages that hold subagents' plans.
  let planned: readonly number[] = [];
  let revision = 0;
  // The plans of subagents whose messages come in a call's output (the AI SDK's subagent pattern), by that call.
  const nested = new Map<string, TodoReading>();

  /** Reads where each agent's calls are in `next`; a message that is the same object keeps its calls as they were. */
  function extract(next: readonly TodoMessageLike[], nextStatus: ChatStatus | undefined): void {
    const list: readonly unknown[] = Array.isArray(next) ? next : [];
    const from = readMessages(list, byMessage, reader);
    context.messages = list;
    status = nextStatus;
    const found = entriesByAgent(byMessage, from, { lanes, planned });
    planned = found.planned;
    agents =
      found.agents.length === 0 ? NO_AGENTS : isSameValue(agents, found.agents) ? agents : Object.freeze(found.agents);
    const nextLanes = new Map<string, Lane>();
    for (const [key, entries] of found.found) {
      const lane = lanes.get(key) ?? newLane();
      updateLane(lane, entries, key === MAIN || !isDone(found.groups.get(key)) ? status : 'ready', context);
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
        const part = toolPart(byMessage, id) as { state?: unknown; preliminary?: unknown } | undefined;
        const state = part?.state;
        return (
          state === 'output-error' || state === 'output-denied' || (state === 'output-available' && !part!.preliminary)
        );
      })
    );
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
        lane.holdMoved
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

  /** The plan of a subagent whose messages are a call's output, read as a conversation of its own. */
  function nestedState(toolCallId: string): StateOfAnyShape {
    const reading = nested.get(toolCallId) ?? createReading(reader);
    nested.set(toolCallId, reading);
    const part = toolPart(byMessage, toolCallId) as
      | { state?: unknown; preliminary?: unknown; output?: unknown }
      | undefined;
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

  function state(toolCallId?: string, agent?: string): StateOfAnyShape {
    const key = agent ?? (toolCallId === undefined ? MAIN : laneOf(toolCallId));
    const lane = lanes.get(key);
    if (!lane) return nestedState(key);
    const shownAgents = key === MAIN && toolCallId === undefined ? agents : NO_AGENTS;
    return laneState(lane, toolCallId, shownAgents, context);
  }

  /** The agent whose plan holds `toolCallId`; the main one when none does. */
  function laneOf(toolCallId: string): string {
    for (const [key, lane] of lanes) if (indexOf(lane, toolCallId) >= 0) return key;
    return MAIN;
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

/**
 * The checklist of a conversation, derived from scratch: `createTodoSelector(options).select(messages, options)`.
 * The same messages (by value) give the same state, on the server and in the browser.
 */
export function selectTodoState<Status extends TodoRowStatus = TodoStatus>(
  messages: readonly TodoMessageLike[],
  options: TodoOptions<Status> = {},
): TodoState<Status> {
  return createReading(bindTodoTool(options.tool)).select(messages, options) as unknown as TodoState<Status>;
}
