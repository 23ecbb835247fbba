import { createRequire } from 'node:module';
import { convertToModelMessages, readUIMessageStream, simulateReadableStream, stepCountIs, streamText } from 'ai-v6';
import { MockLanguageModelV3 } from 'ai-v6/test';
import { useChat } from 'ai-react-v3';
import { createCompatAdapter, type CompatAdapter } from './compat-adapter.js';
import { finishPartV3 } from './scripted-steps.js';

const require = createRequire(import.meta.url);

/** AI SDK 6: `MockLanguageModelV3`, `finishReason: { unified, raw }`, usage as `{ total, ... }` objects. */
export const aiV6: CompatAdapter = createCompatAdapter({
  major: 6,
  aiVersion: (require('ai-v6/package.json') as { version: string }).version,
  reactVersion: (require('ai-react-v3/package.json') as { version: string }).version,
  streamText,
  stepCountIs,
  simulateReadableStream,
  readUIMessageStream,
  convertToModelMessages,
  createMockModel: (options) =>
    new MockLanguageModelV3(options as ConstructorParameters<typeof MockLanguageModelV3>[0]),
  useChat,
  finishPart: finishPartV3,
  responseMessages: async (result) => (await result.response).messages,
});
