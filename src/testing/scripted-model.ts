/**
 * A language model that says what it is told: each model call answers with one scripted step (text, then tool
 * calls), streamed the way a provider streams it, so an app runs and tests offline through the real SDK pipeline.
 */
import type { LanguageModel } from 'ai';
import { seededRandom } from './seeded-random.js';

/** The conversation as a model call receives it: the messages so far, oldest first (the SDK's `LanguageModelV4Prompt`). */
export type ScriptedPrompt = Parameters<
  Extract<LanguageModel, { specificationVersion: 'v4' }>['doStream']
>[0]['prompt'];

type LanguageModelV4 = Extract<LanguageModel, { specificationVersion: 'v4' }>;
type StreamResult = Awaited<ReturnType<LanguageModelV4['doStream']>>;
type StreamPart = StreamResult['stream'] extends ReadableStream<infer Part> ? Part : never;
type GenerateResult = Awaited<ReturnType<LanguageModelV4['doGenerate']>>;

/** A tool call the model makes in a step. */
export interface ScriptedToolCall {
  /** The tool's name, as registered in `tools`. */
  toolName: string;
  /** The arguments: streamed as JSON in deltas of 1 to 7 characters, as providers stream them. */
  input: unknown;
}

/** What the model says in one model call. A step with no tool calls ends the turn (finish reason `stop`). */
export interface ScriptedStep {
  /** The text the model streams first. Default: none. */
  text?: string;
  /** The tool calls that follow the text, side by side, in order (finish reason `tool-calls`). Default: none. */
  toolCalls?: readonly ScriptedToolCall[];
}

/** How {@link createScriptedModel} answers and how fast. */
export interface ScriptedModelOptions {
  /**
   * The steps. An array scripts a whole conversation: the call whose prompt holds `n` assistant messages gets
   * `steps[n]` (past the end, the call fails). A function decides each step from the prompt, like an agent.
   */
  steps: readonly ScriptedStep[] | ((prompt: ScriptedPrompt) => ScriptedStep);
  /** Milliseconds before the first text or tool chunk of a call (the model "thinking"). Default 350. */
  initialDelayInMs?: number;
  /** Milliseconds between two chunks; a tool call starts after four. Default 25. */
  chunkDelayInMs?: number;
  /**
   * Divides every delay (2 = twice as fast), or a function read before every chunk so a UI can change it
   * mid-stream. `Infinity` streams without waiting. Default 1.
   */
  speed?: number | (() => number);
  /** Starts every tool call id (`call_1`, `call_2`, ... counted over the conversation). Default `'call'`. */
  toolCallIdPrefix?: string;
  /** Reported as `modelId`. Default `'scripted'`. */
  modelId?: string;
}

/** Text deltas are 2 to 9 characters long, tool-argument deltas 1 to 7, as providers' tokens are. */
const TEXT_DELTA_LENGTH = [2, 9] as const;
const ARGUMENT_DELTA_LENGTH = [1, 7] as const;

/**
 * Creates an AI SDK 7 language model (`LanguageModelV4`) that answers every call with a scripted step: `streamText`,
 * `generateText`, `ToolLoopAgent` and `useChat` run it as they run a provider's. The stream errors with the abort
 * reason when the call's `abortSignal` fires.
 */
export function createScriptedModel(
  options: ScriptedModelOptions,
): Extract<LanguageModel, { specificationVersion: 'v4' }> {
  const { toolCallIdPrefix = 'call', initialDelayInMs = 350, chunkDelayInMs = 25 } = options;
  const stepFor = (prompt: ScriptedPrompt): ScriptedStep => {
    if (typeof options.steps === 'function') return options.steps(prompt);
    const index = prompt.filter((message) => message.role === 'assistant').length;
    const step = options.steps[index];
    if (step === undefined)
      throw new Error(`The scripted model has no step ${index + 1} (it has ${options.steps.length}).`);
    return step;
  };
  const callsOf = (step: ScriptedStep, prompt: ScriptedPrompt): ToolCall[] => {
    const first = countToolCalls(prompt) + 1;
    return (step.toolCalls ?? []).map((call, index) => ({
      toolCallId: `${toolCallIdPrefix}_${first + index}`,
      toolName: call.toolName,
      input: JSON.stringify(call.input ?? {}),
    }));
  };
  const readSpeed = (): number => {
    const speed = typeof options.speed === 'function' ? options.speed() : (options.speed ?? 1);
    return speed > 0 ? speed : 1;
  };
  return {
    specificationVersion: 'v4',
    provider: 'scripted',
    modelId: options.modelId ?? 'scripted',
    supportedUrls: {},
    async doGenerate({ prompt }): Promise<GenerateResult> {
      const step = stepFor(prompt);
      const calls = callsOf(step, prompt);
      const content: GenerateResult['content'] = [
        ...(step.text ? [{ type: 'text' as const, text: step.text }] : []),
        ...calls.map((call) => ({ type: 'tool-call' as const, ...call })),
      ];
      return { content, finishReason: finishReasonOf(calls), usage: usageOf(prompt, step.text, calls), warnings: [] };
    },
    async doStream({ prompt, abortSignal }): Promise<StreamResult> {
      const step = stepFor(prompt);
      const calls = callsOf(step, prompt);
      const stepId = `${toolCallIdPrefix}_${countToolCalls(prompt) + 1}`;
      const parts = timedParts(step.text ?? '', calls, {
        stepId,
        initialDelayInMs,
        chunkDelayInMs,
        finish: { type: 'finish', finishReason: finishReasonOf(calls), usage: usageOf(prompt, step.text, calls) },
      });
      return { stream: paceParts(parts, readSpeed, abortSignal) };
    },
  };
}

