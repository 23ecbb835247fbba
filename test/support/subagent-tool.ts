/**
 * The AI SDK's own subagent pattern (docs: Agents, "Subagents"): a main `ToolLoopAgent` with `todo_write` and a
 * `research` tool whose `execute` is an async generator running a subagent `ToolLoopAgent`, yielding the subagent's
 * UI message as it grows (preliminary tool results); `toModelOutput` hands the main model only its final text.
 * Both agents run on scripted mock models through the real streamText pipeline, tool input streamed in deltas.
 */
import {
  type ChatTransport,
  createAgentUIStream,
  isStepCount,
  readUIMessageStream,
  ToolLoopAgent,
  toUIMessageStream,
  tool,
  type UIMessage,
  type UIMessageChunk,
} from 'ai';
import type { MockLanguageModelV4 } from 'ai/test';
import { z } from 'zod';
import { type Todo, todoWrite } from '../../src/index.js';
import { paced } from './agent-streams.js';
import {
  type ScriptStep,
  scriptedModel,
  textStep,
  todoCallChunks,
  finishChunk,
  todoCallStep,
} from './stream-todo-call.js';

/** A scripted main agent with its subagent, and the lists each ends the turn with. */
export interface SubagentToolRun {
  agent: ReturnType<typeof createMainAgent>;
  main: MockLanguageModelV4;
  subagent: MockLanguageModelV4;
  /** The main agent's list after the turn. */
  mainTodos: Todo[];
  /** The subagent's last list. */
  subagentTodos: Todo[];
  /** The subagent's final text: all the main model reads of its work. */
  summary: string;
}

/** What one turn streamed: a copy of the assistant message per chunk, and the conversation after it. */
export interface SubagentToolTurn {
  snapshots: UIMessage[];
  messages: UIMessage[];
}

const list = (contents: string[], statuses: Todo['status'][]): Todo[] =>
  contents.map((content, at) => ({ content, status: statuses[at] ?? 'pending' }));

const MAIN_PLAN = ['Read how tokens are issued', 'Research how expiry is handled', 'Add the expiry check'];
const RESEARCH_PLAN = ['Find where tokens are checked', 'Read the refresh flow', 'Note the gaps'];
const SUMMARY = 'Two handlers accept expired tokens; the refresh flow never checks expiry.';

/** The subagent plans three tasks, updates the list twice, then answers with its summary. */
function subagentScript(): ScriptStep[] {
  return [
    todoCallStep('call_sub_todo_1', { todos: list(RESEARCH_PLAN, ['in_progress']) }, { seed: 11 }),
    todoCallStep('call_sub_todo_2', { todos: list(RESEARCH_PLAN, ['completed', 'in_progress']) }, { seed: 12 }),
    todoCallStep('call_sub_todo_3', { todos: list(RESEARCH_PLAN, ['completed', 'completed', 'completed']) }),
    textStep(SUMMARY, { seed: 13 }),
  ];
}

/** A step that calls `research`, its input streamed like any tool call's. */
function researchStep(toolCallId: string, task: string): ScriptStep {
  return [...todoCallChunks(toolCallId, { task }, { toolName: 'research', seed: 5 }), finishChunk('tool-calls')];
}

/** The `research` tool of the docs' pattern: each yield is the subagent's whole message so far. */
function researchTool(subagent: ToolLoopAgent<never, { todo_write: typeof todoWrite }>) {
  return tool({
    description: 'Research a topic or question in depth.',
    inputSchema: z.object({ task: z.string().describe('The research task to complete') }),
    execute: async function* ({ task }, { abortSignal }) {
      const result = await subagent.stream({ prompt: task, abortSignal });
      for await (const message of readUIMessageStream({ stream: toUIMessageStream({ stream: result.stream }) }))
        yield message;
    },
    toModelOutput: ({ output: message }) => ({
      type: 'text' as const,
      value: message?.parts.findLast((part) => part.type === 'text')?.text ?? 'Task completed.',
    }),
  });
}

function createMainAgent(main: MockLanguageModelV4, subagent: MockLanguageModelV4) {
  const researcher = new ToolLoopAgent({
    model: subagent,
    instructions: 'You are a research agent. Summarize your findings in your final response.',
    tools: { todo_write: todoWrite },
    stopWhen: isStepCount(10),
  });
  return new ToolLoopAgent({
    model: main,
    instructions: 'You are a helpful assistant that can delegate research tasks.',
    tools: { todo_write: todoWrite, research: researchTool(researcher) },
    stopWhen: isStepCount(10),
  });
}

/**
 * The main agent plans three tasks, hands the second to `research` (whose subagent keeps its own list), then
 * updates its list and answers. `then` scripts the main model's next steps (a second user turn).
 */
export function createSubagentToolRun(then: ScriptStep[] = []): SubagentToolRun {
  const mainTodos = list(MAIN_PLAN, ['completed', 'completed', 'in_progress']);
  const main = scriptedModel([
    todoCallStep('call_main_todo_1', { todos: list(MAIN_PLAN, ['in_progress']) }, { seed: 3 }),
    researchStep('call_research', 'Find how token expiry is handled'),
    todoCallStep('call_main_todo_2', { todos: mainTodos }, { seed: 4 }),
    textStep('The research is in; adding the check next.', { seed: 6 }),
    ...then,
  ]);
  const subagent = scriptedModel(subagentScript());
  return {
    agent: createMainAgent(main, subagent),
    main,
    subagent,
    mainTodos,
    subagentTodos: list(RESEARCH_PLAN, ['completed', 'completed', 'completed']),
    summary: SUMMARY,
  };
}

/** Streams one turn of the main agent over `messages` as UI message chunks, as a route handler sends them. */
export async function streamSubagentToolTurn(
  run: SubagentToolRun,
  messages: UIMessage[],
): Promise<ReadableStream<UIMessageChunk>> {
  return (await createAgentUIStream({ agent: run.agent, uiMessages: messages })) as ReadableStream<UIMessageChunk>;
}

/** Runs one turn and keeps a copy of the assistant message at every chunk. */
export async function runSubagentToolTurn(run: SubagentToolRun, messages: UIMessage[]): Promise<SubagentToolTurn> {
  const snapshots: UIMessage[] = [];
  for await (const message of readUIMessageStream({ stream: await streamSubagentToolTurn(run, messages) }))
    snapshots.push(structuredClone(message));
  const last = snapshots.at(-1);
  return { snapshots, messages: last ? [...messages, last] : [...messages] };
}

/** A `useChat` transport that runs the main agent in-process, a chunk per macrotask as over a network. */
export function subagentToolTransport(run: SubagentToolRun = createSubagentToolRun()): ChatTransport<UIMessage> & {
  run: SubagentToolRun;
} {
  return {
    run,
    sendMessages: async ({ messages }) => paced(await streamSubagentToolTurn(run, messages)),
    reconnectToStream: async () => null,
  };
}
