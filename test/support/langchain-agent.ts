/**
 * LangChain's real agent loop behind a chat: `createAgent` with `todoListMiddleware` (the `write_todos`
 * tool every deepagents agent has) over a scripted chat model, streamed through `@ai-sdk/langchain`'s
 * adapter into UI message chunks, as a route handler would send them.
 */
import { toBaseMessages, toUIMessageStream } from '@ai-sdk/langchain';
import type { ChatTransport, UIMessage, UIMessageChunk } from 'ai';
import { createAgent, todoListMiddleware } from 'langchain';
import { paced } from './agent-streams.js';
import { ScriptedChatModel, type ScriptedTurn } from './scripted-chat-model.js';

/** Runs one turn of a fresh agent over `messages`; `model` keeps its place in the script across turns. */
export async function streamAgentTurn(
  model: ScriptedChatModel,
  messages: UIMessage[],
): Promise<ReadableStream<UIMessageChunk>> {
  const agent = createAgent({ model, tools: [], middleware: [todoListMiddleware()] });
  const stream = await agent.stream(
    { messages: await toBaseMessages(messages as Parameters<typeof toBaseMessages>[0]) },
    { streamMode: ['values', 'messages'] },
  );
  return toUIMessageStream(stream) as ReadableStream<UIMessageChunk>;
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
