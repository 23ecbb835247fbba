import { cleanup, render } from '@testing-library/react';
import type { UIMessage } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { TodoCallSummary } from '../src/react.js';
import { TodoProvider } from '../src/react.js';
import { collectSnapshots, scriptedModel, textStep, todoCallStep } from './support/stream-todo-call.js';
import { createReviewHarness, say, write } from './compat/shared/review-harness.js';
import { type TodoLabels, todoEditReason } from '../src/index.js';

afterEach(cleanup);

const user: UIMessage = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'go' }] };
const plan = [
  { content: 'Write tests', status: 'in_progress' },
  { content: 'Run the suite', status: 'pending' },
  { content: 'Old step', status: 'pending' },
];
const next = [
  { content: 'Write tests', status: 'completed' },
  { content: 'Run the suite', status: 'in_progress' },
  { content: 'Deploy', status: 'pending' },
];
const invalid = [
  { content: 'Write tests', status: 'completed' },
  { content: 'Run the suite', status: 'done' },
];

async function conversation(): Promise<UIMessage[]> {
  const model = scriptedModel([
    todoCallStep('c1', { todos: plan }),
    todoCallStep('c2', { todos: next }, { seed: 2 }),
    todoCallStep('c3', { todos: invalid }, { seed: 3 }),
    textStep('Done.'),
  ]);
  return [user, (await collectSnapshots(model, [user])).at(-1)!];
}

const summaries = (container: HTMLElement) =>
  [...container.querySelectorAll('[data-todo-call-summary]')].map((node) => node.textContent);

describe('a summary per call, through the real SDK stream', () => {
  it('says what each call did, not the whole list', async () => {
    const messages = await conversation();
    const { container } = render(
      <TodoProvider messages={messages} status="ready">
        {['c1', 'c2', 'c3'].map((toolCallId) => (
          <TodoCallSummary key={toolCallId} toolCallId={toolCallId} />
        ))}
      </TodoProvider>,
    );
    expect(summaries(container)).toEqual([
      'Planned 3 tasks',
      "Completed 'Write tests', added 'Deploy', removed 'Old step' and started 'Run the suite'",
      'Update rejected: Item 2 ("Run the suite") has status "done"; use pending, in_progress or completed.',
    ]);
    expect(container.querySelector('[data-rejection]')!.getAttribute('data-rejection')).toBe('error');
  });

  it('reads under way while the call streams, and stopped once the chat stopped mid-call', () => {
    const messages = [
      user,
      {
        id: 'a',
        role: 'assistant' as const,
        parts: [{ type: 'tool-todo_write', toolCallId: 'c1', state: 'input-streaming', input: { todos: [{}] } }],
      },
    ] as UIMessage[];
    const { container, rerender } = render(
      <TodoProvider messages={messages} status="streaming">
        <TodoCallSummary toolCallId="c1" />
      </TodoProvider>,
    );
    expect(summaries(container)).toEqual(['Updating the plan…']);
    rerender(
      <TodoProvider messages={messages} status="ready">
        <TodoCallSummary toolCallId="c1" labels={{ interrupted: 'Parado' }} />
      </TodoProvider>,
    );
    expect(summaries(container)).toEqual(['Parado']);
  });
});

describe('when the person edited the plan before approving it', () => {
  const proposed = [
    { content: 'Read the pager code', status: 'in_progress' as const },
    { content: 'Rewrite the whole pager', status: 'pending' as const },
  ];

  /** The proposed plan answered through a real useChat: approved as it was, or with `edited` in its place. */
  async function answered(edited?: typeof proposed): Promise<UIMessage[]> {
    const harness = createReviewHarness({
      route: 'toolApproval',
      policy: 'first-plan',
      steps: [write('call-1', proposed), say('On it.')],
    });
    await harness.chat.sendMessage({ text: 'Fix the pager' });
    await harness.settle(1);
    const approvalId = harness.state().approvalId!;
    await harness.chat.addToolApprovalResponse(
      edited ? { id: approvalId, approved: true, reason: todoEditReason(edited) } : { id: approvalId, approved: true },
    );
    await harness.settle(2);
    return harness.chat.messages as UIMessage[];
  }

  const summaryOf = (messages: UIMessage[], labels?: Partial<TodoLabels>): string | null =>
    render(
      <TodoProvider messages={messages} status="ready" labels={labels}>
        <TodoCallSummary toolCallId="call-1" />
      </TodoProvider>,
    ).container.textContent;

  it('says the plan was edited by the person', async () => {
    const messages = await answered([{ content: 'Add a failing test', status: 'in_progress' }, ...proposed.slice(1)]);
    expect(summaryOf(messages)).toBe('Planned 2 tasks, edited by you');
  });

  it('says nothing of an edit when the plan was approved as proposed', async () => {
    expect(summaryOf(await answered())).toBe('Planned 2 tasks');
  });

  it('takes its words from the labels', async () => {
    const messages = await answered([{ content: 'Add a failing test', status: 'pending' }]);
    expect(summaryOf(messages, { changes: { callEdited: (summary) => `${summary} (von dir geändert)` } })).toBe(
      'Planned 1 task (von dir geändert)',
    );
  });
});
