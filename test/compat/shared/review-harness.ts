/**
 * A conversation with plan review on the real SDK of the project's major (`ai` and
 * `@ai-sdk/react` are aliased per compat project): a scripted mock model, `streamText` +
 * `toUIMessageStream` behind an in-process transport, and `@ai-sdk/react`'s `Chat` with
 * `sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses`, as an app wires it.
 */
import * as ai from 'ai';
import * as aiTest from 'ai/test';
import { Chat } from '@ai-sdk/react';
import { vi } from 'vitest';
import {
  createTodoWrite,
  explainTodoDenials,
  selectTodoState,
  type Todo,
  type TodoReviewPolicy,
  type TodoState,
  todoReview,
} from '../../../src/index.js';
import { finishPartV3, modelStreamParts, type ScriptedStep } from '../adapters/scripted-steps.js';

/** How review is turned on: the tool's `needsApproval` (AI SDK 6 and 7) or `toolApproval` (AI SDK 7). */
export type ReviewRoute = 'needsApproval' | 'toolApproval';

export interface ReviewHarnessOptions {
  route: ReviewRoute;
  policy: TodoReviewPolicy;
  /** Every model call of the conversation, in order. */
  steps: ScriptedStep[];
  /** Delay between the model's stream parts, so a test can stop mid-stream. Default: none. */
  chunkDelayInMs?: number;
}

/** One list the tool stored (its `onWrite`), with the call that wrote it. */
export interface StoredWrite {
  toolCallId: string;
  todos: Todo[];
}

type ChatLike = {
  messages: Array<{ id: string; role: string; parts: Array<Record<string, unknown>> }>;
  status: 'submitted' | 'streaming' | 'ready' | 'error';
  sendMessage(message: { text: string }): Promise<void>;
  addToolApprovalResponse(response: { id: string; approved: boolean; reason?: string }): Promise<void>;
  stop(): Promise<void>;
  '~registerMessagesCallback': (onChange: () => void) => () => void;
  '~registerStatusCallback': (onChange: () => void) => () => void;
};

/** A text step, and a step that writes `todos` (`call-N` ids in order). */
export const say = (text: string): ScriptedStep => ({ text });
export const write = (toolCallId: string, todos: Todo[], text?: string): ScriptedStep => ({
  ...(text === undefined ? {} : { text }),
  toolCalls: [{ toolCallId, input: { todos } }],
});

export function createReviewHarness(options: ReviewHarnessOptions) {
  const sdk = ai as unknown as Record<string, any>;
  const testing = aiTest as unknown as Record<string, any>;
  const MockModel = testing.MockLanguageModelV4 ?? testing.MockLanguageModelV3;
  const prompts: unknown[][] = [];
  let stepIndex = 0;
  const model = new MockModel({
    doStream: async (callOptions: { prompt: unknown[] }) => {
      prompts.push(callOptions.prompt);
      const step = options.steps[stepIndex++];
      if (!step) throw new Error(`the scripted model has only ${options.steps.length} steps`);
      return {
        stream: sdk.simulateReadableStream({
          chunks: modelStreamParts(step, finishPartV3),
          initialDelayInMs: options.chunkDelayInMs ?? null,
          chunkDelayInMs: options.chunkDelayInMs ?? null,
        }),
      };
    },
  });
  const stored: StoredWrite[] = [];
  const onWrite = (todos: Todo[], { toolCallId }: { toolCallId: string }): void => {
    stored.push({ toolCallId, todos });
  };
  const tools = {
    todo_write: createTodoWrite(options.route === 'needsApproval' ? { review: options.policy, onWrite } : { onWrite }),
  };
  const approval = options.route === 'toolApproval' ? { toolApproval: { todo_write: todoReview(options.policy) } } : {};
  const transport = {
    async sendMessages({ messages, abortSignal }: { messages: unknown[]; abortSignal: AbortSignal | undefined }) {
      const result = sdk.streamText({
        model,
        tools,
        ...approval,
        messages: await sdk.convertToModelMessages(messages, { tools }),
        prepareStep: ({ messages: stepMessages }: { messages: unknown[] }) => ({
          messages: explainTodoDenials(stepMessages),
        }),
        stopWhen: sdk.stepCountIs(20),
        abortSignal,
      });
      return result.toUIMessageStream({ originalMessages: messages });
    },
    async reconnectToStream() {
      return null;
    },
  };
  const chat = new Chat({
    transport: transport as never,
    sendAutomaticallyWhen: sdk.lastAssistantMessageIsCompleteWithApprovalResponses,
  }) as unknown as ChatLike;

  const state = (): TodoState => selectTodoState(chat.messages, { status: chat.status });
  // Every phase the checklist went through, consecutive repeats collapsed.
  const phases: string[] = [];
  // Whether a waiting plan ever read as live (its task in progress would spin).
  let liveInReview = false;
  const record = (): void => {
    const current = state();
    if (phases.at(-1) !== current.phase) phases.push(current.phase);
    if (current.phase === 'review' && current.live) liveInReview = true;
  };
  chat['~registerMessagesCallback'](record);
  chat['~registerStatusCallback'](record);

  /** Waits until the model has been called `calls` times in all and the chat is ready again. */
  const settle = async (calls: number): Promise<void> => {
    await vi.waitFor(
      () => {
        if (prompts.length !== calls || chat.status !== 'ready') throw new Error('still running');
      },
      { timeout: 5000, interval: 5 },
    );
  };
  /** The phases since the last call, then forgets them. */
  const takePhases = (): string[] => phases.splice(0, phases.length);

  /** The tool results the model read in its `n`-th call (1-based). */
  const toolResultsSeenBy = (call: number): Array<{ toolCallId: string; output: Record<string, unknown> }> =>
    (prompts[call - 1] ?? []).flatMap((message) => {
      const { role, content } = message as { role: string; content: unknown };
      if (role !== 'tool' || !Array.isArray(content)) return [];
      return content.filter((part) => part.type === 'tool-result');
    });

  return {
    chat,
    state,
    settle,
    takePhases,
    toolResultsSeenBy,
    prompts,
    tools,
    stored,
    wasLiveInReview: () => liveInReview,
  };
}

/** The todo_write parts of the conversation, in order: `[toolCallId, state]`. */
export function todoPartStates(chat: { messages: ChatLike['messages'] }): Array<[string, string]> {
  return chat.messages.flatMap((message) =>
    message.parts
      .filter((part) => part.type === 'tool-todo_write')
      .map((part) => [String(part.toolCallId), String(part.state)] as [string, string]),
  );
}
