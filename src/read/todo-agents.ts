/**
 * Whose plan a call writes: the main agent's, or a subagent's. Told by the transport's metadata where it has some
 * (LangChain's namespace, a parent call id), else by place: a plan call in the step of a delegating call is the
 * subagent's. One walker per message, for UI parts and model messages alike.
 */
import type { PlanTool } from '../plan/todo-tool-shape.js';

/** The main agent's plan. */
export const MAIN = '';

/** A subagent's plan as the walker found it: its key, and the delegating calls it may belong to. */
export interface AgentGroup {
  key: string;
  /** The delegating calls that were open when its first call came: one when the plan is tied to its call. */
  calls: readonly string[];
}

/** What a part's provider metadata says of its agent: the main one, a parent call, a group to tie, or nothing. */
type MetadataAgent = { main: true } | { call: string } | { group: string } | undefined;

/** Whether provider metadata says whose a call is. */
export const namesAgent = (metadata: unknown): boolean => agentOfMetadata(metadata) !== undefined;

function agentOfMetadata(metadata: unknown): MetadataAgent {
  if (typeof metadata !== 'object' || metadata === null) return undefined;
  const namespace = (metadata as { langchain?: { namespace?: unknown } }).langchain?.namespace;
  if (Array.isArray(namespace)) return namespace.length === 0 ? { main: true } : { group: namespace.join('/') };
  for (const value of Object.values(metadata)) {
    const parent = (value as { parentToolCallId?: unknown } | null)?.parentToolCallId;
    if (typeof parent === 'string' && parent !== '') return { call: parent };
  }
  return undefined;
}

/**
 * Walks one message's parts in order: `step` at each step's start, `delegate` at each delegating call, `see` at each
 * other part with metadata, and `agentOf` for each plan call, which returns its agent's key (`MAIN`, or a
 * subagent's: its delegating call's id when it can be told, else a key of the group). `groups` holds every
 * subagent's plan met so far.
 */
export function createAgentWalker(): {
  step(): void;
  delegate(toolCallId: string): void;
  see(metadata: unknown): void;
  agentOf(metadata: unknown): string;
  callAgent(kind: PlanTool['kind'], metadata: unknown): string;
  groups: Map<string, AgentGroup>;
} {
  let open: string[] = [];
  // A metadata group is placed at its first part of any kind: a subagent may work a while before it plans.
  const placed = new Map<string, AgentGroup>();
  const groups = new Map<string, AgentGroup>();
  const place = (name: string): AgentGroup => {
    const known = placed.get(name);
    if (known) return known;
    // A group ties to the one open call no other group took; with several, its call cannot be told.
    const taken = new Set([...placed.values()].map((group) => group.key));
    const free = open.filter((id) => !taken.has(id));
    const group = { key: free.length === 1 ? free[0]! : name, calls: free };
    placed.set(name, group);
    return group;
  };
  const plans = (group: AgentGroup): string => {
    if (!groups.has(group.key)) groups.set(group.key, group);
    return group.key;
  };
  const see = (metadata: unknown): void => {
    const said = agentOfMetadata(metadata);
    if (said && 'group' in said) place(said.group);
  };
  const agentOf = (metadata: unknown): string => {
    const said = agentOfMetadata(metadata);
    if (said && 'main' in said) return MAIN;
    if (said && 'call' in said) return plans({ key: said.call, calls: [said.call] });
    if (said && 'group' in said) return plans(place(said.group));
    if (open.length === 0) return MAIN;
    return plans(open.length === 1 ? { key: open[0]!, calls: open } : { key: open.join(' '), calls: [...open] });
  };
  return {
    groups,
    step() {
      open = [];
    },
    delegate(toolCallId) {
      if (!open.includes(toolCallId)) open.push(toolCallId);
    },
    see,
    agentOf,
    // Task-by-task tools write one list that every agent shares; their metadata still places a group.
    callAgent(kind, metadata) {
      if (kind === 'plan') return agentOf(metadata);
      see(metadata);
      return MAIN;
    },
  };
}
