/**
 * Reading `todo_write` calls out of a conversation, defensively: messages come from the network
 * or from storage, and newer SDK versions may add states. One reader serves `readTodos`,
 * `pruneTodoWrites` and `selectTodoState`, over UI parts and model messages alike.
 */

/** A `todo_write` call, in the states of the SDK's UI tool parts. Every state is accepted; unknown ones are shown safely. */
export interface TodoCall {
  toolCallId: string;
  state: string;
  input: unknown;
  errorText?: string | undefined;
  /** True for an `output-available` part whose `execute` is still yielding. */
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
  /** `UIMessage.id`: lets a selector tell a message replayed from its start (a resumed stream) from one that went away. */
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
  output?: { type?: unknown };
  errorText?: unknown;
  preliminary?: unknown;
  approval?: { id?: unknown; approved?: unknown; reason?: unknown };
}

const stringOrUndefined = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * Whether `part` is a top-level UI part of the tool: `tool-${toolName}` (pass that string as
 * `partType` when calling in a loop), or a dynamic tool of that name.
 */
export function isTodoPart(part: unknown, toolName: string, partType = `tool-${toolName}`): part is PartLike {
  const type = (part as PartLike | null)?.type;
  return type === partType || (type === 'dynamic-tool' && (part as PartLike).toolName === toolName);
}

/** The call when `part` is a top-level UI part of the tool (see {@link isTodoPart}). */
export function toTodoCall(part: unknown, toolName: string): TodoCall | undefined {
  if (!isTodoPart(part, toolName)) return undefined;
  const { toolCallId, state, input, errorText, preliminary, approval } = part;
  return {
    toolCallId: String(toolCallId ?? ''),
    state: String(state),
    input,
    errorText: stringOrUndefined(errorText),
    preliminary: preliminary === true,
    denialReason: stringOrUndefined(approval?.reason),
    approvalId: stringOrUndefined(approval?.id),
    approved: typeof approval?.approved === 'boolean' ? approval.approved : undefined,
  };
}

/**
 * The `todo_write` calls of `UIMessage[]` or `ModelMessage[]`, in the order they were made.
 * A model `tool-call` is `input-available` (`approval-requested` once asked for approval) until
 * the `tool-result` with its `toolCallId` makes it `output-available`, or `output-error` /
 * `output-denied` when the result is an error or a denial. A reused `toolCallId` pairs a result
 * with the newest call of that id.
 */
export function readTodoCalls(messages: readonly unknown[], toolName: string): TodoCall[] {
  const calls: TodoCall[] = [];
  const callsById = new Map<unknown, TodoCall>();
  for (const message of messages) {
    const { parts, content } = (message ?? {}) as { parts?: unknown; content?: unknown };
    for (const part of Array.isArray(parts) ? parts : []) {
      const call = toTodoCall(part, toolName);
      if (call) calls.push(call);
    }
    for (const part of (Array.isArray(content) ? content : []) as (PartLike | null)[]) {
      if (part?.type === 'tool-call' && part.toolName === toolName) {
        const added: TodoCall = { toolCallId: String(part.toolCallId), state: 'input-available', input: part.input };
        calls.push(added);
        callsById.set(part.toolCallId, added);
        continue;
      }
      const call = callsById.get(part?.toolCallId);
      if (call === undefined) continue;
      if (part?.type === 'tool-approval-request') {
        call.state = 'approval-requested';
        call.approvalIds = [...(call.approvalIds ?? []), part.approvalId!];
      } else if (part?.type === 'tool-result' && part.toolName === toolName) {
        const outputType = part.output?.type;
        call.state =
          outputType === 'execution-denied'
            ? 'output-denied'
            : outputType === 'error-text' || outputType === 'error-json'
              ? 'output-error'
              : 'output-available';
      }
    }
  }
  return calls;
}
