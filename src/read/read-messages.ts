/** Reading a conversation's messages into plan entries, reused for every message that is the same object as before. */
import { type PlanTool, type BoundShape, toolNameOfPart } from '../plan/todo-tool-shape.js';
import { isSameInput, isSameValue } from '../plan/same-value.js';
import { type AgentGroup, MAIN } from './todo-agents.js';
import { editedTodos } from '../plan/todo-edit-reason.js';
import { callOutcome, partOutcome, partsOf, type TodoCall, toTodoCall, walkPlanParts } from './todo-calls.js';

/** One of the plan's parts in a reading: where it is, whose it is, and its call once read. */
export interface Entry {
  part: unknown;
  tool: PlanTool;
  message: number;
  agent: string;
  call: TodoCall | undefined;
  /** The last reading's call at the same place, until this one is read and checked against it. */
  earlier: TodoCall | undefined;
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

/** The messages of `list` read, each reused from `known` (the last reading, by position) while it is the same object. */
export function readMessages(
  list: readonly unknown[],
  known: readonly MessageReading[],
  reader: BoundShape,
): MessageReading[] {
  return list.map((message, at) => {
    const last = known[at];
    return last !== undefined && last.message === message ? last : readMessage(message, at, last, reader);
  });
}

function readMessage(message: unknown, at: number, known: MessageReading | undefined, reader: BoundShape) {
  const entries: Entry[] = [];
  const groups = walkPlanParts(message, reader, (part, tool, agent) => {
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
      else entries.push({ part, tool, message: at, agent, call: read, earlier: undefined });
    } else entries.push({ part, tool, message: at, agent, call: undefined, earlier: call });
  });
  // Most messages hold no other tool part and no subagent: those share the empty collections.
  let tools: Map<string, unknown> | undefined;
  let agents: string[] | undefined = groups.size === 0 ? undefined : [...groups.keys()];
  for (const part of partsOf(message)) {
    const id = (part as { toolCallId?: unknown } | null)?.toolCallId;
    if (typeof id !== 'string' || reader.toolOf(toolNameOfPart(part))) continue;
    tools ??= new Map();
    tools.set(id, part);
    const output = (part as { output?: unknown }).output;
    if (!partsOf(output).some((each) => reader.toolOf(toolNameOfPart(each)) !== undefined)) continue;
    agents ??= [];
    agents.push(id);
  }
  return { message, entries, groups, tools: tools ?? NO_TOOLS, agents: agents ?? NO_AGENTS };
}

const NO_AGENTS: readonly string[] = [];
const NO_TOOLS: ReadonlyMap<string, unknown> = new Map();

/** Each agent's entries in order (the main agent's first, always there), its groups, and the subagents' keys. */
export function entriesByAgent(readings: readonly MessageReading[]): {
  found: Map<string, Entry[]>;
  groups: Map<string, AgentGroup>;
  agents: string[];
} {
  const found = new Map<string, Entry[]>([[MAIN, []]]);
  const groups = new Map<string, AgentGroup>();
  const keys = new Set<string>();
  for (const reading of readings) {
    for (const entry of reading.entries) {
      const entries = found.get(entry.agent);
      if (entries) entries.push(entry);
      else found.set(entry.agent, [entry]);
    }
    for (const [key, group] of reading.groups) groups.set(key, group);
    for (const key of reading.agents) keys.add(key);
  }
  return { found, groups, agents: [...keys] };
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
export const outcomeOf = (entry: Entry) => (entry.call ? callOutcome(entry.call) : partOutcome(entry.part, entry.tool));

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
