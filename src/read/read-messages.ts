/** Reading a conversation's messages into plan entries, reused for every message that is the same object as before. */
import { type PlanTool, type BoundShape, toolNameOfPart } from '../plan/todo-tool-shape.js';
import { isSameInput, isSameValue } from '../plan/same-value.js';
import { type AgentGroup, MAIN } from './todo-agents.js';
import { editedTodos } from '../plan/todo-edit-reason.js';
import {
  callOutcome,
  partOutcome,
  partsOf,
  type TodoCall,
  type TodoCallOutcome,
  toTodoCall,
  walkPlanParts,
} from './todo-calls.js';

/** One of the plan's parts in a reading: where it is, whose it is, and its call once read. */
export interface Entry {
  part: unknown;
  tool: PlanTool;
  message: number;
  agent: string;
  call: TodoCall | undefined;
  /** The last reading's call at the same place, until this one is read and checked against it. */
  earlier: TodoCall | undefined;
  /** What became of the call, once the call is read. */
  outcome: TodoCallOutcome | undefined;
}

/** What one message holds: its plan parts, its subagents' plans, and its other tool parts by id. */
export interface MessageReading {
  message: unknown;
  entries: Entry[];
  groups: ReadonlyMap<string, AgentGroup>;
  tools: ReadonlyMap<string, unknown>;
  /** The keys of the subagents that plan in it, in order: its groups, then calls whose output holds a plan. */
  agents: readonly string[];
}

/**
 * Reads `list` into `readings` (the last reading, by position), keeping each reading while its message is the same
 * object; returns the first position read anew (`list.length` when none was).
 */
export function readMessages(list: readonly unknown[], readings: MessageReading[], reader: BoundShape): number {
  let from = list.length;
  try {
    for (let at = 0; at < list.length; at++) {
      const last = readings[at];
      if (last !== undefined && last.message === list[at]) continue;
      if (from > at) from = at;
      readings[at] = readMessage(list[at], at, last, reader);
    }
  } catch (error) {
    // The next reading reads again from the first message this one changed, as the entries by agent still are.
    readings.length = Math.min(from, readings.length);
    throw error;
  }
  readings.length = list.length;
  return from;
}

function readMessage(message: unknown, at: number, known: MessageReading | undefined, reader: BoundShape) {
  const entries: Entry[] = [];
  // Most messages hold no other tool part and no subagent: those share the empty collections.
  let tools: Map<string, unknown> | undefined;
  let nested: string[] | undefined;
  const found = (part: unknown, tool: PlanTool, agent: string): void => {
    const earlier = known?.entries[entries.length];
    const call = earlier?.call ?? earlier?.earlier;
    // A part that reads as the call read before keeps its entry: a copied message costs a comparison. Parts are
    // checked against the call, never against the part object, which the SDK may still be writing to.
    if (earlier?.call && earlier.tool === tool && earlier.agent === agent) {
      if (readsAs(part, earlier.call)) {
        entries.push(earlier);
        return;
      }
      const read = toTodoCall(part, tool, at, agent);
      if (isSameCall(read, earlier.call)) entries.push(earlier);
      else entries.push({ part, tool, message: at, agent, call: read, earlier: undefined, outcome: undefined });
    } else entries.push({ part, tool, message: at, agent, call: undefined, earlier: call, outcome: undefined });
  };
  const groups = walkPlanParts(message, reader, found, (part) => {
    const id = (part as { toolCallId?: unknown } | null)?.toolCallId;
    if (typeof id !== 'string') return;
    tools ??= new Map();
    tools.set(id, part);
    const output = (part as { output?: unknown }).output;
    if (!partsOf(output).some((each) => reader.toolOf(toolNameOfPart(each)) !== undefined)) return;
    nested ??= [];
    nested.push(id);
  });
  const agents = groups.size === 0 ? nested : [...groups.keys(), ...(nested ?? [])];
  return { message, entries, groups, tools: tools ?? NO_TOOLS, agents: agents ?? NO_AGENTS };
}

const NO_AGENTS: readonly string[] = [];
const NO_TOOLS: ReadonlyMap<string, unknown> = new Map();

