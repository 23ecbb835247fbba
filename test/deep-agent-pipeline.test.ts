import { AIMessage } from '@langchain/core/messages';
import type { DynamicToolUIPart, UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import {
  createScriptedDeepAgent,
  type DeepAgentScenario,
  oneSubagentScenario,
  runDeepAgentTurn,
  twoSubagentsScenario,
} from './support/deep-agent.js';
import { type LangChainAdapter, langchainAdapters } from './support/langchain-agent.js';

const adapters = Object.values(langchainAdapters);
const prompt: UIMessage[] = [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Make tokens expire' }] }];

type Part = UIMessage['parts'][number];
type Namespaced = { callProviderMetadata?: unknown; resultProviderMetadata?: unknown; providerMetadata?: unknown };

const namespaceIn = (metadata: unknown): string[] | undefined =>
  (metadata as { langchain?: { namespace?: string[] } } | undefined)?.langchain?.namespace;

/** The namespace a part was created with: a tool call's, or a text part's. */
const callNamespace = (part: Part) =>
  namespaceIn((part as Namespaced).callProviderMetadata ?? (part as Namespaced).providerMetadata);
const resultNamespace = (part: Part) => namespaceIn((part as Namespaced).resultProviderMetadata);

/**
 * A part as one line: `|` for a step start, else `name id state call-namespace result-namespace`, each subagent
 * namespace named A, B… in order of first appearance (LangGraph makes a new uuid per run), `-` when absent.
 */
function describeParts(parts: Part[]): string[] {
  const labels = new Map<string, string>();
  const label = (namespace: string[] | undefined) => {
    if (!namespace) return '-';
    if (namespace.length === 0) return '[]';
    const key = namespace.join('/');
    if (!labels.has(key)) labels.set(key, String.fromCharCode(65 + labels.size));
    return labels.get(key)!;
  };
  return parts.map((part) => {
    if (part.type === 'step-start') return '|';
    const tool = part as DynamicToolUIPart;
    const name = part.type === 'dynamic-tool' ? `${tool.toolName} ${tool.toolCallId}` : part.type;
    const state = 'state' in part ? part.state : '';
    return `${name} ${state} ${label(callNamespace(part))} ${label(resultNamespace(part))}`;
  });
}

const toolParts = (message: UIMessage) => message.parts.filter((part) => part.type === 'dynamic-tool');
const lastList = (message: UIMessage, idPrefix: string) =>
  toolParts(message).findLast((part) => part.toolCallId.startsWith(idPrefix) && part.state === 'output-available')
    ?.input;

async function run(scenario: DeepAgentScenario, subgraphs: boolean, adapter: LangChainAdapter) {
  const turn = await runDeepAgentTurn(createScriptedDeepAgent(scenario), prompt, { subgraphs, adapter });
  return { ...turn, final: turn.snapshots.at(-1)! };
}

describe.each(adapters)('deepagents with one subagent, through $name', (adapter) => {
  it('with subgraphs, streams the subagent write_todos right after the task call, under its namespace', async () => {
    const scenario = oneSubagentScenario();
    const { final } = await run(scenario, true, adapter);
    expect(describeParts(final.parts)).toEqual([
      '|',
      'write_todos call_main_todo_1 output-available [] []',
      '|',
      '|',
      'task call_task_tester output-available [] []',
      'write_todos call_tester_todo_1 output-available A A',
      '|',
      '|',
      'write_todos call_tester_todo_2 output-available A A',
      '|',
      '|',
      'text done A -',
      '|',
      '|',
      'write_todos call_main_todo_2 output-available [] []',
      '|',
      '|',
      'text done [] -',
    ]);
    expect(callNamespace(toolParts(final)[2]!)).toEqual([expect.stringMatching(/^tools:[0-9a-f-]{36}$/)]);
    expect(lastList(final, 'call_main')).toEqual({ todos: scenario.mainTodos });
    expect(lastList(final, 'call_tester')).toEqual({ todos: scenario.subagentTodos.tester });
  });

  it('gives every subagent part its namespace from the first snapshot it is in, and never changes it', async () => {
    const { snapshots, final } = await run(oneSubagentScenario(), true, adapter);
    const subagentNamespace = callNamespace(toolParts(final)[2]!);
    for (const snapshot of snapshots)
      for (const part of toolParts(snapshot))
        expect(callNamespace(part)).toEqual(part.toolCallId.startsWith('call_tester') ? subagentNamespace : []);
    // The task part is closed only once the subagent has answered.
    const taskDone = snapshots.findIndex((s) => toolParts(s)[1]?.state === 'output-available');
    const subagentDone = snapshots.findIndex((s) => s.parts.some((p) => p.type === 'text' && p.state === 'done'));
    expect(taskDone).toBeGreaterThan(subagentDone);
  });

  it('without subgraphs, streams only the main agent, with no namespace at all', async () => {
    const scenario = oneSubagentScenario();
    const { final } = await run(scenario, false, adapter);
    expect(describeParts(final.parts)).toEqual([
      '|',
      'write_todos call_main_todo_1 output-available - -',
      '|',
      '|',
      'task call_task_tester output-available - -',
      '|',
      '|',
      'write_todos call_main_todo_2 output-available - -',
      '|',
      '|',
      'text done - -',
    ]);
    expect(lastList(final, 'call_main')).toEqual({ todos: scenario.mainTodos });
  });

  it("hands the subagent's streamed parts back to the main model as its own on the next turn", async () => {
    const scenario = oneSubagentScenario([{ text: 'Nothing left to do.' }]);
    const deep = createScriptedDeepAgent(scenario);
    const first = await runDeepAgentTurn(deep, prompt, { subgraphs: true, adapter });
    const next: UIMessage = { id: 'u2', role: 'user', parts: [{ type: 'text', text: 'Anything left?' }] };
    await runDeepAgentTurn(deep, [...first.messages, next], { subgraphs: true, adapter });
    const seen = deep.main.calls
      .at(-1)!
      .flatMap((message) => (AIMessage.isInstance(message) ? (message.tool_calls ?? []) : []));
    expect(seen.map((call) => call.id)).toEqual([
      'call_main_todo_1',
      'call_task_tester',
      'call_tester_todo_1',
      'call_tester_todo_2',
      'call_main_todo_2',
    ]);
  });
});

describe.each(adapters)('deepagents with two subagents at once, through $name', (adapter) => {
  it('without subgraphs, streams the two task calls in one step and no subagent call', async () => {
    const scenario = twoSubagentsScenario();
    const { final } = await run(scenario, false, adapter);
    expect(describeParts(final.parts)).toEqual([
      '|',
      'write_todos call_main_todo_1 output-available - -',
      '|',
      '|',
      'task call_task_tester output-available - -',
      'task call_task_reviewer output-available - -',
      '|',
      '|',
      'write_todos call_main_todo_2 output-available - -',
      '|',
      '|',
      'text done - -',
    ]);
  });

  it("with subgraphs, interleaves both subagents' calls, splitting and mislabelling some", async () => {
    const scenario = twoSubagentsScenario();
    const { final } = await run(scenario, true, adapter);
    // A is the tester's namespace, B the reviewer's. One subgraph's `values` event makes the adapter send
    // tool-input-available for the other's open calls too, under its own namespace; each `start-step` one
    // subagent advances to opens a new reducer scope, so the other's next chunk starts a new part.
    expect(describeParts(final.parts)).toEqual([
      '|',
      'write_todos call_main_todo_1 output-available [] []',
      '|',
      '|',
      'task call_task_tester output-available [] []',
      'task call_task_reviewer output-available [] []',
      'write_todos call_tester_todo_1 output-available A A',
      'write_todos call_reviewer_todo_1 output-available A B',
      '|',
      '|',
      'write_todos call_tester_todo_2 input-streaming A -',
      '|',
      'write_todos call_tester_todo_2 input-streaming B -',
      '|',
      'write_todos call_reviewer_todo_2 output-available A B',
      'write_todos call_tester_todo_2 output-available - A',
      '|',
      '|',
      'text done A -',
      '|',
      '|',
      'text done B -',
      '|',
      '|',
      'write_todos call_main_todo_2 output-available [] []',
      '|',
      '|',
      'text done [] -',
    ]);
    expect(lastList(final, 'call_main')).toEqual({ todos: scenario.mainTodos });
    expect(lastList(final, 'call_tester')).toEqual({ todos: scenario.subagentTodos.tester });
    expect(lastList(final, 'call_reviewer')).toEqual({ todos: scenario.subagentTodos.reviewer });
  });

  it("keeps each subagent's own namespace on its finished calls' result metadata", async () => {
    const { final } = await run(twoSubagentsScenario(), true, adapter);
    const finished = toolParts(final).filter((part) => part.state === 'output-available');
    const resultOf = (prefix: string) =>
      new Set(finished.filter((p) => p.toolCallId.startsWith(prefix)).map((p) => JSON.stringify(resultNamespace(p))));
    expect(resultOf('call_main')).toEqual(new Set(['[]']));
    expect(resultOf('call_task')).toEqual(new Set(['[]']));
    expect(resultOf('call_tester').size).toBe(1);
    expect(resultOf('call_reviewer').size).toBe(1);
    expect([...resultOf('call_tester')]).not.toEqual([...resultOf('call_reviewer')]);
  });

  it('sends a subagent call back from input-available to input-streaming when deltas trail its values event', async () => {
    const { snapshots } = await run(twoSubagentsScenario(), true, adapter);
    const states = snapshots.map((s) => toolParts(s).find((p) => p.toolCallId === 'call_tester_todo_1')?.state);
    const available = states.indexOf('input-available');
    expect(available).toBeGreaterThan(0);
    expect(states.slice(available)).toContain('input-streaming');
  });
});
