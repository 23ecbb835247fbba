/** Drops superseded list copies from the history: every `todo_write` call carries the whole list. */
import type { ModelMessage } from 'ai';
import { callOutcome, readTodoCalls } from './read-todo-calls.js';
import type { TodoRowStatus } from './todo.js';
import { resolveTodoTool, type TodoToolShape } from './todo-tool-shape.js';

/** Options of {@link pruneTodoWrites}. */
interface PruneTodoWritesOptions {
  /** The name the tool is registered under, or another agent's shape (what counts as accepted comes with it). Default `'todo_write'`. */
  tool?: string | TodoToolShape<TodoRowStatus>;
  /** Prune only to save more tokens than this (JSON length / 4); each prune misses the prompt cache. Default `0`. */
  minSavedTokens?: number;
}

const CHARACTERS_PER_TOKEN = 4;

type ContentPart = Exclude<ModelMessage['content'], string>[number];

/**
 * Drops `todo_write` calls older than the newest accepted one, with their results and approvals, from `ModelMessage[]`;
 * calls without a result, other parts and untouched messages stay as they are; `messages` itself if nothing is pruned.
 */
export function pruneTodoWrites(messages: ModelMessage[], options: PruneTodoWritesOptions = {}): ModelMessage[] {
  if (!Array.isArray(messages)) return messages;
  const parts = messages.flatMap(contentOf);
  // A call id used twice (over every tool) never pairs cleanly, so such calls are never pruned.
  const callIdCounts = new Map<string, number>();
  for (const part of parts)
    if (part.type === 'tool-call') callIdCounts.set(part.toolCallId, (callIdCounts.get(part.toolCallId) ?? 0) + 1);
  const shape = resolveTodoTool(options.tool);
  const answered = readTodoCalls(messages, shape.name).filter(
    (call) => callOutcome(call, shape) !== 'open' && callIdCounts.get(call.toolCallId) === 1,
  );
  const newestAccepted = answered.findLastIndex((call) => callOutcome(call, shape) === 'accepted');
  if (newestAccepted <= 0) return messages;

  const dropped = answered.slice(0, newestAccepted);
  const droppedCallIds = new Set(dropped.map((call) => call.toolCallId));
  const droppedApprovalIds = new Set(dropped.flatMap((call) => call.approvalIds ?? []));
  const isDropped = (part: ContentPart): boolean =>
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

/** The object parts of a message's content; `[]` for a string, a missing content or a message that is not an object. */
function contentOf(message: unknown): ContentPart[] {
  const content = (message as { content?: unknown } | null)?.content;
  return Array.isArray(content)
    ? content.filter((part): part is ContentPart => typeof part === 'object' && part !== null)
    : [];
}
