/**
 * One interface over AI SDK 5, 6 and 7 for the shared compat assertions. Each major's file
 * (ai-v5.ts, ai-v6.ts, ai-v7.ts) imports that major's real functions and passes them to
 * `createCompatAdapter`, together with the one thing that differs in the model stream:
 * the shape of the `finish` part (v5: `finishReason: 'stop'`, flat usage numbers;
 * v6/v7: `finishReason: { unified, raw }`, usage split into `{ total, ... }` objects).
 *
 * The types here are deliberately loose (`unknown`, structural): under `tsc` the name `ai`
 * means AI SDK 7, while at run time a compat project aliases it to 5 or 6.
 */
import { modelStreamParts, type ScriptedStep } from './scripted-steps.js';

export type { ScriptedStep, ScriptedToolCall } from './scripted-steps.js';

/** A UI chunk as streamed to the client (`{ type: 'tool-input-delta', ... }`). */
export interface UIChunkLike {
  type: string;
  [key: string]: unknown;
}

/** A UI message as the client holds it. */
export interface UIMessageLike {
  id: string;
  role: 'system' | 'user' | 'assistant';
  parts: Array<{ type: string; [key: string]: unknown }>;
}

/** A tool result part the model read in its prompt (provider level, same in v5–v7). */
export interface ModelToolResult {
  toolCallId: string;
  toolName: string;
  output: { type: string; value: unknown };
}

/** Everything one streamText run produced, in one shape for every major. */
export interface AgentRun {
  /** The UI message stream, chunk by chunk (`result.toUIMessageStream()`). */
  uiChunks: UIChunkLike[];
  /** The assistant message after each chunk (`readUIMessageStream`), cloned. */
  uiSnapshots: UIMessageLike[];
  /** The model messages of all steps (the user prompt first). */
  modelMessages: unknown[];
  /** `step.toolResults` over all steps. */
  toolResults: Array<{ toolCallId: string; toolName: string; input: unknown; output: unknown }>;
  /** `tool-error` content parts over all steps. */
  toolErrors: Array<{ toolCallId: string; toolName: string; input: unknown; error: unknown }>;
  /** The tool results the model was shown, per step after the first. */
  toolResultsSeenByModel: ModelToolResult[][];
}

export interface RunAgentOptions {
  tools: Record<string, unknown>;
  steps: ScriptedStep[];
  prompt?: string;
  /** Passed to `toUIMessageStream`, e.g. `onError` (v5/v6 mask every error text without it). */
  uiStreamOptions?: { onError?: (error: unknown) => string };
}

export interface TransportOptions {
  tools: Record<string, unknown>;
  /** The scripted steps of each conversation turn (one `sendMessages` call each). */
  turns: ScriptedStep[][];
  /** Delay before each model stream part (setTimeout), one value for all turns or one per turn. Default: none. */
  chunkDelayInMs?: number | readonly number[];
}

/** A `ChatTransport` for `useChat` that runs streamText in-process (no server). */
export interface InProcessTransport {
  sendMessages(options: {
    messages: UIMessageLike[];
    abortSignal: AbortSignal | undefined;
  }): Promise<ReadableStream<UIChunkLike>>;
  reconnectToStream(): Promise<ReadableStream<UIChunkLike> | null>;
}

export interface UseChatLike {
  messages: UIMessageLike[];
  status: 'submitted' | 'streaming' | 'ready' | 'error';
  sendMessage(message: { text: string }): Promise<void>;
  stop(): Promise<void>;
}

export interface CompatAdapter {
  /** The `ai` major these functions come from. */
  major: 5 | 6 | 7;
  /** `ai`'s own package.json version, read at run time (proves the alias worked). */
  aiVersion: string;
  /** `@ai-sdk/react`'s package.json version. */
  reactVersion: string;
  /** The `streamText` function of this major (identity-checked against src's import of `ai`). */
  streamText: unknown;
  /** This major's `convertToModelMessages`, awaited (sync in v5, async in v6/v7). */
  convertToModelMessages(messages: UIMessageLike[], options?: { tools?: Record<string, unknown> }): Promise<unknown[]>;
  /** Runs streamText with `tools` over the scripted steps, collecting everything. */
  runAgent(options: RunAgentOptions): Promise<AgentRun>;
  /** A transport for `useChat`: each `sendMessages` runs the next conversation turn's steps. */
  createTransport(options: TransportOptions): InProcessTransport;
  /** This major's `useChat`, throttle option spelled per major. */
  useChat(options: { transport: InProcessTransport }): UseChatLike;
}