/** A tool call as the model sends it, its input as JSON. */
interface ToolCall {
  toolCallId: string;
  toolName: string;
  input: string;
}

/** A stream part and the delay to wait before it, at speed 1. */
interface TimedPart {
  delayMs: number;
  part: StreamPart;
}

/** The parts of one step: text in word-ish deltas, then each tool call's arguments in a few characters at a time. */
function timedParts(
  text: string,
  calls: readonly ToolCall[],
  options: { stepId: string; initialDelayInMs: number; chunkDelayInMs: number; finish: StreamPart },
): TimedPart[] {
  const { stepId, chunkDelayInMs } = options;
  // Seeded by the step itself: the same step streams in the same deltas, run after run.
  const random = seededRandom(hashString(`${stepId}:${text}:${calls.map((call) => call.input).join()}`));
  let delayMs = options.initialDelayInMs;
  const parts: TimedPart[] = [
    { delayMs: 0, part: { type: 'stream-start', warnings: [] } },
    {
      delayMs: 0,
      part: { type: 'response-metadata', id: `resp_${stepId}`, modelId: 'scripted', timestamp: new Date(0) },
    },
  ];
  const push = (part: StreamPart, after = chunkDelayInMs): void => {
    parts.push({ delayMs, part });
    delayMs = after;
  };
  if (text !== '') {
    const id = `text_${stepId}`;
    push({ type: 'text-start', id }, chunkDelayInMs);
    for (const delta of splitText(text, random, TEXT_DELTA_LENGTH)) push({ type: 'text-delta', id, delta });
    push({ type: 'text-end', id }, chunkDelayInMs * 4);
  }
  for (const { toolCallId, toolName, input } of calls) {
    push({ type: 'tool-input-start', id: toolCallId, toolName });
    for (const delta of splitText(input, random, ARGUMENT_DELTA_LENGTH))
      push({ type: 'tool-input-delta', id: toolCallId, delta });
    push({ type: 'tool-input-end', id: toolCallId }, 0);
    push({ type: 'tool-call', toolCallId, toolName, input }, chunkDelayInMs * 4);
  }
  parts.push({ delayMs: 0, part: options.finish });
  return parts;
}

/** Splits text into pieces of `min`..`max` characters, never inside a surrogate pair. */
function splitText(text: string, random: () => number, [min, max]: readonly [number, number]): string[] {
  const characters = Array.from(text);
  const pieces: string[] = [];
  for (let start = 0; start < characters.length; ) {
    const size = min + Math.floor(random() * (max - min + 1));
    pieces.push(characters.slice(start, start + size).join(''));
    start += size;
  }
  return pieces;
}

/** Emits the parts with their delays divided by the speed read before each; errors with the reason on abort. */
function paceParts(
  parts: readonly TimedPart[],
  readSpeed: () => number,
  abortSignal: AbortSignal | undefined,
): ReadableStream<StreamPart> {
  let index = 0;
  return new ReadableStream<StreamPart>({
    async pull(controller) {
      const next = parts[index++];
      if (next === undefined) return controller.close();
      const delayMs = next.delayMs / readSpeed();
      if (delayMs >= 1) await sleep(delayMs, abortSignal);
      // At very high speeds still one task per chunk, as from a network, never one long task.
      else if (delayMs > 0) await yieldToEventLoop();
      if (abortSignal?.aborted === true) return controller.error(abortSignal.reason);
      controller.enqueue(next.part);
    },
  });
}

/** Resolves in a new task, without setTimeout's 4 ms clamp. */
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

function sleep(delayMs: number, abortSignal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, delayMs);
    function done(): void {
      clearTimeout(timer);
      abortSignal?.removeEventListener('abort', done);
      resolve();
    }
    abortSignal?.addEventListener('abort', done, { once: true });
  });
}

/** Counts the tool calls already in the prompt, so ids stay unique within a conversation. */
function countToolCalls(prompt: ScriptedPrompt): number {
  let count = 0;
  for (const message of prompt)
    if (message.role === 'assistant') count += message.content.filter((part) => part.type === 'tool-call').length;
  return count;
}

function finishReasonOf(calls: readonly ToolCall[]): GenerateResult['finishReason'] {
  return calls.length === 0 ? { unified: 'stop', raw: 'stop' } : { unified: 'tool-calls', raw: 'tool_use' };
}

/** About four characters a token, as usage dashboards expect something plausible. */
function usageOf(
  prompt: ScriptedPrompt,
  text: string | undefined,
  calls: readonly ToolCall[],
): GenerateResult['usage'] {
  const inputTokens = Math.ceil(JSON.stringify(prompt).length / 4);
  const outputTokens = Math.ceil(((text ?? '').length + calls.reduce((sum, call) => sum + call.input.length, 0)) / 4);
  return {
    inputTokens: { total: inputTokens, noCache: inputTokens, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: outputTokens, text: outputTokens, reasoning: 0 },
  };
}

function hashString(text: string): number {
  let hash = 2166136261;
  for (let index = 0; index < text.length; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 16777619);
  return hash >>> 0;
}
