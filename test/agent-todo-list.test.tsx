import { afterEach, describe, expect, it } from 'vitest';
import { useLayoutEffect, useState, type ReactNode } from 'react';
import { cleanup, render, waitFor } from '@testing-library/react';
import { useChat } from '@ai-sdk/react';
import type { ChatTransport, UIMessage } from 'ai';
import { agentTodoTools } from '../src/agents.js';
import { TodoList } from '../src/react.js';
import type { TodoRowStatus } from '../src/index.js';
import type { TodoToolShape } from '../src/index.js';
import { chunkStream, claudeCodeChunks, standIns } from './support/agent-streams.js';
import { agentTransport } from './support/langchain-agent.js';
import { inProcessTransport, scriptedModel, textStep, todoCallStep } from './support/stream-todo-call.js';

/** What the list showed after one commit: each row's visible text and status, and the status region. */
interface Commit {
  rows: string[];
  spoken: string;
}

/** Renders `useChat` over `transport` with `<TodoList tool>`; records every commit; resolves once the turn is over. */
async function chat(transport: ChatTransport<UIMessage>, tool: TodoToolShape<TodoRowStatus>) {
  const commits: Commit[] = [];
  let send: ((text: string) => Promise<void>) | undefined;
  let status = '';
  function Probe(): ReactNode {
    useLayoutEffect(() => {
      const rows = [...document.querySelectorAll('[data-todo-item]')].map(
        (row) => `${row.querySelector('[data-todo-content]')?.textContent} [${row.getAttribute('data-status')}]`,
      );
      commits.push({ rows, spoken: document.querySelector('[role="status"]')?.textContent ?? '' });
    });
    return null;
  }
  function Page(): ReactNode {
    const [kept] = useState(() => transport);
    const helpers = useChat({ transport: kept });
    send = (text) => helpers.sendMessage({ text });
    status = helpers.status;
    return (
      <>
        <TodoList messages={helpers.messages} status={helpers.status} tool={tool} />
        <Probe />
      </>
    );
  }
  const view = render(<Page />);
  await send!('Go');
  await waitFor(() => expect(status).toBe('ready'), { timeout: 20_000 });
  const shown = commits.findIndex((commit) => commit.rows.length > 0);
  expect(shown).toBeGreaterThanOrEqual(0);
  for (const commit of commits.slice(shown)) expect(commit.rows.length, 'the list flashed empty').toBeGreaterThan(0);
  return { commits, view, last: commits.at(-1)! };
}

afterEach(cleanup);

describe('<TodoList tool> in a useChat page', () => {
  it("renders LangChain's write_todos from the real agent loop, streaming, without a flash of an empty list", async () => {
    const todos = (statuses: string[]) =>
      ['Read the API routes', 'Add a rate limiter'].map((content, at) => ({ content, status: statuses[at] }));
    const transport = agentTransport([
      { toolCalls: [{ id: 'call_1', name: 'write_todos', args: { todos: todos(['in_progress', 'pending']) } }] },
      { toolCalls: [{ id: 'call_2', name: 'write_todos', args: { todos: todos(['completed', 'in_progress']) } }] },
      { text: 'Working on the limiter.' },
    ]);
    const { commits, last } = await chat(transport, agentTodoTools.langchain);
    expect(commits.some((commit) => commit.rows.length === 1)).toBe(true);
    expect(last.rows).toEqual(['Read the API routes [completed]', 'Add a rate limiter [in_progress]']);
    expect(last.spoken).toBe('Completed: Read the API routes. Now: Add a rate limiter. 1 of 2 completed.');
  });

  it("shows Gemini CLI's cancelled task muted apart: its own label, left out of the progress, announced", async () => {
    const model = scriptedModel([
      todoCallStep(
        'c1',
        {
          todos: [
            { description: 'Reproduce the bug', status: 'in_progress' },
            { description: 'Rewrite the store', status: 'pending' },
            { description: 'Write a test', status: 'pending' },
          ],
        },
        { toolName: 'write_todos' },
      ),
      todoCallStep(
        'c2',
        {
          todos: [
            { description: 'Reproduce the bug', status: 'completed' },
            { description: 'Rewrite the store', status: 'cancelled' },
            { description: 'Write a test', status: 'in_progress' },
          ],
        },
        { toolName: 'write_todos', seed: 2 },
      ),
      textStep('Done.'),
    ]);
    const { last, view } = await chat(
      inProcessTransport(model, { tools: { write_todos: standIns.geminiCli } }),
      agentTodoTools.geminiCli,
    );
    expect(last.rows).toEqual([
      'Reproduce the bug [completed]',
      'Rewrite the store [cancelled]',
      'Write a test [in_progress]',
    ]);
    const cancelled = view.container.querySelector('[data-status="cancelled"]')!;
    expect(cancelled.textContent).toBe('✕ Rewrite the store, Cancelled');
    expect(view.container.querySelector('[data-todo-summary]')!.textContent).toBe('1 of 2 completed');
    expect(last.spoken).toBe(
      'Completed: Reproduce the bug. Cancelled: Rewrite the store. Now: Write a test. 1 of 2 completed.',
    );
  });

  it("shows Claude Code's activeForm while the task is in progress and its content once it is done", async () => {
    const todos = (statuses: string[]) =>
      [
        ['Run the tests', 'Running the tests'],
        ['Fix the failing assertion', 'Fixing the failing assertion'],
      ].map(([content, activeForm], at) => ({ content, status: statuses[at], activeForm }));
    const transport: ChatTransport<UIMessage> = {
      sendMessages: async () =>
        chunkStream(
          claudeCodeChunks([
            { id: 'toolu_1', input: { todos: todos(['in_progress', 'pending']) } },
            { id: 'toolu_2', input: { todos: todos(['completed', 'in_progress']) } },
          ]),
        ),
      reconnectToStream: async () => null,
    };
    const { commits, last } = await chat(transport, agentTodoTools.claudeCode);
    expect(commits.some((commit) => commit.rows[0] === 'Running the tests [in_progress]')).toBe(true);
    // A present tense still being written is never shown: only whole ones, or a new task's growing content.
    const texts = commits.flatMap((commit) => commit.rows.map((row) => row.replace(/ \[\w+\]$/, '')));
    const cutOff = texts.filter(
      (text) =>
        ['Running the tests', 'Fixing the failing assertion'].some((form) => form !== text && form.startsWith(text)) &&
        !['Run the tests', 'Fix the failing assertion'].some((content) => content.startsWith(text)),
    );
    expect(cutOff).toEqual([]);
    expect(last.rows).toEqual(['Run the tests [completed]', 'Fixing the failing assertion [in_progress]']);
  });
});
