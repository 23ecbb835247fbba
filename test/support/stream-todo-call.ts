/**
 * Streams scripted model turns through the real AI SDK pipeline, with no network:
 * MockLanguageModelV4 -> streamText (real tools) -> UI message chunks -> useChat or readUIMessageStream.
 * Reusable by tests, benchmarks and demos.
 */
import {
  convertToModelMessages,
  isStepCount,
  readUIMessageStream,
  streamText,
  type ChatTransport,
  type ToolSet,
  type UIMessage,
  type UIMessageChunk,
} from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { seededRandom } from '../../src/testing/seeded-random.js';
import { todoWrite } from '../../src/index.js';

/** One model stream part, or a gate: the stream waits for the promise before going on (to stop it mid-call). */
export type ScriptChunk = LanguageModelV4StreamPart | { type: 'gate'; until: Promise<unknown> };
/** What the model streams in one step (one doStream call). */
export type ScriptStep = ScriptChunk[];

const USAGE = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 10, text: 10, reasoning: 0 },
};

export { seededRandom };

/** Splits `text` into deltas of `min`..`max` characters (default 1-7), cutting anywhere: mid-word, mid-escape, mid-emoji. */
export function splitIntoDeltas(text: string, options: { seed?: number; min?: number; max?: number } = {}): string[] {
  const { seed = 1, min = 1, max = 7 } = options;
  const random = seededRandom(seed);
  const deltas: string[] = [];
  for (let start = 0; start < text.length; ) {
    const size = min + Math.floor(random() * (max - min + 1));
    deltas.push(text.slice(start, start + size));
    start += size;
  }
  return deltas;
}

/** A `todo_write` call streamed the way providers do: input-start, deltas, input-end, tool-call. */
export function todoCallChunks(
  toolCallId: string,
  input: unknown,
  options: { seed?: number; min?: number; max?: number; toolName?: string; json?: string } = {},
): LanguageModelV4StreamPart[] {
  const toolName = options.toolName ?? 'todo_write';
  const json = options.json ?? JSON.stringify(input);
  return [
    { type: 'tool-input-start', id: toolCallId, toolName },
    ...splitIntoDeltas(json, options).map(
      (delta): LanguageModelV4StreamPart => ({ type: 'tool-input-delta', id: toolCallId, delta }),
    ),
    { type: 'tool-input-end', id: toolCallId },
    { type: 'tool-call', toolCallId, toolName, input: json },
  ];
}

/** A text part streamed in small deltas. */
export function textChunks(id: string, text: string, options: { seed?: number } = {}): LanguageModelV4StreamPart[] {
  return [
    { type: 'text-start', id },
    ...splitIntoDeltas(text, options).map((delta): LanguageModelV4StreamPart => ({ type: 'text-delta', id, delta })),
    { type: 'text-end', id },
  ];
}

/** The step's closing chunk: `tool-calls` when the step called a tool (the loop goes on), else `stop`. */
export function finishChunk(reason: 'tool-calls' | 'stop'): LanguageModelV4StreamPart {
  return { type: 'finish', finishReason: { unified: reason, raw: reason }, usage: USAGE } as LanguageModelV4StreamPart;
}

/** A step that makes one `todo_write` call. */
export function todoCallStep(
  toolCallId: string,
  input: unknown,
  options: Parameters<typeof todoCallChunks>[2] = {},
): ScriptStep {
  return [...todoCallChunks(toolCallId, input, options), finishChunk('tool-calls')];
}

/** A step that makes several calls, one after the other (parallel tool calls of one step). */
export function toolCallsStep(
  calls: { toolCallId: string; input?: unknown; json?: string; toolName?: string }[],
): ScriptStep {
  return [
    ...calls.flatMap(({ toolCallId, input, ...options }) => todoCallChunks(toolCallId, input, options)),
    finishChunk('tool-calls'),
  ];
}

/** A step that writes text and stops. */
export function textStep(text: string, options: { seed?: number } = {}): ScriptStep {
  return [...textChunks(`t${Math.abs(hash(text))}`, text, options), finishChunk('stop')];
}

