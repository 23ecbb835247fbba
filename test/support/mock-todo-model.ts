import { simulateReadableStream } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';

/** One tool call a scripted step makes: the raw argument text the model "writes". */
export interface ScriptedToolCall {
  toolCallId: string;
  input: string;
  toolName?: string;
}

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};

/** A model step that streams these tool calls (arguments in a few deltas, like a real provider). */
function toolStep(calls: ScriptedToolCall[]) {
  const chunks: unknown[] = [{ type: 'stream-start', warnings: [] }];
  for (const { toolCallId, input, toolName = 'todo_write' } of calls) {
    chunks.push({ type: 'tool-input-start', id: toolCallId, toolName });
    const third = Math.ceil(input.length / 3);
    for (let start = 0; start < input.length; start += third) {
      chunks.push({ type: 'tool-input-delta', id: toolCallId, delta: input.slice(start, start + third) });
    }
    chunks.push({ type: 'tool-input-end', id: toolCallId });
    chunks.push({ type: 'tool-call', toolCallId, toolName, input });
  }
  chunks.push({ type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage });
  return { stream: simulateReadableStream({ chunks }) };
}

/** A final model step that answers with text. */
function textStep(text: string) {
  return {
    stream: simulateReadableStream({
      chunks: [
        { type: 'stream-start', warnings: [] },
        { type: 'text-start', id: 'text-1' },
        { type: 'text-delta', id: 'text-1', delta: text },
        { type: 'text-end', id: 'text-1' },
        { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
      ],
    }),
  };
}

/**
 * A scripted model: one step per entry of `toolSteps` (each making its tool calls), then a
 * step that answers "Done.". Its `doStreamCalls` record what the SDK sent on every step.
 */
export function mockTodoModel(toolSteps: ScriptedToolCall[][]): MockLanguageModelV4 {
  return new MockLanguageModelV4({ doStream: [...toolSteps.map(toolStep), textStep('Done.')] as never });
}
