/**
 * What the scripted mock model does, step by step, and the provider-level stream parts that
 * say it (the same part types in LanguageModelV2, V3 and V4; only `finish` differs, so the
 * adapter of each major supplies it).
 */

/** A tool call the scripted model makes, streamed as `tool-input-start/-delta/-end` + `tool-call`. */
export interface ScriptedToolCall {
  toolCallId: string;
  /** Default: `todo_write`. */
  toolName?: string;
  /** The arguments: an object (sent as JSON) or raw argument text. */
  input: unknown;
  /** How many `tool-input-delta` parts the argument text is cut into. Default: 8. */
  deltaCount?: number;
}

/** What the scripted model does in one step (one `doStream` call). */
export interface ScriptedStep {
  toolCalls?: ScriptedToolCall[];
  text?: string;
}

/** Cuts `text` into `count` pieces of near-equal length (never an empty piece). */
export function splitText(text: string, count: number): string[] {
  const pieces: string[] = [];
  const size = Math.max(1, Math.ceil(text.length / Math.max(1, count)));
  for (let start = 0; start < text.length; start += size) pieces.push(text.slice(start, start + size));
  return pieces;
}

/** The `finish` part of LanguageModelV3 and V4 (AI SDK 6 and 7): `finishReason: { unified, raw }`, usage as `{ total, ... }` objects. */
export function finishPartV3(reason: 'stop' | 'tool-calls'): unknown {
  return {
    type: 'finish',
    finishReason: { unified: reason, raw: undefined },
    usage: {
      inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
      outputTokens: { total: 20, text: 20, reasoning: 0 },
    },
  };
}

/** The provider-level stream parts of one scripted step. */
export function modelStreamParts(
  step: ScriptedStep,
  finishPart: (reason: 'stop' | 'tool-calls') => unknown,
): unknown[] {
  const parts: unknown[] = [{ type: 'stream-start', warnings: [] }];
  if (step.text !== undefined) {
    parts.push({ type: 'text-start', id: 'text-1' });
    for (const delta of splitText(step.text, 3)) parts.push({ type: 'text-delta', id: 'text-1', delta });
    parts.push({ type: 'text-end', id: 'text-1' });
  }
  for (const call of step.toolCalls ?? []) {
    const toolName = call.toolName ?? 'todo_write';
    const text = typeof call.input === 'string' ? call.input : JSON.stringify(call.input);
    parts.push({ type: 'tool-input-start', id: call.toolCallId, toolName });
    for (const delta of splitText(text, call.deltaCount ?? 8))
      parts.push({ type: 'tool-input-delta', id: call.toolCallId, delta });
    parts.push({ type: 'tool-input-end', id: call.toolCallId });
    parts.push({ type: 'tool-call', toolCallId: call.toolCallId, toolName, input: text });
  }
  parts.push(finishPart(step.toolCalls?.length ? 'tool-calls' : 'stop'));
  return parts;
}
