import { simulateReadableStream, streamText } from 'ai-v6';
import { MockLanguageModelV3 } from 'ai-v6/test';
import { finishPartV3 } from '../adapters/scripted-steps.js';
import { aiV6 } from '../adapters/ai-v6.js';
import { describeStrictOption, describeToolThroughStreamText } from '../shared/tool-assertions.js';

describeToolThroughStreamText(aiV6);

describeStrictOption(6, async (tools) => {
  const model = new MockLanguageModelV3({
    doStream: {
      stream: simulateReadableStream({
        chunks: [{ type: 'stream-start', warnings: [] }, finishPartV3('stop')] as never[],
      }),
    },
  });
  await streamText({ model, tools: tools as never, prompt: 'Plan the work.' }).consumeStream();
  return model.doStreamCalls[0]?.tools ?? [];
});
