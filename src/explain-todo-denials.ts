/** What the model reads when the person sends a plan back: their reason, and what to do next. */

const DENIED_PREFIX = 'Nothing was saved: the user';

/** The model's text for a denied call: the reason and "send the whole revised list", or "ask what should change". */
export function todoDenialMessage(reason: string | undefined): string {
  const said = reason?.trim();
  return said
    ? `${DENIED_PREFIX} asked for changes: ${said}\nSend the whole revised list.`
    : `${DENIED_PREFIX} did not approve this list. Ask what should change, then send the whole revised list.`;
}

/** What the model reads for a plan left waiting when the user sent a new message instead of answering. */
export const TODO_REVIEW_SUPERSEDED_MESSAGE = `${DENIED_PREFIX} sent a new message instead of approving this list.`;

interface ContentPart {
  type?: unknown;
  toolCallId?: unknown;
  toolName?: unknown;
  approvalId?: unknown;
  approved?: unknown;
  reason?: unknown;
  output?: { type?: unknown; reason?: unknown };
}

/**
 * Rewrites the reasons of denied `todo_write` approvals in the model's `ModelMessage[]` to {@link todoDenialMessage},
 * and answers plans a later user message left waiting. Idempotent, for `prepareStep`. `tool` default: `'todo_write'`.
 */
export function explainTodoDenials<MESSAGE>(messages: readonly MESSAGE[], options: { tool?: string } = {}): MESSAGE[] {
  const toolName = options.tool ?? 'todo_write';
  const list: readonly MESSAGE[] = Array.isArray(messages) ? messages : [];
  // Ids are paired with the newest call of that id: another tool's call that reuses one is not ours.
  const todoCalls = new Set<unknown>();
  const todoApprovals = new Set<unknown>();
  let hasTodoCall = false;
  for (const message of list) {
    for (const part of contentOf(message)) {
      if (part.type === 'tool-call' && part.toolName === toolName) {
        todoCalls.add(part.toolCallId);
        hasTodoCall = true;
      } else if (part.type === 'tool-call') todoCalls.delete(part.toolCallId);
      else if (part.type === 'tool-approval-request' && todoCalls.has(part.toolCallId))
        todoApprovals.add(part.approvalId);
    }
  }
  if (!hasTodoCall) return [...list];
  const rewritten = list.map((message) => {
    let changed = false;
    const content = rawContentOf(message).map((part) => {
      if (typeof part !== 'object' || part === null) return part;
      if (part.type === 'tool-approval-response' && part.approved === false && todoApprovals.has(part.approvalId)) {
        const reason = explained(part.reason);
        if (reason === part.reason) return part;
        changed = true;
        return { ...part, reason };
      }
      if (
        part.type === 'tool-result' &&
        part.toolName === toolName &&
        part.output?.type === 'execution-denied' &&
        todoCalls.has(part.toolCallId)
      ) {
        const reason = explained(part.output.reason);
        if (reason === part.output.reason) return part;
        changed = true;
        return { ...part, output: { ...part.output, reason } };
      }
      return part;
    });
    return changed ? { ...message, content } : message;
  });
  return answerSupersededReviews(rewritten, toolName);
}

/** A plan still waiting at a later user message gets a denied result: AI SDK 6 refuses a call without one. */
function answerSupersededReviews<MESSAGE>(messages: MESSAGE[], toolName: string): MESSAGE[] {
  const answered = new Set<unknown>();
  for (const message of messages) {
    for (const part of contentOf(message)) if (part.type === 'tool-result') answered.add(part.toolCallId);
  }
  const result: MESSAGE[] = [];
  messages.forEach((message, index) => {
    result.push(message);
    if ((message as { role?: unknown } | null)?.role !== 'assistant') return;
    const waiting = contentOf(message).filter(
      (part) =>
        part.type === 'tool-approval-request' &&
        !answered.has(part.toolCallId) &&
        contentOf(message).some(
          (call) => call.type === 'tool-call' && call.toolName === toolName && call.toolCallId === part.toolCallId,
        ),
    );
    const laterUser = messages.slice(index + 1).some((later) => (later as { role?: unknown } | null)?.role === 'user');
    if (waiting.length === 0 || !laterUser) return;
    // An approval answered in a later tool message is not waiting.
    const responded = new Set(
      messages
        .slice(index + 1)
        .flatMap((later) => contentOf(later))
        .filter((part) => part.type === 'tool-approval-response')
        .map((part) => part.approvalId),
    );
    const content = waiting
      .filter((part) => !responded.has(part.approvalId))
      .map((part) => ({
        type: 'tool-result',
        toolCallId: part.toolCallId,
        toolName,
        output: { type: 'execution-denied', reason: TODO_REVIEW_SUPERSEDED_MESSAGE },
      }));
    if (content.length > 0) result.push({ role: 'tool', content } as MESSAGE);
  });
  return result;
}

function explained(reason: unknown): string {
  const text = typeof reason === 'string' ? reason : undefined;
  return text?.startsWith(DENIED_PREFIX) ? text : todoDenialMessage(text);
}

/** A message's content as it is, `[]` when it is not an array. */
function rawContentOf(message: unknown): (ContentPart | null)[] {
  const content = (message as { content?: unknown } | null)?.content;
  return Array.isArray(content) ? (content as (ContentPart | null)[]) : [];
}

/** The parts of a message's content that are objects. */
function contentOf(message: unknown): ContentPart[] {
  return rawContentOf(message).filter((part): part is ContentPart => typeof part === 'object' && part !== null);
}