/** The functions of one major that the adapter drives. */
export interface MajorFunctions {
  major: 5 | 6 | 7;
  aiVersion: string;
  reactVersion: string;
  streamText: (options: any) => any;
  stepCountIs: (count: number) => any;
  simulateReadableStream: (options: {
    chunks: unknown[];
    chunkDelayInMs?: number | null;
    initialDelayInMs?: number | null;
  }) => ReadableStream<any>;
  readUIMessageStream: (options: { stream: ReadableStream<any> }) => AsyncIterable<any>;
  convertToModelMessages: (messages: any[], options?: any) => unknown;
  createMockModel: (options: { doStream: Array<{ stream: ReadableStream<any> }> }) => {
    doStreamCalls: Array<{ prompt: unknown[] }>;
  };
  useChat: (options: any) => any;
  /** The model's `finish` part for this provider spec. */
  finishPart(reason: 'stop' | 'tool-calls'): unknown;
  /** All model messages of a finished result (v7 `response.messages` holds only the last step's). */
  responseMessages(result: {
    response: PromiseLike<{ messages: unknown[] }>;
    steps: PromiseLike<Array<{ response: { messages: unknown[] } }>>;
  }): Promise<unknown[]>;
}

function toolResultsInPrompt(prompt: unknown[]): ModelToolResult[] {
  const results: ModelToolResult[] = [];
  for (const message of prompt as Array<{ role: string; content: unknown }>) {
    if (message.role !== 'tool' || !Array.isArray(message.content)) continue;
    for (const part of message.content as Array<ModelToolResult & { type: string }>) {
      if (part.type === 'tool-result')
        results.push({ toolCallId: part.toolCallId, toolName: part.toolName, output: part.output });
    }
  }
  return results;
}

export function createCompatAdapter(functions: MajorFunctions): CompatAdapter {
  const { simulateReadableStream } = functions;

  function createModel(steps: ScriptedStep[], chunkDelayInMs: number | null) {
    return functions.createMockModel({
      doStream: steps.map((step) => ({
        stream: simulateReadableStream({
          chunks: modelStreamParts(step, functions.finishPart),
          initialDelayInMs: chunkDelayInMs,
          chunkDelayInMs,
        }),
      })),
    });
  }

  async function runAgent(options: RunAgentOptions): Promise<AgentRun> {
    const model = createModel(options.steps, null);
    const prompt = options.prompt ?? 'Plan the work, then do it.';
    const result = functions.streamText({
      model,
      tools: options.tools,
      prompt,
      stopWhen: functions.stepCountIs(options.steps.length),
    });
    const [forUi, forReader] = (
      result.toUIMessageStream(options.uiStreamOptions ?? {}) as ReadableStream<UIChunkLike>
    ).tee();
    const uiChunks: UIChunkLike[] = [];
    const uiSnapshots: UIMessageLike[] = [];
    await Promise.all([
      (async () => {
        const reader = forUi.getReader();
        for (let next = await reader.read(); !next.done; next = await reader.read()) uiChunks.push(next.value);
      })(),
      (async () => {
        for await (const message of functions.readUIMessageStream({ stream: forReader })) {
          uiSnapshots.push(structuredClone(message) as UIMessageLike);
        }
      })(),
    ]);
    const steps = (await result.steps) as Array<{
      toolResults: AgentRun['toolResults'];
      content: Array<{ type: string; toolCallId: string; toolName: string; input: unknown; error: unknown }>;
    }>;
    return {
      uiChunks,
      uiSnapshots,
      modelMessages: [{ role: 'user', content: prompt }, ...(await functions.responseMessages(result))],
      toolResults: steps.flatMap((step) =>
        step.toolResults.map(({ toolCallId, toolName, input, output }) => ({ toolCallId, toolName, input, output })),
      ),
      toolErrors: steps.flatMap((step) =>
        step.content
          .filter((part) => part.type === 'tool-error')
          .map(({ toolCallId, toolName, input, error }) => ({ toolCallId, toolName, input, error })),
      ),
      toolResultsSeenByModel: model.doStreamCalls.slice(1).map((call) => toolResultsInPrompt(call.prompt)),
    };
  }

  function createTransport(options: TransportOptions): InProcessTransport {
    let turn = 0;
    return {
      async sendMessages({ messages, abortSignal }) {
        const index = turn++;
        const steps = options.turns[index];
        if (!steps) throw new Error(`the scripted model has only ${options.turns.length} turn(s)`);
        const delay =
          typeof options.chunkDelayInMs === 'number' ? options.chunkDelayInMs : options.chunkDelayInMs?.[index];
        const result = functions.streamText({
          model: createModel(steps, delay ?? null),
          tools: options.tools,
          messages: await functions.convertToModelMessages(messages, { tools: options.tools }),
          stopWhen: functions.stepCountIs(steps.length),
          abortSignal,
        });
        return result.toUIMessageStream({ originalMessages: messages }) as ReadableStream<UIChunkLike>;
      },
      async reconnectToStream() {
        return null;
      },
    };
  }

  return {
    major: functions.major,
    aiVersion: functions.aiVersion,
    reactVersion: functions.reactVersion,
    streamText: functions.streamText,
    convertToModelMessages: async (messages, options) =>
      (await functions.convertToModelMessages(messages, options)) as unknown[],
    runAgent,
    createTransport,
    useChat: (options) => functions.useChat(options) as UseChatLike,
  };
}
