/**
 * A real deepagents agent (`createDeepAgent`) over scripted chat models: the main agent and each subagent
 * with `todoListMiddleware()` (deepagents 1.14.1 leaves `write_todos` out unless asked), streamed through
 * `@ai-sdk/langchain`'s adapter into UI message chunks, as a route handler would send them.
 */
import type { ChatTransport, UIMessage, UIMessageChunk } from 'ai';
import { createDeepAgent } from 'deepagents';
import { todoListMiddleware } from 'langchain';
import { paced } from './agent-streams.js';
import { type LangChainAdapter, langchainAdapters } from './langchain-agent.js';
import { ScriptedChatModel, type ScriptedTurn } from './scripted-chat-model.js';

/** One task of a `write_todos` list (deepagents' schema: no `activeForm`). */
export interface DeepTodo {
  content: string;
  status: 'pending' | 'in_progress' | 'completed';
}

/** A subagent the main agent can hand work to with `task`, and its script. */
export interface ScriptedSubagent {
  name: string;
  description: string;
  turns: ScriptedTurn[];
}

/** A scripted run of a deep agent, with the lists each agent ends the turn with. */
export interface DeepAgentScenario {
  main: ScriptedTurn[];
  subagents: ScriptedSubagent[];
  /** The main agent's list after the turn. */
  mainTodos: DeepTodo[];
  /** Each subagent's last list, by subagent name. */
  subagentTodos: Record<string, DeepTodo[]>;
}

/** Options of a turn. */
export interface DeepAgentStreamOptions {
  /** Streams the subagents' own chunks too (LangGraph's `subgraphs` flag). Default false. */
  subgraphs?: boolean;
  /** The `@ai-sdk/langchain` major and its AI SDK. Default 3.x on AI SDK 7. */
  adapter?: LangChainAdapter;
}

/** A deep agent built from a scenario, with its scripted models (they keep their place across turns). */
export interface ScriptedDeepAgent {
  agent: ReturnType<typeof createDeepAgent>;
  main: ScriptedChatModel;
  subagents: Record<string, ScriptedChatModel>;
}

/** What one turn streamed: a copy of the assistant message per chunk, and the conversation after it. */
export interface DeepAgentTurn {
  snapshots: UIMessage[];
  messages: UIMessage[];
}

const list = (contents: string[], statuses: DeepTodo['status'][]): DeepTodo[] =>
  contents.map((content, at) => ({ content, status: statuses[at] ?? 'pending' }));

const writeTodos = (id: string, todos: DeepTodo[]) => ({ id, name: 'write_todos', args: { todos } });
const task = (id: string, subagentType: string, description: string) => ({
  id,
  name: 'task',
  args: { description, subagent_type: subagentType },
});

const MAIN_PLAN = ['Read how tokens are issued', 'Cover token expiry with tests', 'Add the expiry check'];
const TESTER_PLAN = ['Write a failing expiry test', 'Check it fails for the right reason'];
const REVIEWER_PLAN = ['Read the session middleware', 'List the places that trust the token', 'Report the risky ones'];

/** A subagent that writes its plan, then finishes it, then answers. */
function subagent(name: string, description: string, plan: string[], answer: string): ScriptedSubagent {
  const id = name.replace(/\W/g, '_');
  return {
    name,
    description,
    turns: [
      { toolCalls: [writeTodos(`call_${id}_todo_1`, list(plan, ['in_progress']))] },
      {
        toolCalls: [
          writeTodos(
            `call_${id}_todo_2`,
            list(
              plan,
              plan.map(() => 'completed'),
            ),
          ),
        ],
      },
      { text: answer },
    ],
  };
}

const finishedPlan = (plan: string[]) =>
  list(
    plan,
    plan.map(() => 'completed'),
  );

/**
 * The main agent plans three tasks, hands the second to `tester` with `task`, then updates its list.
 * `then` scripts the main model's next turns (a second user turn).
 */
