import { createRequire } from 'node:module';
import { convertToModelMessages, isStepCount, readUIMessageStream, simulateReadableStream, streamText } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { useChat } from '@ai-sdk/react';
import { createCompatAdapter, type CompatAdapter } from './compat-adapter.js';
import { finishPartV3 } from './scripted-steps.js';

const require = createRequire(import.meta.url);

/**
 * AI SDK 7: `MockLanguageModelV4` (same finish shape as V3); `response.messages` holds only
 * the last step's messages, so the run's messages are gathered from `steps`.
 */
export const aiV7: CompatAdapter = createCompatAdapter({
  major: 7,
  aiVersion: (require('ai/package.json') as { version: string }).version,
  reactVersion: (require('@ai-sdk/react/package.json') as { version: string }).version,
  streamText,
  stepCountIs: isStepCount,
  simulateReadableStream,
  readUIMessageStream,
  convertToModelMessages,
  createMockModel: (options) =>
    new MockLanguageModelV4(options as ConstructorParameters<typeof MockLanguageModelV4>[0]),
  useChat,
  finishPart: finishPartV3,
  responseMessages: async (result) => (await result.steps).flatMap((step) => step.response.messages),
});
