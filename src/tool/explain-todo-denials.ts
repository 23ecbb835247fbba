/** What the model reads when the person sends a plan back or leaves it waiting: rewritten into the model's messages. */
import { bindTodoTool } from '../plan/todo-tool-shape.js';
import { contentOf, readTodoCalls } from '../read/todo-calls.js';
import { denialMessage, isDenialMessage, NOT_SAVED_SUPERSEDED } from '../plan/model-texts.js';

/**
 * Rewrites the reasons of denied `todo_write` approvals in the model's `ModelMessage[]` into what the model should do
 * next (the person's words, then "send the whole revised list", or "ask what should change"), and answers plans a
 * later user message left waiting. Idempotent, for `prepareStep`. `name`: the name the tool is registered under
 * (default `'todo_write'`).
 */
export function explainTodoDenials<MESSAGE>(messages: readonly MESSAGE[], options: { name?: string } = {}): MESSAGE[] {
  const list: readonly MESSAGE[] = Array.isArray(messages) ? messages : [];
  const name = options.name ?? 'todo_write';
  const calls = readTodoCalls(list, bindTodoTool(name));
  if (calls.length === 0) return [...list];
  const callIds = new Set<unknown>(calls.map((call) => call.toolCallId));
  const approvalIds = new Set<unknown>(calls.flatMap((call) => call.approvalIds ?? []));

  const rewritten = list.map((message) => {
    let changed = false;
    const next = contentOf(message).map((each) => {
      if (each.type === 'tool-approval-response' && each.approved === false && approvalIds.has(each.approvalId)) {
        const reason = explained(each.reason);
        if (reason === each.reason) return each;
        changed = true;
        return { ...each, reason };
      }
      if (
        each.type === 'tool-result' &&
        each.toolName === name &&
        each.output?.type === 'execution-denied' &&
        callIds.has(each.toolCallId)
      ) {
        const reason = explained(each.output.reason);
        if (reason === each.output.reason) return each;
        changed = true;
        return { ...each, output: { ...each.output, reason } };
      }
      return each;
    });
    // Only object parts are read, so a message is rebuilt only when a part was rewritten.
    return changed ? { ...message, content: next } : message;
  });

  // A plan still waiting at a later user message gets a denied result: AI SDK 6 refuses a call without one.
  const lastUser = list.findLastIndex((message) => (message as { role?: unknown } | null)?.role === 'user');
  const waitingByMessage = new Map<number, typeof calls>();
  for (const call of calls) {
    if (call.state !== 'approval-requested' || call.message >= lastUser) continue;
    waitingByMessage.set(call.message, [...(waitingByMessage.get(call.message) ?? []), call]);
  }
  return rewritten.flatMap((message, at) => {
    const waiting = waitingByMessage.get(at);
    if (waiting === undefined) return [message];
    const content = waiting.map((call) => ({
      type: 'tool-result',
      toolCallId: call.toolCallId,
      toolName: name,
      output: { type: 'execution-denied', reason: NOT_SAVED_SUPERSEDED },
    }));
    return [message, { role: 'tool', content } as MESSAGE];
  });
}

function explained(reason: unknown): string {
  const text = typeof reason === 'string' ? reason : undefined;
  return text !== undefined && isDenialMessage(text) ? text : denialMessage(text);
}
