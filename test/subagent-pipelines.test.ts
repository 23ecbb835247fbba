/**
 * Subagents that plan for themselves, through the real pipelines: deepagents (`createDeepAgent`) through
 * `@ai-sdk/langchain`'s adapter, with and without `subgraphs`, and the AI SDK's own subagent pattern (a `ToolLoopAgent`
 * whose tool streams its subagent's messages as preliminary output). The main plan is never a subagent's, on any snapshot.
 */
import type { UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { agentTodoTools } from '../src/agents.js';
import { readTodos, selectTodoState } from '../src/index.js';
import { asConversations, checkTodoSnapshots } from './support/check-todo-snapshots.js';
import {
  createScriptedDeepAgent,
  type DeepAgentScenario,
  type DeepTodo,
  oneSubagentScenario,
  runDeepAgentTurn,
  twoSubagentsScenario,
} from './support/deep-agent.js';
import { langchainAdapters } from './support/langchain-agent.js';
import { createSubagentToolRun, runSubagentToolTurn } from './support/subagent-tool.js';

const prompt: UIMessage[] = [{ id: 'user-1', role: 'user', parts: [{ type: 'text', text: 'Fix the token expiry.' }] }];
const rows = (state: { todos: readonly { content: string; status: string }[] }) =>
  state.todos.map(({ content, status }) => ({ content, status }));
const subagentTexts = (scenario: DeepAgentScenario) =>
  new Set(Object.values(scenario.subagentTodos).flatMap((todos: DeepTodo[]) => todos.map((todo) => todo.content)));

describe.each(Object.values(langchainAdapters))('deepagents 1.14.1 through $name', (adapter) => {
  const tool = agentTodoTools.langchain;

  async function run(scenario: DeepAgentScenario, subgraphs: boolean) {
    const turn = await runDeepAgentTurn(createScriptedDeepAgent(scenario), prompt, { subgraphs, adapter });
    const conversations = asConversations(prompt, turn.snapshots);
    const states = checkTodoSnapshots(conversations, tool);
    const hidden = subagentTexts(scenario);
    for (const state of states) for (const row of state.todos) expect(hidden).not.toContain(row.content);
    expect(rows(states.at(-1)!)).toEqual(scenario.mainTodos);
    expect(readTodos(turn.messages, { tool })).toEqual(scenario.mainTodos);
    return { turn, conversations, final: states.at(-1)! };
  }

  it('with subgraphs: one subagent’s plan under its task call, live on every snapshot, never the main plan', async () => {
    const scenario = oneSubagentScenario();
    const { turn, conversations, final } = await run(scenario, true);
    expect(final.agents).toEqual(['call_task_tester']);
    const states = checkTodoSnapshots(conversations, tool, {}, 'call_task_tester');
    expect(states.some((state) => state.live && state.todos.length > 0)).toBe(true);
    expect(rows(states.at(-1)!)).toEqual(scenario.subagentTodos.tester);
    expect(rows(selectTodoState(turn.messages, { tool, status: 'ready', agent: 'call_task_tester' }))).toEqual(
      scenario.subagentTodos.tester,
    );
  });

  it('with subgraphs: two subagents at once keep the main plan; each plan is found, though not under its call', async () => {
    const scenario = twoSubagentsScenario();
    const { turn, final } = await run(scenario, true);
    // Both task calls were open when the subagents' first calls came: the namespaces cannot be tied to them.
    expect(final.agents?.length).toBeGreaterThanOrEqual(2);
    expect(final.agents).not.toContain('call_task_tester');
    const plans = final.agents!.map((agent) => rows(selectTodoState(turn.messages, { tool, status: 'ready', agent })));
    expect(plans).toContainEqual(scenario.subagentTodos.tester);
    expect(plans).toContainEqual(scenario.subagentTodos.reviewer);
  });

  it('without subgraphs: the main plan is right and no subagent plan reaches the page', async () => {
    const { final } = await run(oneSubagentScenario(), false);
    expect(final.agents).toBeUndefined();
    const two = await run(twoSubagentsScenario(), false);
    expect(two.final.agents).toBeUndefined();
  });
});

describe("the AI SDK's subagent pattern: ToolLoopAgent with a tool that streams its subagent's messages", () => {
  it('keeps the main plan, and reads the subagent’s plan live from the call’s output on every snapshot', async () => {
    const subagentRun = createSubagentToolRun();
    const turn = await runSubagentToolTurn(subagentRun, prompt);
    const conversations = asConversations(prompt, turn.snapshots);
    const main = checkTodoSnapshots(conversations, 'todo_write' as never);
    expect(rows(main.at(-1)!)).toEqual(subagentRun.mainTodos);
    expect(main.at(-1)!.agents).toEqual(['call_research']);
    const hidden = new Set(subagentRun.subagentTodos.map((todo) => todo.content));
    for (const state of main) for (const row of state.todos) expect(hidden).not.toContain(row.content);

    const nested = checkTodoSnapshots(conversations, 'todo_write' as never, {}, 'call_research');
    expect(nested.some((state) => state.phase === 'streaming')).toBe(true);
    expect(nested.some((state) => state.live && state.todos.length > 0)).toBe(true);
    expect(rows(nested.at(-1)!)).toEqual(subagentRun.subagentTodos);
    expect(nested.at(-1)!.live).toBe(false);
  });
});
