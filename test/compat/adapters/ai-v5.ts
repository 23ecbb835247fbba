import { createRequire } from 'node:module';
import { convertToModelMessages, readUIMessageStream, simulateReadableStream, stepCountIs, streamText } from 'ai-v5';
import { MockLanguageModelV2 } from 'ai-v5/test';
import { useChat } from 'ai-react-v2';
import { createCompatAdapter, type CompatAdapter } from './compat-adapter.js';

const require = createRequire(import.meta.url);

/** AI SDK 5: `MockLanguageModelV2`, `finishReason` a string, usage flat numbers. */
export const aiV5: CompatAdapter = createCompatAdapter({
  major: 5,
  aiVersion: (require('ai-v5/package.json') as { version: string }).version,
  reactVersion: (require('ai-react-v2/package.json') as { version: string }).version,
  streamText,
  stepCountIs,
  simulateReadableStream,
  readUIMessageStream,
  convertToModelMessages,
  createMockModel: (options) =>
    new MockLanguageModelV2(options as ConstructorParameters<typeof MockLanguageModelV2>[0]),
  useChat,
  finishPart: (reason) => ({
    type: 'finish',
    finishReason: reason,
    usage: { inputTokens: 10, outputTokens: 20, totalTokens: 30 },
  }),
  responseMessages: async (result) => (await result.response).messages,
});
