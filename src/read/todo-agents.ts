/**
 * Whose plan a call writes: the main agent's, or a subagent's. Told by the transport's metadata where it has some
 * (LangChain's namespace, a parent call id), else by place: a plan call in the step of a delegating call is the
 * subagent's. One walker per message, for UI parts and model messages alike.
 */

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
 * Walks one message's parts in order: `step` at each step's start, `delegate` at each delegating call, and `agentOf`
 * for each plan call, which returns its agent's key (`MAIN`, or a subagent's: its delegating call's id when it can
 * be told, else a key of the group). `groups` holds every subagent's plan met so far.
 */
export function createAgentWalker(): {
  step(): void;
  delegate(toolCallId: string): void;
  agentOf(metadata: unknown): string;
  groups: Map<string, AgentGroup>;
} {
  let open: string[] = [];
  const tied = new Map<string, string>();
  const groups = new Map<string, AgentGroup>();
  const group = (key: string, calls: readonly string[]): string => {
    if (!groups.has(key)) groups.set(key, { key, calls });
    return key;
  };
  return {
    groups,
    step() {
      open = [];
    },
    delegate(toolCallId) {
      if (!open.includes(toolCallId)) open.push(toolCallId);
    },
    agentOf(metadata) {
      const said = agentOfMetadata(metadata);
      if (said && 'main' in said) return MAIN;
      if (said && 'call' in said) return group(said.call, [said.call]);
      if (said && 'group' in said) {
        const known = tied.get(said.group);
        if (known !== undefined) return known;
        // A group ties to the one open call no other group took; with several, its call cannot be told.
        const taken = new Set(tied.values());
        const free = open.filter((id) => !taken.has(id));
        const key = free.length === 1 ? group(free[0]!, free) : group(said.group, free);
        tied.set(said.group, key);
        return key;
      }
      if (open.length === 0) return MAIN;
      return open.length === 1 ? group(open[0]!, open) : group(open.join(' '), [...open]);
    },
  };
}
