/**
 * `research`, the AI SDK's subagent pattern: its `execute` runs a subagent `ToolLoopAgent` that keeps its own plan,
 * and yields the subagent's message as it grows (preliminary results, which the checklist reads as that subagent's
 * plan); `toModelOutput` hands the main model only the subagent's last text.
 */
import {
  isStepCount,
  type LanguageModel,
  readUIMessageStream,
  ToolLoopAgent,
  type ToolSet,
  tool,
  toUIMessageStream,
  type UIMessage,
} from 'ai';
import { z } from 'zod';
import { RESEARCH_STOPPED } from './coding-agent-model.js';

/** What the main model reads when the run was cut off before it answered. */
export { RESEARCH_STOPPED };

/** What the subagent is told. */
export const RESEARCH_INSTRUCTIONS =
  'You are a research agent. Plan your research with your plan tool, work through it, then answer in two or three sentences.';

/** What the main model reads when the subagent said nothing. */
export const NO_FINDINGS = 'The research found nothing.';

export interface ResearchToolOptions {
  /** The subagent for one question: its model and its plan tools (made per run, so each keeps its own list). */
  subagent: (question: string) => { model: LanguageModel; tools: ToolSet };
  /** Most subagent steps per question. Default 20. */
  maxSteps?: number;
}

/** Creates the `research` tool. */
export function createResearchTool(options: ResearchToolOptions) {
  const { subagent, maxSteps = 20 } = options;
  return tool({
    description: 'Hand a research question to a subagent that plans and reads on its own. Answers with what it found.',
    inputSchema: z.object({ question: z.string().describe('What to find out, in one sentence') }),
    execute: async function* ({ question }, { abortSignal }) {
      const { model, tools } = subagent(question);
      const researcher = new ToolLoopAgent({
        model,
        instructions: RESEARCH_INSTRUCTIONS,
        tools,
        stopWhen: isStepCount(maxSteps),
      });
      const result = await researcher.stream({ prompt: question, abortSignal });
      // Tool errors keep their text, as in the chat route: the subagent's checklist says why a list was refused.
      const stream = toUIMessageStream({ stream: result.stream, tools, redactToolErrors: false });
      let last: UIMessage | undefined;
      for await (const message of readUIMessageStream<UIMessage>({ stream })) {
        last = message;
        yield message;
      }
      // The last yield is the output: marked finished, as a run cut off by a Stop keeps its last message too.
      if (last !== undefined) yield { ...last, metadata: { finished: true } };
    },
    toModelOutput: ({ output }) => ({ type: 'text' as const, value: findingsOf(output) }),
  });
}

/** The subagent's answer, its last text once the run finished: all the main model reads of its work. */
export function findingsOf(message: UIMessage | undefined): string {
  if (message === undefined) return NO_FINDINGS;
  if ((message.metadata as { finished?: unknown } | undefined)?.finished !== true) return RESEARCH_STOPPED;
  return message.parts.findLast((part) => part.type === 'text')?.text.trim() || NO_FINDINGS;
}
