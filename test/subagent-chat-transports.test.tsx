import { afterEach, describe, expect, it } from 'vitest';
import { useLayoutEffect, useState, type ReactNode } from 'react';
import { cleanup, render, waitFor } from '@testing-library/react';
import { useChat } from '@ai-sdk/react';
import { type ChatTransport, type DynamicToolUIPart, isToolUIPart, type ToolUIPart, type UIMessage } from 'ai';
import { deepAgentTransport, oneSubagentScenario } from './support/deep-agent.js';
import { subagentToolTransport } from './support/subagent-tool.js';

/** Renders `useChat` over `transport`, sends one message, and returns the assistant message at every commit. */
async function chat(transport: ChatTransport<UIMessage>): Promise<UIMessage[]> {
  const commits: UIMessage[] = [];
  let send: ((text: string) => Promise<void>) | undefined;
  let status = '';
  function Probe(props: { messages: UIMessage[] }): ReactNode {
    useLayoutEffect(() => {
      const last = props.messages.at(-1);
      if (last?.role === 'assistant') commits.push(structuredClone(last));
    });
    return null;
  }
  function Page(): ReactNode {
    const [kept] = useState(() => transport);
    const helpers = useChat({ transport: kept });
    send = (text) => helpers.sendMessage({ text });
    status = helpers.status;
    return <Probe messages={helpers.messages} />;
  }
  render(<Page />);
  await send!('Make tokens expire');
  await waitFor(() => expect(status).toBe('ready'), { timeout: 20_000 });
  return commits;
}

const namespaceOf = (part: DynamicToolUIPart) =>
  (part.callProviderMetadata as { langchain?: { namespace?: string[] } } | undefined)?.langchain?.namespace;

afterEach(cleanup);

describe('subagent transports in a useChat page', () => {
  it("streams deepagents' subagent write_todos into useChat's message, namespaced, call by call", async () => {
    const scenario = oneSubagentScenario();
    const commits = await chat(deepAgentTransport(scenario, { subgraphs: true }));
    const writes = commits
      .at(-1)!
      .parts.filter(
        (part): part is DynamicToolUIPart => part.type === 'dynamic-tool' && part.toolName === 'write_todos',
      );
    expect(writes.map((part) => [part.toolCallId, namespaceOf(part)?.length])).toEqual([
      ['call_main_todo_1', 0],
      ['call_tester_todo_1', 1],
      ['call_tester_todo_2', 1],
      ['call_main_todo_2', 0],
    ]);
    expect(writes[2]!.input).toEqual({ todos: scenario.subagentTodos.tester });
    // The subagent's list was on screen while it was still being written.
    const streaming = commits.filter((c) =>
      c.parts.some(
        (p) => p.type === 'dynamic-tool' && p.toolCallId === 'call_tester_todo_1' && p.state === 'input-streaming',
      ),
    );
    expect(streaming.length).toBeGreaterThan(5);
  });

  it("renders the AI SDK pattern's subagent message as the research part's output, preliminary until done", async () => {
    const transport = subagentToolTransport();
    const commits = await chat(transport);
    const research = commits
      .map((c) => c.parts.find((p): p is ToolUIPart => isToolUIPart(p) && p.toolCallId === 'call_research'))
      .filter((part) => part?.state === 'output-available');
    expect(research.filter((part) => part!.preliminary).length).toBeGreaterThan(10);
    const output = research.at(-1)!.output as UIMessage;
    expect(research.at(-1)!.preliminary).toBeUndefined();
    expect(output.parts.filter(isToolUIPart).at(-1)!.input).toEqual({ todos: transport.run.subagentTodos });
  });
});