function hash(text: string): number {
  let value = 0;
  for (const char of text) value = (value * 31 + char.codePointAt(0)!) | 0;
  return value;
}

/** A mock model that plays `steps` in order, one per doStream call, waiting `chunkDelayInMs` between chunks. */
export function scriptedModel(steps: ScriptStep[], options: { chunkDelayInMs?: number } = {}): MockLanguageModelV4 {
  const { chunkDelayInMs = 0 } = options;
  let next = 0;
  return new MockLanguageModelV4({
    doStream: async ({ abortSignal }) => {
      const step = steps[next++];
      if (!step) throw new Error(`scriptedModel: no step ${next} scripted`);
      const chunks = [{ type: 'stream-start', warnings: [] } as LanguageModelV4StreamPart, ...step];
      let index = 0;
      const stream = new ReadableStream<LanguageModelV4StreamPart>({
        async pull(controller) {
          if (chunkDelayInMs > 0) await new Promise((resolve) => setTimeout(resolve, chunkDelayInMs));
          let chunk = chunks[index++];
          while (chunk?.type === 'gate') {
            await chunk.until;
            chunk = chunks[index++];
          }
          if (abortSignal?.aborted) return controller.error(abortSignal.reason);
          if (chunk) controller.enqueue(chunk);
          else controller.close();
        },
      });
      return { stream };
    },
  });
}

/** Options of {@link streamScript}. */
export interface StreamScriptOptions {
  /** The tools offered. Default `{ todo_write: todoWrite }` (the real tool). */
  tools?: ToolSet;
  /** Most model steps per turn. Default 5. */
  maxSteps?: number;
}

/** Runs one turn of `model` over `messages` and returns the UI message chunks (what a route handler sends). */
export async function streamTurn(
  model: MockLanguageModelV4,
  messages: UIMessage[],
  options: StreamScriptOptions & { abortSignal?: AbortSignal } = {},
): Promise<ReadableStream<UIMessageChunk>> {
  const tools = options.tools ?? { todo_write: todoWrite };
  const result = streamText({
    model,
    tools,
    messages: await convertToModelMessages(messages, { tools, ignoreIncompleteToolCalls: true }),
    stopWhen: isStepCount(options.maxSteps ?? 5),
    abortSignal: options.abortSignal,
  });
  return result.toUIMessageStream();
}

/** A `useChat` transport that runs `model` in-process, one turn per `sendMessages`. */
export function inProcessTransport(
  model: MockLanguageModelV4,
  options: StreamScriptOptions = {},
): ChatTransport<UIMessage> {
  return {
    sendMessages: ({ messages, abortSignal }) => streamTurn(model, messages, { ...options, abortSignal }),
    reconnectToStream: async () => null,
  };
}

/** Every snapshot of the assistant message while one turn streams (no React), via `readUIMessageStream`. */
export async function collectSnapshots(
  model: MockLanguageModelV4,
  messages: UIMessage[] = [],
  options: StreamScriptOptions = {},
): Promise<UIMessage[]> {
  const snapshots: UIMessage[] = [];
  for await (const message of readUIMessageStream({ stream: await streamTurn(model, messages, options) })) {
    snapshots.push(structuredClone(message));
  }
  return snapshots;
}

/** A realistic plan with unicode, emoji, escaped quotes, backslashes and characters JSON escapes as `\u`. */
export const TRICKY_PLAN = [
  { content: 'Read the "config" loader in src\\config\\index.ts', status: 'completed' },
  { content: 'Café crème: handle naïve UTF-8 — 日本語 ✓', status: 'in_progress' },
  { content: 'Add 🚀 emoji & \u2028 separator support', status: 'pending' },
  { content: 'Escape tabs\tand newlines\nin output', status: 'pending' },
  { content: 'Ship it 👩‍💻', status: 'pending' },
] as const;

/** `JSON.stringify`, with every non-ASCII character written as a `\uXXXX` escape (as some providers send it). */
export function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
