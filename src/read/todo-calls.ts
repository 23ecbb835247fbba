/**
 * The one walker over a conversation: a plan's calls out of `UIMessage[]` or `ModelMessage[]`, read defensively
 * (messages come from the network or from storage; newer SDKs may add states), and the two rules every reader
 * shares: what became of a call, and when an unfinished call is over.
 */
import type { ChatStatus } from 'ai';
import { type PlanTool, type BoundShape, toolNameOfPart } from '../plan/todo-tool-shape.js';
import { type AgentGroup, createAgentWalker, MAIN, namesAgent } from './todo-agents.js';
import { editedTodos, writtenInput } from '../plan/todo-edit-reason.js';

/** A call, in the states of the SDK's UI tool parts. Every state is kept; unknown ones are shown safely. */
export interface TodoCall {
  toolCallId: string;
  tool: PlanTool;
  /** Whose plan the call writes: `MAIN`, or a subagent's key (see `todo-agents`). */
  agent: string;
  state: string;
  /** The list the call writes: the person's edit once approved with one, else the model's input (`writtenInput`). */
  input: unknown;
  /** The list is the person's edit, not the model's. */
  edited: boolean;
  /** The tool's output (a UI part's `output`, a model result's `value`). */
  output: unknown;
  errorText: string | undefined;
  /** An `output-available` part whose `execute` is still yielding. */
  preliminary: boolean;
  /** The id of the call's (newest) approval request. */
  approvalId: string | undefined;
  /** The person's answer to the approval request, once given. */
  approved: boolean | undefined;
  /** The reason given with the answer (a denial's words, or an edit's envelope). */
  reason: string | undefined;
  /** The position of the message the call is in. */
  message: number;
  /** Model messages: the ids of every approval request of the call. */
  approvalIds?: string[];
  /** Model messages: the position of the message holding the answer to its approval. */
  answeredIn?: number;
}

/** Anything with `parts`: a `UIMessage` of any SDK version, typed or not. */
export interface TodoMessageLike {
  /** `UIMessage.id`: tells a message replayed from its start (a resumed stream) from one that went away. */
  readonly id?: unknown;
  readonly parts: readonly unknown[];
}

/** What became of a call: `accepted` (the plan was taken), `refused` (by the tool), `denied` (by the person), or `open`. */
export type TodoCallOutcome = 'accepted' | 'refused' | 'denied' | 'open';

/** The one rule of what became of a call; an output the tool's shape reads as a refusal refuses it. */
export function callOutcome(
  call: Pick<TodoCall, 'state' | 'preliminary' | 'output' | 'approved' | 'tool'>,
): TodoCallOutcome {
  switch (call.state) {
    case 'output-available':
      if (call.preliminary) return 'open';
      return call.tool.refusal(call.output) === undefined ? 'accepted' : 'refused';
    case 'output-error':
      return 'refused';
    case 'output-denied':
      return 'denied';
    case 'approval-responded':
      return call.approved === false ? 'denied' : 'open';
    default:
      return 'open';
  }
}

/** {@link callOutcome} of a UI part already known to be one of the plan's, without reading the whole call. */
export function partOutcome(part: unknown, tool: PlanTool): TodoCallOutcome {
  const { state, preliminary, output, approval } = part as UIPartLike;
  const approved = typeof approval === 'object' && approval !== null ? approval.approved : undefined;
  return callOutcome({
    state: typeof state === 'string' ? state : '',
    preliminary: preliminary === true,
    output,
    approved: typeof approved === 'boolean' ? approved : undefined,
    tool,
  });
}

/** The chat's status, as `useChat` reports it. */

/**
 * The one rule of when an open call is over: a later call or message follows it, the chat failed, or the stream
 * ended (a pending approval outlives the stream).
 */
export function isCallOver(call: TodoCall, isSuperseded: boolean, status: ChatStatus | undefined): boolean {
  if (isSuperseded || status === 'error') return true;
  return status === 'ready' && !call.state.startsWith('approval-');
}

const stringOrUndefined = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * Calls `found` with each plan part of a UI message, its tool and its agent, in order, and `other` with each other
 * part; returns the subagents' plans met (see `createAgentWalker`).
 */
