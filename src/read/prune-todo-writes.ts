/** Drops superseded plan copies from the history: every call of a whole-list tool carries the whole plan. */
import type { ModelMessage } from 'ai';
import { bindTodoTool, type TodoToolOption } from '../plan/todo-tool-shape.js';
import type { TodoRowStatus } from '../plan/todo-statuses.js';
import { MAIN } from './todo-agents.js';
import { callOutcome, contentOf, readTodoCalls } from './todo-calls.js';

const CHARACTERS_PER_TOKEN = 4;

/**
 * Drops the main agent's plan calls older than its newest accepted one, with their results and approvals, from
 * `ModelMessage[]`; calls without a result, other parts and untouched messages stay as they are; `messages` itself
 * if nothing is pruned. `tool`: the registered name, `todo_write`'s settings or another agent's shape (default
 * `'todo_write'`). `minSavedTokens`: prune only to save more tokens than this (JSON length / 4), since each prune
 * misses the prompt cache (default `0`).
 */
export function pruneTodoWrites(
  messages: ModelMessage[],
  options: { tool?: TodoToolOption<TodoRowStatus>; minSavedTokens?: number } = {},
): ModelMessage[] {
  if (!Array.isArray(messages)) return messages;
  const parts = messages.flatMap(contentOf);
  // A call id used twice (over every tool) never pairs cleanly, so such calls are never pruned.
  const callIdCounts = new Map<unknown, number>();
  for (const part of parts)
    if (part.type === 'tool-call') callIdCounts.set(part.toolCallId, (callIdCounts.get(part.toolCallId) ?? 0) + 1);
  // Task-by-task calls each carry part of the plan, and a subagent's plan is its own: neither is pruned.
  const answered = readTodoCalls(messages, bindTodoTool(options.tool)).filter(
    (call) =>
      call.agent === MAIN &&
      call.tool.kind === 'plan' &&
      callOutcome(call) !== 'open' &&
      callIdCounts.get(call.toolCallId) === 1,
  );
  const newestAccepted = answered.findLastIndex((call) => callOutcome(call) === 'accepted');
  if (newestAccepted <= 0) return messages;

  const dropped = answered.slice(0, newestAccepted);
  const droppedCallIds = new Set<unknown>(dropped.map((call) => call.toolCallId));
  const droppedApprovalIds = new Set<unknown>(dropped.flatMap((call) => call.approvalIds ?? []));
  const isDropped = (part: ReturnType<typeof contentOf>[number]): boolean =>
    part.type === 'tool-approval-response'
      ? droppedApprovalIds.has(part.approvalId)
      : (part.type === 'tool-call' || part.type === 'tool-result' || part.type === 'tool-approval-request') &&
        droppedCallIds.has(part.toolCallId);

  const savedCharacters = parts.reduce((sum, part) => sum + (isDropped(part) ? JSON.stringify(part).length : 0), 0);
  if (savedCharacters / CHARACTERS_PER_TOKEN <= (options.minSavedTokens ?? 0)) return messages;
  return messages.flatMap((message) => {
    const content = contentOf(message);
    if (content.length === 0) return [message];
    const kept = content.filter((part) => !isDropped(part));
    if (kept.length === content.length) return [message];
    return kept.length > 0 ? [{ ...message, content: kept } as ModelMessage] : [];
  });
}