/** Each agent's entries in order (the main agent's first, always there), its groups, and the subagents' keys. */
export interface AgentEntries {
  found: Map<string, Entry[]>;
  groups: Map<string, AgentGroup>;
  agents: string[];
  /** The positions of the messages that hold subagents' plans. */
  planned: number[];
}

/**
 * The entries of `readings` by agent: those of messages before `from` are `known`'s (the last reading's), the rest
 * are read from `readings`.
 */
export function entriesByAgent(
  readings: readonly MessageReading[],
  from: number,
  known: {
    readonly lanes: ReadonlyMap<string, { readonly entries: readonly Entry[] }>;
    readonly planned: readonly number[];
  },
): AgentEntries {
  const found = new Map<string, Entry[]>([[MAIN, []]]);
  for (const [key, { entries }] of known.lanes) {
    // Entries are in message order: the first one of a message from `from` on is searched by halves.
    let kept = 0;
    for (let end = entries.length; kept < end; ) {
      const middle = (kept + end) >>> 1;
      if (entries[middle]!.message < from) kept = middle + 1;
      else end = middle;
    }
    if (kept > 0) found.set(key, entries.slice(0, kept));
  }
  const planned = known.planned.filter((at) => at < from);
  for (let at = from; at < readings.length; at++) {
    const reading = readings[at]!;
    for (const entry of reading.entries) {
      const entries = found.get(entry.agent);
      if (entries) entries.push(entry);
      else found.set(entry.agent, [entry]);
    }
    if (reading.groups.size > 0 || reading.agents.length > 0) planned.push(at);
  }
  const groups = new Map<string, AgentGroup>();
  const keys = new Set<string>();
  for (const at of planned) {
    for (const [key, group] of readings[at]!.groups) groups.set(key, group);
    for (const key of readings[at]!.agents) keys.add(key);
  }
  return { found, groups, agents: [...keys], planned };
}

/** The newest tool part (not a plan call) with `toolCallId`. */
export function toolPart(readings: readonly MessageReading[], toolCallId: string): unknown {
  for (let at = readings.length - 1; at >= 0; at--) {
    const part = readings[at]!.tools.get(toolCallId);
    if (part !== undefined) return part;
  }
  return undefined;
}

/** The entry's call, the same object as the last reading's when it reads the same (read and checked once). */
export function callOf(entry: Entry): TodoCall {
  if (entry.call === undefined) {
    const call = toTodoCall(entry.part, entry.tool, entry.message, entry.agent);
    entry.call = entry.earlier !== undefined && isSameCall(entry.earlier, call) ? entry.earlier : call;
    entry.earlier = undefined;
  }
  return entry.call;
}

/** What became of the entry's call, read from its part until the call is. */
export function outcomeOf(entry: Entry): TodoCallOutcome {
  if (entry.call === undefined) return partOutcome(entry.part, entry.tool);
  // Kept: a call is read once, and a task tool's answer is read with regular expressions.
  entry.outcome ??= callOutcome(entry.call);
  return entry.outcome;
}

/**
 * Whether a part with no approval reads as `call` did (`toTodoCall` and `isSameCall` without the call object): a
 * copied history then costs comparisons, no allocation. `false` sends the part the long way.
 */
function readsAs(part: unknown, call: TodoCall): boolean {
  const { toolCallId, state, input, output, errorText, preliminary, approval } = part as Record<string, unknown>;
  return (
    approval === undefined &&
    call.approvalId === undefined &&
    !call.edited &&
    toolCallId === call.toolCallId &&
    state === call.state &&
    errorText === call.errorText &&
    (preliminary === true) === call.preliminary &&
    (output === call.output ||
      (editedTodos(output, undefined, undefined) === undefined && isSameValue(output, call.output))) &&
    isSameInput(call.tool.keys, input, call.input)
  );
}

function isSameCall(a: TodoCall, b: TodoCall): boolean {
  return (
    a.toolCallId === b.toolCallId &&
    a.tool === b.tool &&
    a.state === b.state &&
    a.message === b.message &&
    a.agent === b.agent &&
    a.preliminary === b.preliminary &&
    a.errorText === b.errorText &&
    a.approvalId === b.approvalId &&
    a.approved === b.approved &&
    a.reason === b.reason &&
    isSameValue(a.output, b.output) &&
    isSameInput(a.tool.keys, a.input, b.input)
  );
}