export function walkPlanParts(
  message: unknown,
  reader: BoundShape,
  found: (part: unknown, tool: PlanTool, agent: string) => void,
  other?: (part: unknown) => void,
): ReadonlyMap<string, AgentGroup> {
  // Made at the first part that can place a call elsewhere than the main plan: most messages have none.
  let agents: ReturnType<typeof createAgentWalker> | undefined;
  const walker = (): ReturnType<typeof createAgentWalker> => {
    agents ??= createAgentWalker();
    return agents;
  };
  const parts = partsOf(message);
  const metadata = metadataById(parts);
  for (const part of parts) {
    const { type, providerMetadata } = (part ?? {}) as { type?: unknown; providerMetadata?: unknown };
    if (type === 'step-start') agents?.step();
    const name = toolNameOfPart(part);
    if (name === undefined) {
      if (providerMetadata !== undefined) walker().see(providerMetadata);
      other?.(part);
      continue;
    }
    const tool = reader.toolOf(name);
    const id = stringOrUndefined((part as UIPartLike).toolCallId) ?? '';
    const placed = metadata?.get(id);
    if (tool) {
      found(part, tool, agents === undefined && placed === undefined ? MAIN : walker().callAgent(tool.kind, placed));
      continue;
    }
    other?.(part);
    if (reader.delegates(name)) walker().delegate(id);
    else if (placed !== undefined) walker().see(placed);
  }
  return agents?.groups ?? NO_GROUPS;
}

const NO_GROUPS: ReadonlyMap<string, AgentGroup> = new Map();

/**
 * The provider metadata that places each call: its result's when that names an agent (LangChain's adapter can stamp a
 * call with another subagent's namespace, never its result), else the call's first that names one, shared by every
 * part of the id (the adapter can split a call into parts, some without metadata).
 */
function metadataById(parts: readonly unknown[]): Map<string, unknown> | undefined {
  // Most messages name no agent: the map is made at the first part that does.
  let byId: Map<string, unknown> | undefined;
  const fromResult = new Set<string>();
  for (const part of parts) {
    const { toolCallId, resultProviderMetadata, callProviderMetadata } = (part ?? {}) as {
      toolCallId?: unknown;
      resultProviderMetadata?: unknown;
      callProviderMetadata?: unknown;
    };
    if (resultProviderMetadata === undefined && callProviderMetadata === undefined) continue;
    if (typeof toolCallId !== 'string' || fromResult.has(toolCallId)) continue;
    const fromItsResult = namesAgent(resultProviderMetadata);
    if (!fromItsResult && (!namesAgent(callProviderMetadata) || byId?.has(toolCallId))) continue;
    byId ??= new Map();
    byId.set(toolCallId, fromItsResult ? resultProviderMetadata : callProviderMetadata);
    if (fromItsResult) fromResult.add(toolCallId);
  }
  return byId;
}

/** The parts of a message, `[]` when it has none or they are not an array. */
export function partsOf(message: unknown): readonly unknown[] {
  const parts = (message as { parts?: unknown } | null | undefined)?.parts;
  return Array.isArray(parts) ? parts : [];
}

/** The fields of a UI part the readers look at. */
interface UIPartLike {
  toolCallId?: unknown;
  state?: unknown;
  input?: unknown;
  output?: unknown;
  errorText?: unknown;
  preliminary?: unknown;
  approval?: { id?: unknown; approved?: unknown; reason?: unknown } | null;
}

/** The call of a UI part already known to be one of the plan's. */
export function toTodoCall(part: unknown, tool: PlanTool, message: number, agent: string): TodoCall {
  const { toolCallId, state, input, output, errorText, preliminary, approval } = part as UIPartLike;
  const answer = typeof approval === 'object' && approval !== null ? approval : undefined;
  const reason = stringOrUndefined(answer?.reason);
  return {
    toolCallId: stringOrUndefined(toolCallId) ?? '',
    tool,
    agent,
    state: stringOrUndefined(state) ?? '',
    input: writtenInput(input, output, answer?.approved, reason),
    edited: editedTodos(output, answer?.approved, reason) !== undefined,
    output,
    errorText: stringOrUndefined(errorText),
    preliminary: preliminary === true,
    approvalId: stringOrUndefined(answer?.id),
    approved: typeof answer?.approved === 'boolean' ? answer.approved : undefined,
    reason,
    message,
  };
}