export function oneSubagentScenario(then: ScriptedTurn[] = []): DeepAgentScenario {
  const tester = subagent('tester', 'Writes tests', TESTER_PLAN, 'The expiry test fails as expected.');
  const mainTodos = list(MAIN_PLAN, ['completed', 'completed', 'in_progress']);
  return {
    main: [
      { toolCalls: [writeTodos('call_main_todo_1', list(MAIN_PLAN, ['in_progress']))] },
      { toolCalls: [task('call_task_tester', 'tester', 'Write a failing expiry test')] },
      { toolCalls: [writeTodos('call_main_todo_2', mainTodos)] },
      { text: 'The test is in; adding the check next.' },
      ...then,
    ],
    subagents: [tester],
    mainTodos,
    subagentTodos: { tester: finishedPlan(TESTER_PLAN) },
  };
}

/** As {@link oneSubagentScenario}, but one model step calls `task` twice: `tester` and `reviewer` run at once. */
export function twoSubagentsScenario(then: ScriptedTurn[] = []): DeepAgentScenario {
  const tester = subagent('tester', 'Writes tests', TESTER_PLAN, 'The expiry test fails as expected.');
  const reviewer = subagent('reviewer', 'Reviews code', REVIEWER_PLAN, 'Two handlers trust an expired token.');
  const mainTodos = list(MAIN_PLAN, ['completed', 'completed', 'in_progress']);
  return {
    main: [
      { toolCalls: [writeTodos('call_main_todo_1', list(MAIN_PLAN, ['in_progress']))] },
      {
        toolCalls: [
          task('call_task_tester', 'tester', 'Write a failing expiry test'),
          task('call_task_reviewer', 'reviewer', 'Find the code that trusts the token'),
        ],
      },
      { toolCalls: [writeTodos('call_main_todo_2', mainTodos)] },
      { text: 'Tests and review are back; adding the check next.' },
      ...then,
    ],
    subagents: [tester, reviewer],
    mainTodos,
    subagentTodos: { tester: finishedPlan(TESTER_PLAN), reviewer: finishedPlan(REVIEWER_PLAN) },
  };
}

/** Builds the deep agent: `write_todos` on the main agent and on every subagent, each on its own script. */
export function createScriptedDeepAgent(scenario: DeepAgentScenario): ScriptedDeepAgent {
  const main = new ScriptedChatModel(scenario.main);
  const subagents = Object.fromEntries(scenario.subagents.map((sub) => [sub.name, new ScriptedChatModel(sub.turns)]));
  const agent = createDeepAgent({
    model: main,
    middleware: [todoListMiddleware()],
    subagents: scenario.subagents.map(({ name, description }) => ({
      name,
      description,
      systemPrompt: `You are ${name}.`,
      model: subagents[name]!,
      middleware: [todoListMiddleware()],
    })),
  });
  return { agent, main, subagents };
}

/** Streams one turn of `deep` over `messages` as UI message chunks. */
export async function streamDeepAgentTurn(
  deep: ScriptedDeepAgent,
  messages: UIMessage[],
  options: DeepAgentStreamOptions = {},
): Promise<ReadableStream<UIMessageChunk>> {
  const { adapter = langchainAdapters.ai7 } = options;
  const stream = await deep.agent.stream(
    { messages: await adapter.toBaseMessages(messages) },
    { streamMode: ['values', 'messages'], subgraphs: options.subgraphs ?? false },
  );
  return adapter.toUIMessageStream(stream);
}

/** Runs one turn and keeps a copy of the assistant message at every chunk. */
export async function runDeepAgentTurn(
  deep: ScriptedDeepAgent,
  messages: UIMessage[],
  options: DeepAgentStreamOptions = {},
): Promise<DeepAgentTurn> {
  const { readUIMessageStream } = options.adapter ?? langchainAdapters.ai7;
  const snapshots: UIMessage[] = [];
  for await (const message of readUIMessageStream({ stream: await streamDeepAgentTurn(deep, messages, options) }))
    snapshots.push(structuredClone(message));
  const last = snapshots.at(-1);
  return { snapshots, messages: last ? [...messages, last] : [...messages] };
}

/** A `useChat` transport that runs the deep agent in-process, a chunk per macrotask as over a network. */
export function deepAgentTransport(
  scenario: DeepAgentScenario,
  options: DeepAgentStreamOptions = {},
): ChatTransport<UIMessage> & ScriptedDeepAgent {
  const deep = createScriptedDeepAgent(scenario);
  return {
    ...deep,
    sendMessages: async ({ messages }) => paced(await streamDeepAgentTurn(deep, messages, options)),
    reconnectToStream: async () => null,
  };
}
