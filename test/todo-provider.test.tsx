import { cleanup, render } from '@testing-library/react';
import type { UIMessage } from 'ai';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { TodoCallSummary, TodoList, TodoProvider } from '../src/react.js';
import { selectTodoState } from '../src/index.js';
import { collectSnapshots, scriptedModel, textStep, todoCallStep } from './support/stream-todo-call.js';

afterEach(cleanup);

const user: UIMessage = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'go' }] };
const CALLS = ['c1', 'c2', 'c3'];

async function turn(): Promise<UIMessage[][]> {
  const model = scriptedModel([
    todoCallStep('c1', { todos: [{ content: 'Read the code', status: 'in_progress' }] }),
    todoCallStep('c2', {
      todos: [
        { content: 'Read the code', status: 'completed' },
        { content: 'Write tests', status: 'in_progress' },
      ],
    }),
    todoCallStep('c3', { todos: [{ content: 'Write tests', status: 'done' }] }, { seed: 3 }),
    textStep('The list is up to date, and the work goes on with the next task.'),
  ]);
  return (await collectSnapshots(model, [user])).map((message) => [user, message]);
}

function Shared({ messages, status }: { messages: UIMessage[]; status: 'streaming' | 'ready' }): ReactNode {
  return (
    <TodoProvider messages={messages} status={status}>
      <TodoList />
      {CALLS.map((toolCallId) => (
        <div key={toolCallId}>
          <TodoCallSummary toolCallId={toolCallId} />
          <TodoList toolCallId={toolCallId} />
        </div>
      ))}
    </TodoProvider>
  );
}

function Each({ messages, status }: { messages: UIMessage[]; status: 'streaming' | 'ready' }): ReactNode {
  return (
    <>
      <TodoList messages={messages} status={status} />
      {CALLS.map((toolCallId) => (
        <div key={toolCallId}>
          <TodoProvider messages={messages} status={status}>
            <TodoCallSummary toolCallId={toolCallId} />
          </TodoProvider>
          <TodoList state={selectTodoState(messages, { status, toolCallId })} />
        </div>
      ))}
    </>
  );
}

// useId differs between two trees; the markup is otherwise the same.
const markup = (container: HTMLElement): string => container.innerHTML.replace(/«[^»]*»|_r_[0-9a-z]+_/g, 'id');

describe('one reading for every summary and inline list (<TodoProvider>)', () => {
  it('shows what a fresh reading per call shows, at every snapshot of a real stream', async () => {
    const snapshots = await turn();
    const shared = render(<Shared messages={snapshots[0]!} status="streaming" />);
    const each = render(<Each messages={snapshots[0]!} status="streaming" />);
    snapshots.forEach((messages, index) => {
      const status = index === snapshots.length - 1 ? 'ready' : 'streaming';
      shared.rerender(<Shared messages={messages} status={status} />);
      each.rerender(<Each messages={messages} status={status} />);
      expect(markup(shared.container)).toBe(markup(each.container));
    });
    const summaries = [...shared.container.querySelectorAll('[data-todo-call-summary]')].map(
      (node) => node.textContent,
    );
    expect(summaries).toEqual([
      'Planned 1 task',
      "Completed 'Read the code' and added 'Write tests'",
      expect.stringMatching(/^Update rejected: /),
    ]);
  });

  it('changes nothing of ours in the page while a text part streams after the calls', async () => {
    const snapshots = await turn();
    const firstText = snapshots.findIndex((messages) => messages[1]!.parts.some((part) => part.type === 'text'));
    const { container, rerender } = render(<Shared messages={snapshots[firstText]!} status="streaming" />);
    const changes: MutationRecord[] = [];
    const observer = new MutationObserver((records) => changes.push(...records));
    observer.observe(container, { subtree: true, childList: true, attributes: true, characterData: true });
    for (const messages of snapshots.slice(firstText + 1, -1))
      rerender(<Shared messages={messages} status="streaming" />);
    await Promise.resolve();
    observer.disconnect();
    expect(snapshots.length - 1 - (firstText + 1)).toBeGreaterThan(3);
    expect(changes).toEqual([]);
  });

  it('renders nothing but an empty list outside a provider', () => {
    const { container } = render(<TodoList />);
    expect(container.querySelector('[data-todo-list]')!.getAttribute('data-phase')).toBe('empty');
  });
});

describe('one provider kept across conversations', () => {
  const chat = (content: string) =>
    [
      {
        id: 'm0',
        role: 'assistant' as const,
        parts: [
          {
            type: 'tool-todo_write',
            toolCallId: 'call_0',
            state: 'output-available',
            input: { todos: [{ content, status: 'pending' }] },
            output: { pending: 1, in_progress: 0, completed: 0 },
          },
        ],
      },
    ] as UIMessage[];

  it('shows the conversation it is given now, though its call has the id of the last one', () => {
    const view = (messages: UIMessage[]) => (
      <TodoProvider messages={messages} status="ready">
        <TodoList />
        <TodoList toolCallId="call_0" />
        <TodoCallSummary toolCallId="call_0" />
      </TodoProvider>
    );
    const { container, rerender } = render(view(chat('Plan A')));
    const contents = () => [...container.querySelectorAll('[data-todo-content]')].map((node) => node.textContent);
    expect(contents()).toEqual(['Plan A', 'Plan A']);
    rerender(view(chat('Plan B')));
    expect(contents()).toEqual(['Plan B', 'Plan B']);
    expect(container.querySelector('[data-todo-call-summary]')!.textContent).toBe('Planned 1 task');
  });
});