/** The fields of a model message's content part the walker looks at. */
interface ContentPartLike {
  type?: unknown;
  toolName?: unknown;
  toolCallId?: unknown;
  approvalId?: unknown;
  approved?: unknown;
  reason?: unknown;
  input?: unknown;
  output?: { type?: unknown; value?: unknown; reason?: unknown } | null;
  providerOptions?: unknown;
}

/** The object parts of a model message's content; `[]` for a string, a missing content or a message that is not an object. */
export function contentOf(message: unknown): ContentPartLike[] {
  const content = (message as { content?: unknown } | null | undefined)?.content;
  return Array.isArray(content)
    ? content.filter((part): part is ContentPartLike => typeof part === 'object' && part !== null)
    : [];
}

/**
 * The plan's calls in `UIMessage[]` or `ModelMessage[]`, in order. A model `tool-call` is `input-available`
 * (`approval-requested` once asked) until the `tool-result` with its id settles it; a reused `toolCallId` pairs a
 * result with the newest call of that id, of any tool.
 */
export function readTodoCalls(messages: readonly unknown[], reader: BoundShape): TodoCall[] {
  const calls: TodoCall[] = [];
  const callsById = new Map<unknown, TodoCall>();
  const callsByApproval = new Map<unknown, TodoCall>();
  const list = Array.isArray(messages) ? messages : [];
  list.forEach((message, at) => {
    walkPlanParts(message, reader, (part, tool, agent) => calls.push(toTodoCall(part, tool, at, agent)));
    // A model message is one step: a plan call after a delegating call in it is the subagent's.
    const agents = createAgentWalker();
    for (const part of contentOf(message)) {
      if (part.type === 'tool-call') {
        const tool = reader.toolOf(part.toolName);
        if (!tool) {
          if (reader.delegates(part.toolName)) agents.delegate(stringOrUndefined(part.toolCallId) ?? '');
          callsById.delete(part.toolCallId);
          continue;
        }
        const { toolCallId, input } = part;
        const agent = agents.callAgent(tool.kind, part.providerOptions);
        const call: TodoCall = {
          ...toTodoCall({ toolCallId, state: 'input-available', input }, tool, at, agent),
          approvalIds: [],
        };
        calls.push(call);
        callsById.set(part.toolCallId, call);
      } else if (part.type === 'tool-approval-response') {
        const call = callsByApproval.get(part.approvalId);
        if (call === undefined) continue;
        call.approved = part.approved === true;
        call.reason = stringOrUndefined(part.reason);
        call.answeredIn = at;
        call.state = 'approval-responded';
        call.input = writtenInput(call.input, undefined, call.approved, call.reason);
        call.edited ||= editedTodos(undefined, call.approved, call.reason) !== undefined;
      } else if (part.type === 'tool-approval-request') {
        const call = callsById.get(part.toolCallId);
        if (call === undefined) continue;
        callsByApproval.set(part.approvalId, call);
        call.state = 'approval-requested';
        call.approvalId = stringOrUndefined(part.approvalId);
        call.approvalIds?.push(call.approvalId ?? '');
      } else if (part.type === 'tool-result') {
        const call = callsById.get(part.toolCallId);
        if (call === undefined || reader.toolOf(part.toolName) !== call.tool) continue;
        const output = part.output ?? {};
        call.state =
          output.type === 'execution-denied'
            ? 'output-denied'
            : output.type === 'error-text' || output.type === 'error-json'
              ? 'output-error'
              : 'output-available';
        call.output = output.value;
        if (call.state === 'output-error') call.errorText = typeof output.value === 'string' ? output.value : undefined;
        if (call.state === 'output-denied') call.reason = stringOrUndefined(output.reason) ?? call.reason;
        call.input = writtenInput(call.input, call.output, undefined, undefined);
        call.edited ||= editedTodos(call.output, undefined, undefined) !== undefined;
      }
    }
  });
  return calls;
}
