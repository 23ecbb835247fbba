/**
 * History pruning: every `todo_write` call carries the whole list, so a long run holds one
 * full copy of the list per call. `pruneTodoWrites` keeps the one that still matters.
 */
import type { ModelMessage } from 'ai';
import { TODO_TOOL_NAME } from './todo.js';

/** Options of {@link pruneTodoWrites}. */
export interface PruneTodoWritesOptions {
  /** The name the tool is registered under. Default: `'todo_write'` (`TODO_TOOL_NAME`). */
  toolName?: string;
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

interface CallRecord {
  toolCallId: string;
  /** How many `tool-result` parts answer this id. */
  resultParts: number;
  rejected: boolean;
}

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
  const toolName = options.toolName ?? TODO_TOOL_NAME;
  const minSavedTokens = options.minSavedTokens ?? 0;

  const calls = new Map<string, CallRecord>();
  const callPartsById = new Map<string, number>(); // every tool's ids: a reused id is never pruned
  const approvalIdsByCall = new Map<string, string[]>();
  for (const message of messages) {
    if (typeof message.content === 'string') continue;
    for (const part of message.content) {
      if (part.type !== 'tool-call') continue;
      callPartsById.set(part.toolCallId, (callPartsById.get(part.toolCallId) ?? 0) + 1);
      if (part.toolName === toolName && !calls.has(part.toolCallId)) {
        calls.set(part.toolCallId, { toolCallId: part.toolCallId, resultParts: 0, rejected: false });
      }
    }
  }
  for (const message of messages) {
    if (typeof message.content === 'string') continue;
    for (const part of message.content) {
      if (part.type === 'tool-result') {
        const record = calls.get(part.toolCallId);
        if (!record) continue;
        record.resultParts += 1;
        if (isRejection(part.output.type)) record.rejected = true;
      } else if (part.type === 'tool-approval-request' && calls.has(part.toolCallId)) {
        const approvalIds = approvalIdsByCall.get(part.toolCallId) ?? [];
        approvalIds.push(part.approvalId);
        approvalIdsByCall.set(part.toolCallId, approvalIds);
      }
    }
  }

  // Calls in conversation order (a Map iterates in insertion order); only cleanly paired ones count.
  const paired = [...calls.values()].filter(
    (record) => callPartsById.get(record.toolCallId) === 1 && record.resultParts >= 1,
  );
  let newestAccepted = -1;
  paired.forEach((record, index) => {
    if (!record.rejected) newestAccepted = index;
  });
  if (newestAccepted <= 0) return messages;

  const droppedCallIds = new Set(paired.slice(0, newestAccepted).map((record) => record.toolCallId));
  const droppedApprovalIds = new Set<string>();
  for (const toolCallId of droppedCallIds) {
    for (const approvalId of approvalIdsByCall.get(toolCallId) ?? []) droppedApprovalIds.add(approvalId);
  }
  const isDropped = (part: ContentPart): boolean => {
    switch (part.type) {
      case 'tool-call':
      case 'tool-result':
      case 'tool-approval-request':
        return droppedCallIds.has(part.toolCallId);
      case 'tool-approval-response':
        return droppedApprovalIds.has(part.approvalId);
      default:
        return false;
    }
  };

  let savedCharacters = 0;
  const pruned: ModelMessage[] = [];
  for (const message of messages) {
    if (typeof message.content === 'string') {
      pruned.push(message);
      continue;
    }
    const content: ContentPart[] = message.content;
    const kept = content.filter((part) => !isDropped(part));
    if (kept.length === content.length) {
      pruned.push(message);
      continue;
    }
    for (const part of content) if (isDropped(part)) savedCharacters += JSON.stringify(part).length;
    if (kept.length > 0) pruned.push({ ...message, content: kept } as ModelMessage);
  }
  return savedCharacters / CHARACTERS_PER_TOKEN > minSavedTokens ? pruned : messages;
}

/** True for the outputs the SDK writes when a call failed or was denied. */
function isRejection(outputType: string): boolean {
  return outputType === 'error-text' || outputType === 'error-json' || outputType === 'execution-denied';
}
