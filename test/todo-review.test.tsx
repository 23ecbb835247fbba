import { Chat } from '@ai-sdk/react';
import { cleanup, fireEvent, render } from '@testing-library/react';
import type { UIMessage } from 'ai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { selectTodoState, todoWrite } from '../src/index.js';
import { TodoCallSummary, TodoList, TodoProvider } from '../src/react.js';
import { inProcessTransport, scriptedModel, textStep, todoCallStep } from './support/stream-todo-call.js';

afterEach(cleanup);

const plan = [
  { content: 'Write tests', status: 'in_progress' },
  { content: 'Old step', status: 'pending' },
];
const proposal = [
  { content: 'Write tests', status: 'completed' },
  { content: 'Deploy', status: 'in_progress' },
];
// The AI SDK 6 way, still honoured by AI SDK 7: the tool asks for the person's approval.
const reviewed = { todo_write: { ...todoWrite, needsApproval: true } };

/** A chat whose first turn writes `plan`, and whose second turn proposes `proposal` for review. */
async function chatInReview(): Promise<Chat<UIMessage>> {
  const model = scriptedModel([
    todoCallStep('c1', { todos: plan }),
    textStep('Planned.'),
    todoCallStep('c2', { todos: proposal }, { seed: 2 }),
    textStep('Done.'),
  ]);
  const first = new Chat<UIMessage>({ transport: inProcessTransport(model) });
  await first.sendMessage({ text: 'Plan.' });
  const chat = new Chat<UIMessage>({
    messages: first.messages,
    transport: inProcessTransport(model, { tools: reviewed }),
  });
  await chat.sendMessage({ text: 'Go on.' });
  return chat;
}

const approvalIdOf = (chat: Chat<UIMessage>): string => {
  const part = chat.messages.at(-1)!.parts.find((each) => each.type === 'tool-todo_write') as {
    approval?: { id: string };
  };
  return part.approval!.id;
};

describe('a plan waiting for review, through the real SDK stream', () => {
  it('is in review once the stream ended, with the proposal marked against the accepted list', async () => {
    const chat = await chatInReview();
    expect(chat.status).toBe('ready');
    const state = selectTodoState(chat.messages, { status: chat.status });
    expect(state).toMatchObject({ phase: 'review', toolCallId: 'c2', approvalId: approvalIdOf(chat), live: false });
    expect(state.todos.map((row) => [row.content, row.change])).toEqual([
      ['Write tests', 'completed'],
      ['Deploy', 'added'],
    ]);
    expect(state.removed.map((row) => row.content)).toEqual(['Old step']);
  });

  it('shows the controls only with addToolApprovalResponse, announces the review, and answers with the approval id', async () => {
    const chat = await chatInReview();
    const respond = vi.fn();
    // Announcements follow changes: the list is first on screen as the first turn left it.
    const { container, rerender, getByRole, findByRole } = render(
      <TodoList messages={chat.messages.slice(0, -1)} status="submitted" />,
    );
    rerender(<TodoList messages={chat.messages} status={chat.status} />);
    const root = container.querySelector('[data-todo-list]')!;
    expect(root.getAttribute('data-phase')).toBe('review');
    expect(container.querySelectorAll('button')).toHaveLength(0);
    expect(getByRole('status').textContent).toBe('The plan waits for your review.');
    rerender(<TodoList messages={chat.messages} status={chat.status} addToolApprovalResponse={respond} />);
    fireEvent.click(await findByRole('button', { name: 'Approve' }));
    expect(respond).toHaveBeenCalledWith({ id: approvalIdOf(chat), approved: true });
  });

  it('summarises the call as waiting for review', async () => {
    const chat = await chatInReview();
    const { container } = render(
      <TodoProvider messages={chat.messages} status={chat.status}>
        <TodoCallSummary toolCallId="c2" />
      </TodoProvider>,
    );
    expect(container.textContent).toBe('The plan waits for your review.');
  });

  it('is executing once approved, and then accepted', async () => {
    const chat = await chatInReview();
    await chat.addToolApprovalResponse({ id: approvalIdOf(chat), approved: true });
    expect(selectTodoState(chat.messages, { status: chat.status }).phase).toBe('executing');
    await chat.sendMessage();
    const state = selectTodoState(chat.messages, { status: chat.status });
    expect(state).toMatchObject({ phase: 'accepted' });
    expect(state.todos.map((row) => row.content)).toEqual(['Write tests', 'Deploy']);
  });

  it('is denied with the reason once changes are requested, the accepted list back, before and after the next turn', async () => {
    const chat = await chatInReview();
    await chat.addToolApprovalResponse({ id: approvalIdOf(chat), approved: false, reason: 'Keep the old step' });
    for (const turn of ['answered', 'sent']) {
      if (turn === 'sent') await chat.sendMessage();
      const state = selectTodoState(chat.messages, { status: chat.status, toolCallId: 'c2' });
      expect(state).toMatchObject({
        phase: 'rejected',
        rejection: 'denied',
        error: 'Keep the old step',
        toolCallId: 'c1',
      });
      expect(state.todos.map((row) => row.content)).toEqual(['Write tests', 'Old step']);
      const { container, unmount } = render(
        <TodoProvider messages={chat.messages} status={chat.status}>
          <TodoCallSummary toolCallId="c2" />
        </TodoProvider>,
      );
      expect(container.textContent).toBe('Changes requested: Keep the old step');
      unmount();
    }
  });

  it('is interrupted, without controls, once a new user message supersedes it', async () => {
    const chat = await chatInReview();
    const messages: UIMessage[] = [
      ...chat.messages,
      { id: 'u-next', role: 'user', parts: [{ type: 'text', text: 'Never mind.' }] },
    ];
    const state = selectTodoState(messages, { status: 'submitted', toolCallId: 'c2' });
    expect(state).toMatchObject({ phase: 'rejected', rejection: 'interrupted', toolCallId: 'c1' });
    const { container } = render(
      <TodoProvider messages={messages} status="submitted">
        <TodoList toolCallId="c2" addToolApprovalResponse={() => {}} />
      </TodoProvider>,
    );
    expect(container.querySelectorAll('button')).toHaveLength(0);
  });
});
