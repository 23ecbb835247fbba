/**
 * What the model reads when the person sends a plan back: their reason, and what to do next.
 */
import { TODO_TOOL_NAME } from './todo.js';

const DENIED_PREFIX = 'Nothing was saved: the user';

/**
 * The text the model reads for a denied `todo_write` call: with a reason, `Nothing was saved: the
 * user asked for changes: <reason>` and a line asking for the whole revised list; without one, a
 * line asking it to find out what should change.
 */
export function todoDenialMessage(reason: string | undefined): string {
  const said = reason?.trim();
  return said
    ? `${DENIED_PREFIX} asked for changes: ${said}\nSend the whole revised list.`
    : `${DENIED_PREFIX} did not approve this list. Ask what should change, then send the whole revised list.`;
}

/** Options of {@link explainTodoDenials}. */
export interface ExplainTodoDenialsOptions {
  /** The name the tool is registered under. Default `'todo_write'` (`TODO_TOOL_NAME`). */
  toolName?: string;
}

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
 * Rewrites the reasons of denied `todo_write` approvals in `ModelMessage[]` to
 * {@link todoDenialMessage}, so the model reads the person's reason with the instruction to send
 * the whole revised list. Leaves every other message as it is (same objects), and an already
 * rewritten reason alone, so it can run on every step:
 * `prepareStep: ({ messages }) => ({ messages: explainTodoDenials(messages) })`.
 * Only the model's copy changes: the chat's UI messages keep the reason as the person typed it.
 */
export function explainTodoDenials<MESSAGE>(
  messages: readonly MESSAGE[],
  options: ExplainTodoDenialsOptions = {},
): MESSAGE[] {
  const toolName = options.toolName ?? TODO_TOOL_NAME;
  const todoCalls = new Set<unknown>();
  const todoApprovals = new Set<unknown>();
  for (const message of messages) {
    for (const part of contentOf(message)) {
      if (part.type === 'tool-call' && part.toolName === toolName) todoCalls.add(part.toolCallId);
      else if (part.type === 'tool-approval-request' && todoCalls.has(part.toolCallId))
        todoApprovals.add(part.approvalId);
    }
  }
  if (todoCalls.size === 0) return [...messages];
  return messages.map((message) => {
    let changed = false;
    const content = contentOf(message).map((part) => {
      if (part.type === 'tool-approval-response' && part.approved === false && todoApprovals.has(part.approvalId)) {
        const reason = explained(part.reason);
        if (reason === part.reason) return part;
        changed = true;
        return { ...part, reason };
      }
      if (part.type === 'tool-result' && part.output?.type === 'execution-denied' && todoCalls.has(part.toolCallId)) {
        const reason = explained(part.output.reason);
        if (reason === part.output.reason) return part;
        changed = true;
        return { ...part, output: { ...part.output, reason } };
      }
      return part;
    });
    return changed ? { ...message, content } : message;
  });
}

function explained(reason: unknown): string {
  const text = typeof reason === 'string' ? reason : undefined;
  return text?.startsWith(DENIED_PREFIX) ? text : todoDenialMessage(text);
}

function contentOf(message: unknown): ContentPart[] {
  const content = (message as { content?: unknown } | null)?.content;
  return Array.isArray(content) ? (content as ContentPart[]) : [];
}
