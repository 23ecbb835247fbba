import { cleanup, render } from '@testing-library/react';
import type { UIMessage } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { agentTodoTools } from '../src/agents.js';
import { TodoCallSummary, TodoList, TodoProvider, useTodos } from '../src/react.js';

afterEach(cleanup);

const tool = agentTodoTools.claudeCode;
const write = (toolCallId: string, todos: [string, string][]) => ({
  type: 'tool-TodoWrite',
  toolCallId,
  state: 'output-available',
  input: { todos: todos.map(([content, status]) => ({ content, status, activeForm: content })) },
  output: 'Todos have been modified successfully.',
});
const conversation = (agentState: 'input-available' | 'output-available'): UIMessage[] => [
  {
    id: 'm',
    role: 'assistant',
    parts: [
      { type: 'step-start' },
      write('main-1', [
        ['Trace the bug', 'in_progress'],
        ['Fix it', 'pending'],
      ]),
      { type: 'step-start' },
      {
        type: 'tool-Agent',
        toolCallId: 'agent-1',
        state: agentState,
        input: { prompt: 'Read the middleware' },
        ...(agentState === 'output-available' ? { output: 'Done.' } : {}),
      },
      write('sub-1', [['Read the session middleware', 'in_progress']]),
    ] as UIMessage['parts'],
  },
];

const texts = (root: Element | null) =>
  [...(root?.querySelectorAll('[data-todo-content]') ?? [])].map((each) => each.textContent);

describe('a subagent’s plan in React', () => {
  it('renders under its call with `agent` inside a provider, live while the call runs, and never in the main list', () => {
    const view = (state: 'input-available' | 'output-available') => (
      <TodoProvider messages={conversation(state)} status="streaming" tool={tool}>
        <TodoList data-testid="main" />
        <TodoList data-testid="sub" agent="agent-1" />
        <TodoCallSummary toolCallId="sub-1" />
      </TodoProvider>
    );
    const { getByTestId, rerender, container } = render(view('input-available'));
    expect(texts(getByTestId('main'))).toEqual(['Trace the bug', 'Fix it']);
    expect(texts(getByTestId('sub'))).toEqual(['Read the session middleware']);
    expect(getByTestId('sub').hasAttribute('data-live')).toBe(true);
    expect(container.textContent).toContain('Planned 1 task');
    rerender(view('output-available'));
    expect(getByTestId('sub').hasAttribute('data-live')).toBe(false);
    expect(texts(getByTestId('main'))).toEqual(['Trace the bug', 'Fix it']);
  });

  it('shows a working subagent’s plan under the main one, named, from the provider and from messages alike', () => {
    for (const source of ['provider', 'messages'] as const) {
      const view = (state: 'input-available' | 'output-available') =>
        source === 'provider' ? (
          <TodoProvider messages={conversation(state)} status="streaming" tool={tool}>
            <TodoList />
          </TodoProvider>
        ) : (
          <TodoList messages={conversation(state)} status="streaming" tool={tool} />
        );
      const { container, rerender, getByRole, unmount } = render(view('input-available'));
      const nested = getByRole('group', { name: 'A subagent’s plan' });
      expect(texts(nested)).toEqual(['Read the session middleware']);
      expect(texts(container.querySelector('[data-todo-list]:not([data-todo-subagent])'))).toEqual([
        'Trace the bug',
        'Fix it',
      ]);
      rerender(view('output-available'));
      expect(container.querySelector('[data-todo-subagent]'), source).toBeNull();
      unmount();
    }
  });

  it('reads the same plan with `useTodos` and with `<TodoList messages agent>`, and lists the subagents on the main state', () => {
    let agents: readonly string[] | undefined;
    function Probe() {
      agents = useTodos(conversation('output-available'), { tool, status: 'ready' }).agents;
      return null;
    }
    const { getByTestId } = render(
      <>
        <Probe />
        <TodoList
          data-testid="sub"
          messages={conversation('output-available')}
          status="ready"
          tool={tool}
          agent="agent-1"
        />
      </>,
    );
    expect(agents).toEqual(['agent-1']);
    expect(texts(getByTestId('sub'))).toEqual(['Read the session middleware']);
  });
});

describe('a task written task by task', () => {
  const part = (name: string, toolCallId: string, input: unknown, output: string) => ({
    type: `tool-${name}`,
    toolCallId,
    state: 'output-available',
    input,
    output,
  });
  const messages: UIMessage[] = [
    {
      id: 'm',
      role: 'assistant',
      parts: [
        part(
          'TaskCreate',
          'c1',
          { subject: 'Add the limiter', description: '…' },
          'Task #1 created successfully: Add the limiter',
        ),
        part('TaskCreate', 'c2', { subject: 'Test it', description: '…' }, 'Task #2 created successfully: Test it'),
        part('TaskUpdate', 'u1', { taskId: '2', addBlockedBy: ['1'] }, 'Updated task #2 blockedBy'),
        part('TaskUpdate', 'u2', { taskId: '1', owner: 'limiter-writer' }, 'Updated task #1 owner'),
      ] as UIMessage['parts'],
    },
  ];

  it('shows its id, its owner, and what blocks it, in words a screen reader reads with the row', () => {
    const { container } = render(<TodoList messages={messages} status="ready" tool={agentTodoTools.claudeCodeTasks} />);
    const rows = [...container.querySelectorAll('[data-todo-item]')];
    expect(rows.map((row) => row.getAttribute('data-status'))).toEqual(['pending', 'blocked']);
    expect(rows[0]!.querySelector('[data-todo-id]')?.textContent).toBe('#1');
    expect(rows[0]!.querySelector('[data-todo-owner]')?.textContent).toBe('(limiter-writer)');
    expect(rows[1]!.querySelector('[data-todo-blocked-by]')?.textContent).toBe('blocked by #1');
    // What a screen reader reads: the icon and the visible "blocked by" are hidden, the sentence says it once.
    const spoken = (row: Element) =>
      [...row.childNodes]
        .filter((node) => !(node instanceof Element && node.hasAttribute('aria-hidden')))
        .map((node) => node.textContent)
        .join('');
    expect(spoken(rows[0]!)).toBe('#1 Add the limiter (limiter-writer), Pending');
    expect(spoken(rows[1]!)).toBe('#2 Test it, Blocked, blocked by #1');
  });
});
