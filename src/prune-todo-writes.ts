/**
 * History pruning: every `todo_write` call carries the whole list, so a long run holds one
 * full copy of the list per call. `pruneTodoWrites` keeps the one that still matters.
 */
import type { ModelMessage } from 'ai';
import { callOutcome, readTodoCalls } from './read-todo-calls.js';
import type { TodoRowStatus } from './todo.js';
import { resolveTodoTool, type TodoToolShape } from './todo-tool-shape.js';

/** Options of {@link pruneTodoWrites}. */
interface PruneTodoWritesOptions {
  /** The name the tool is registered under, or another agent's shape (what counts as accepted comes with it). Default `'todo_write'`. */
  tool?: string | TodoToolShape<TodoRowStatus>;
  /**
   * Prune only when that saves more than this many tokens, estimated cheaply as the characters
   * of the dropped parts' JSON divided by 4. Pruning rewrites the prompt from the oldest dropped
   * call on, so a provider's prompt cache misses from there: set this to what such a miss costs
   * you (superseded lists pile up until pruning is worth it), or prune once per request instead
   * of every step. Default: `0` (prune whenever anything is superseded).
   */
  minSavedTokens?: number;
}

/** Characters per token of the cheap estimate behind `minSavedTokens`. */
const CHARACTERS_PER_TOKEN = 4;

type ContentPart = Exclude<ModelMessage['content'], string>[number];

/**
 * Drops superseded `todo_write` calls, and their results, from a `ModelMessage[]` history,
 * so the model sees one full list instead of one per call.
 *
 * - The newest accepted call (its result is not an error) and everything after it stay.
 * - Older calls go with their results (accepted ones are superseded; rejected ones were
 *   lessons that a later accepted write has made moot). Rejected calls newer than the
 *   newest accepted one stay, so the model still reads why its last attempt failed.
 * - A call is dropped only together with every result that answers it (and its approval
 *   request/response), so no call is left without its result or result without its call.
 *   Calls without a result (still running, awaiting approval) are never touched.
 * - A message left with no parts is dropped; other tools' parts, text and reasoning stay.
 *
 * Returns the input array itself when there is nothing to prune (or when pruning would save
 * no more than `minSavedTokens`); otherwise a new array in which untouched messages keep
 * their identity. Use it in `prepareStep`: `prepareStep: ({ messages }) => ({ messages: pruneTodoWrites(messages) })`.
 */
export function pruneTodoWrites(messages: ModelMessage[], options: PruneTodoWritesOptions = {}): ModelMessage[] {
  const parts = messages.flatMap((message): ContentPart[] =>
    typeof message.content === 'string' ? [] : message.content,
  );
  // How often each call id occurs, over every tool: a call whose id is reused is never paired cleanly, so never pruned.
  const callIdCounts = new Map<string, number>();
  for (const part of parts)
    if (part.type === 'tool-call') callIdCounts.set(part.toolCallId, (callIdCounts.get(part.toolCallId) ?? 0) + 1);
  // Calls in conversation order; only the answered ones with an id of their own count.
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
    if (typeof message.content === 'string') return [message];
    const content: ContentPart[] = message.content;
    const kept = content.filter((part) => !isDropped(part));
    if (kept.length === content.length) return [message];
    return kept.length > 0 ? [{ ...message, content: kept } as ModelMessage] : [];
  });
}
