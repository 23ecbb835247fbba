/**
 * LangChain's real agent loop behind a chat: `createAgent` with `todoListMiddleware` (the `write_todos`
 * tool deepagents offers) over a scripted chat model, streamed through `@ai-sdk/langchain`'s
 * adapter into UI message chunks, as a route handler would send them.
 */
import * as adapterForAi7 from '@ai-sdk/langchain';
import { type ChatTransport, readUIMessageStream, type UIMessage, type UIMessageChunk } from 'ai';
import * as adapterForAi6 from 'ai-langchain-v2';
import { readUIMessageStream as readUIMessageStreamV6 } from 'ai-v6';
import { createAgent, todoListMiddleware } from 'langchain';
import { paced } from './agent-streams.js';
import { ScriptedChatModel, type ScriptedTurn } from './scripted-chat-model.js';

/** One `@ai-sdk/langchain` major with the AI SDK it is built on, whose `readUIMessageStream` reads its chunks. */
export interface LangChainAdapter {
  name: string;
  toBaseMessages: (messages: UIMessage[]) => ReturnType<typeof adapterForAi7.toBaseMessages>;
  toUIMessageStream: (stream: ReadableStream) => ReadableStream<UIMessageChunk>;
  readUIMessageStream: (options: { stream: ReadableStream<UIMessageChunk> }) => AsyncIterable<UIMessage>;
}

/** `@ai-sdk/langchain` 3.x on AI SDK 7, and 2.x on AI SDK 6 (what npm installs on Node 20). */
export const langchainAdapters = {
  ai7: {
    name: '@ai-sdk/langchain 3 with ai 7',
    toBaseMessages: (messages) => adapterForAi7.toBaseMessages(messages as never),
    toUIMessageStream: (stream) => adapterForAi7.toUIMessageStream(stream) as ReadableStream<UIMessageChunk>,
    readUIMessageStream,
  },
  ai6: {
    name: '@ai-sdk/langchain 2 with ai 6',
    toBaseMessages: (messages) => adapterForAi6.toBaseMessages(messages as never),
    toUIMessageStream: (stream) => adapterForAi6.toUIMessageStream(stream) as ReadableStream<UIMessageChunk>,
    readUIMessageStream: (options) => readUIMessageStreamV6(options as never) as AsyncIterable<UIMessage>,
  },
} satisfies Record<string, LangChainAdapter>;

/** Runs one turn of a fresh agent over `messages`; `model` keeps its place in the script across turns. */
export async function streamAgentTurn(
  model: ScriptedChatModel,
  messages: UIMessage[],
  adapter: LangChainAdapter = langchainAdapters.ai7,
): Promise<ReadableStream<UIMessageChunk>> {
  const agent = createAgent({ model, tools: [], middleware: [todoListMiddleware()] });
  const stream = await agent.stream(
    { messages: await adapter.toBaseMessages(messages) },
    { streamMode: ['values', 'messages'] },
  );
  return adapter.toUIMessageStream(stream);
}

/** A `useChat` transport that runs the agent in-process, a chunk per macrotask as over a network. */
export function agentTransport(
  turns: readonly ScriptedTurn[],
): ChatTransport<UIMessage> & { model: ScriptedChatModel } {
  const model = new ScriptedChatModel(turns);
  return {
    model,
    sendMessages: async ({ messages }) => paced(await streamAgentTurn(model, messages)),
    reconnectToStream: async () => null,
  };
}

export { ScriptedChatModel, type ScriptedTurn };
