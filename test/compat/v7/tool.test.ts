import { simulateReadableStream, streamText, type Tool } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { finishPartV3 } from '../adapters/scripted-steps.js';
import { aiV7 } from '../adapters/ai-v7.js';
import { describeStrictOption, describeToolThroughStreamText } from '../shared/tool-assertions.js';

describeToolThroughStreamText(aiV7);

describeStrictOption(7, async (tools) => {
  const model = new MockLanguageModelV4({
    doStream: {
      stream: simulateReadableStream({
        chunks: [{ type: 'stream-start', warnings: [] }, finishPartV3('stop')] as never[],
      }),
    },
  });
  await streamText({ model, tools: tools as Record<string, Tool>, prompt: 'Plan the work.' }).consumeStream();
  return model.doStreamCalls[0]?.tools ?? [];
});
