import { simulateReadableStream, streamText } from 'ai-v5';
import { MockLanguageModelV2 } from 'ai-v5/test';
import { aiV5 } from '../adapters/ai-v5.js';
import { describeStrictOption, describeToolThroughStreamText } from '../shared/tool-assertions.js';

describeToolThroughStreamText(aiV5);

describeStrictOption(5, async (tools) => {
  const model = new MockLanguageModelV2({
    doStream: {
      stream: simulateReadableStream({
        chunks: [
          { type: 'stream-start', warnings: [] },
          { type: 'finish', finishReason: 'stop', usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 } },
        ] as never[],
      }),
    },
  });
  await streamText({ model, tools: tools as never, prompt: 'Plan the work.' }).consumeStream();
  return model.doStreamCalls[0]?.tools ?? [];
});
