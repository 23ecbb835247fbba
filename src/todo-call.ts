/**
 * Reading `todo_write` tool parts out of UI messages, defensively: parts come from
 * the network or from storage, and newer SDK versions may add states.
 */

/** The fields of a tool part the checklist reads. Every SDK state is accepted; unknown ones are shown safely. */
export interface TodoCall {
  toolCallId: string;
  state: string;
  input: unknown;
  errorText?: string;
  /** True for an `output-available` part whose `execute` is still yielding. */
  preliminary: boolean;
  /** The reason given when an approval was denied. */
  denialReason?: string;
}

/** Anything with `parts`: a `UIMessage` of any SDK version, typed or not. */
export interface TodoMessageLike {
  readonly parts: readonly unknown[];
}

/** Returns the call when `part` is a top-level `tool-${toolName}` part (or a dynamic tool of that name). */
export function toTodoCall(part: unknown, toolName: string): TodoCall | undefined {
  if (typeof part !== 'object' || part === null) return undefined;
  const record = part as Record<string, unknown>;
  const matches =
    record.type === `tool-${toolName}` || (record.type === 'dynamic-tool' && record.toolName === toolName);
  if (!matches) return undefined;
  const approval = record.approval as { reason?: unknown } | undefined;
  return {
    toolCallId: String(record.toolCallId ?? ''),
    state: String(record.state),
    input: record.input,
    errorText: typeof record.errorText === 'string' ? record.errorText : undefined,
    preliminary: record.preliminary === true,
    denialReason: typeof approval?.reason === 'string' ? approval.reason : undefined,
  };
}
