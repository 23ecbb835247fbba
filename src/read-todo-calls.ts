/**
 * Reading a tool's calls out of a conversation, defensively (messages come from the network or from
 * storage; newer SDKs may add states), and the two rules every reader shares: when a call was
 * accepted, and when an unfinished call is over.
 */
import { writtenInput } from './todo-edit.js';
import type { TodoToolShape } from './todo-tool-shape.js';

/** A call, in the states of the SDK's UI tool parts. Every state is kept; unknown ones are shown safely. */
export interface TodoCall {
  toolCallId: string;
  state: string;
  /** The list the call writes: the person's edit once approved with one, else the model's input (see `writtenInput`). */
  input: unknown;
  /** The tool's output (a UI part's `output`, a model result's `value`). */
  output?: unknown;
  errorText?: string | undefined;
  /** An `output-available` part whose `execute` is still yielding. */
  preliminary?: boolean;
  /** The reason given when an approval was denied. */
  denialReason?: string | undefined;
  /** The id of the call's approval request (`approval.id` of a UI part). */
  approvalId?: string | undefined;
  /** The person's answer to the approval request, once given. */
  approved?: boolean | undefined;
  /** The ids of the call's approval requests (model messages only). */
  approvalIds?: string[];
}

/** Anything with `parts`: a `UIMessage` of any SDK version, typed or not. */
export interface TodoMessageLike {
  /** `UIMessage.id`: tells a message replayed from its start (a resumed stream) from one that went away. */
  readonly id?: unknown;
  readonly parts: readonly unknown[];
}

/** The fields of a UI part or a model message part that the readers look at. */
export interface PartLike {
  type?: unknown;
  toolName?: unknown;
  toolCallId?: unknown;
  approvalId?: string;
  state?: unknown;
  input?: unknown;
  output?: unknown;
  errorText?: unknown;
  preliminary?: unknown;
  approval?: { id?: unknown; approved?: unknown; reason?: unknown } | null;
}

/** What became of a call: `accepted` (the plan was taken), `rejected` (an error), `denied`, or `open` (not finished). */
export type TodoCallOutcome = 'accepted' | 'rejected' | 'denied' | 'open';

/** The one rule of what became of a call; an output the shape does not accept (an error's text) is a rejection. */
export function callOutcome(call: TodoCall, shape: Pick<TodoToolShape, 'isAccepted'>): TodoCallOutcome {
  switch (call.state) {
    case 'output-available':
      if (call.preliminary) return 'open';
      return (shape.isAccepted ?? isNotError)(call.output) ? 'accepted' : 'rejected';
    case 'output-error':
      return 'rejected';
    case 'output-denied':
      return 'denied';
    case 'approval-responded':
      return call.approved === false ? 'denied' : 'open';
    default:
      return 'open';
  }
}

/** The chat's status, as `useChat` reports it. */
export type ChatStatus = 'submitted' | 'streaming' | 'ready' | 'error';

/**
 * The one rule of when an open call is over: a later call or message follows it, the chat failed,
 * or the stream ended (a pending approval outlives the stream).
 */
export function isCallOver(call: TodoCall, isSuperseded: boolean, status: ChatStatus | undefined): boolean {
  if (isSuperseded || status === 'error') return true;
  return status === 'ready' && !call.state.startsWith('approval-');
}

const stringOrUndefined = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const isNotError = (output: unknown): boolean => !(output instanceof Error);

/** The parts of a message, `[]` when it has none or they are not an array. */
export function partsOf(message: unknown): readonly unknown[] {
  const parts = (message as { parts?: unknown } | null | undefined)?.parts;
  return Array.isArray(parts) ? parts : [];
}

/** Whether `part` is a top-level UI part of the tool: `tool-${name}`, or a dynamic tool of that name. */
export function isTodoPart(part: unknown, toolName: string, partType = `tool-${toolName}`): part is PartLike {
  const type = (part as PartLike | null)?.type;
  return type === partType || (type === 'dynamic-tool' && (part as PartLike).toolName === toolName);
}

/** The list a UI part's call writes (the one rule, `writtenInput`, applied to the part). */
export function partInput(part: PartLike): unknown {
  const approval = typeof part.approval === 'object' && part.approval !== null ? part.approval : undefined;
  return writtenInput(part.input, part.output, approval?.approved, approval?.reason);
}

/** The call of a UI part already known to be the tool's (see {@link isTodoPart}). */
export function toTodoCall(part: PartLike): TodoCall {
  const { toolCallId, state, output, errorText, preliminary } = part;
  const approval = typeof part.approval === 'object' && part.approval !== null ? part.approval : undefined;
  return {
    toolCallId: stringOrUndefined(toolCallId) ?? '',
    state: stringOrUndefined(state) ?? '',
    input: partInput(part),
    output,
    errorText: stringOrUndefined(errorText),
    preliminary: preliminary === true,
    denialReason: stringOrUndefined(approval?.reason),
    approvalId: stringOrUndefined(approval?.id),
    approved: typeof approval?.approved === 'boolean' ? approval.approved : undefined,
  };
}

/**
 * The tool's calls in `UIMessage[]` or `ModelMessage[]`, in order. A model `tool-call` is
 * `input-available` (`approval-requested` once asked) until the `tool-result` with its id settles it;
 * a reused `toolCallId` pairs a result with the newest call of that id.
 */
export function readTodoCalls(messages: readonly unknown[], toolName: string): TodoCall[] {
  const calls: TodoCall[] = [];
  const callsById = new Map<unknown, TodoCall>();
  const callsByApproval = new Map<unknown, TodoCall>();
  for (const message of Array.isArray(messages) ? messages : []) {
    for (const part of partsOf(message)) if (isTodoPart(part, toolName)) calls.push(toTodoCall(part));
    const content = (message as { content?: unknown } | null)?.content;
    for (const part of (Array.isArray(content) ? content : []) as (PartLike | null)[]) {
      if (part?.type === 'tool-call') {
        // Another tool's call that reuses an id ends the pairing of that id with ours.
        if (part.toolName !== toolName) {
          callsById.delete(part.toolCallId);
          continue;
        }
        const toolCallId = stringOrUndefined(part.toolCallId) ?? '';
        const added: TodoCall = { toolCallId, state: 'input-available', input: part.input };
        calls.push(added);
        callsById.set(part.toolCallId, added);
        continue;
      }
      const answer = part as (PartLike & { approved?: unknown; reason?: unknown }) | null;
      if (answer?.type === 'tool-approval-response') {
        const answered = callsByApproval.get(answer.approvalId);
        if (answered === undefined) continue;
        answered.approved = answer.approved === true;
        answered.input = writtenInput(answered.input, undefined, answer.approved, answer.reason);
        continue;
      }
      const call = callsById.get(part?.toolCallId);
      if (call === undefined) continue;
      if (part?.type === 'tool-approval-request') {
        callsByApproval.set(part.approvalId, call);
        call.state = 'approval-requested';
        call.approvalIds = [...(call.approvalIds ?? []), stringOrUndefined(part.approvalId) ?? ''];
      } else if (part?.type === 'tool-result' && part.toolName === toolName) {
        const output = (part.output ?? {}) as { type?: unknown; value?: unknown };
        call.state =
          output.type === 'execution-denied'
            ? 'output-denied'
            : output.type === 'error-text' || output.type === 'error-json'
              ? 'output-error'
              : 'output-available';
        call.output = output.value;
        call.input = writtenInput(call.input, call.output, undefined, undefined);
      }
    }
  }
  return calls;
}
