import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { useChat } from '@ai-sdk/react';
import type { ReactNode } from 'react';
import { TodoReviewControls } from '../src/react.js';
import { TodoList } from '../src/react.js';
import { TodoCallSummary } from '../src/react.js';
import { TodoProvider } from '../src/react.js';
import { useTodoReview } from '../src/react.js';
import { selectTodoState } from '../src/index.js';
import type { Todo } from '../src/index.js';
import { createReviewHarness, say, write } from './compat/shared/review-harness.js';
import { reviewState } from './support/review-state.js';

vi.setConfig({ testTimeout: 30_000 });
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});
afterEach(cleanup);

const PLAN: Todo[] = [
  { content: 'Read the pager code', status: 'in_progress' },
  { content: 'Fix the off-by-one', status: 'pending' },
];
const REVISED: Todo[] = [...PLAN, { content: 'Update the user documentation', status: 'pending' }];
const DONE: Todo[] = REVISED.map((todo) => ({ ...todo, status: 'completed' }));

function Page({
  harness,
  withControls = true,
}: {
  harness: ReturnType<typeof createReviewHarness>;
  withControls?: boolean;
}): ReactNode {
  const { messages, status, addToolApprovalResponse } = useChat({ chat: harness.chat as never });
  const calls = messages.flatMap((message) =>
    message.parts.flatMap((part) => (part.type === 'tool-todo_write' ? [part.toolCallId] : [])),
  );
  return (
    <TodoProvider messages={messages} status={status}>
      <TodoList addToolApprovalResponse={withControls ? addToolApprovalResponse : undefined} />
      {calls.map((toolCallId) => (
        <TodoCallSummary key={toolCallId} toolCallId={toolCallId} />
      ))}
    </TodoProvider>
  );
}

async function waitingPage(withControls = true) {
  const harness = createReviewHarness({
    route: 'toolApproval',
    policy: 'first-plan',
    steps: [write('call-1', PLAN), write('call-2', REVISED), write('call-3', DONE), say('Done.')],
  });
  const view = render(<Page harness={harness} withControls={withControls} />);
  await harness.chat.sendMessage({ text: 'Fix the pager' });
  await harness.settle(1);
  await waitFor(() =>
    expect(view.container.querySelector('[data-todo-list]')?.getAttribute('data-phase')).toBe('review'),
  );
  // The controls load on first use: the page is ready once they show.
  if (withControls) await screen.findByRole('group', { name: 'Review the plan' });
  return { harness, view };
}

describe('a plan waiting for review, on a real useChat', () => {
  it('shows the proposal with its changes, the two controls, and announces that it waits', async () => {
    const { view } = await waitingPage();
    // The controls load with the first list given addToolApprovalResponse.
    expect(await screen.findByRole('group', { name: 'Review the plan' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Request changes' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('The plan waits for your review.');
    expect(
      [...view.container.querySelectorAll('[data-todo-item]')].map((row) => row.getAttribute('data-change')),
    ).toEqual(['added', 'added']);
    expect(document.querySelector('[data-todo-call-summary]')!.textContent).toBe('The plan waits for your review.');
  });

  it('without addToolApprovalResponse it just shows as waiting, with no controls', async () => {
    await waitingPage(false);
    expect(screen.queryByRole('group', { name: 'Review the plan' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('"Request changes" reveals a labelled field with focus; submitting sends the reason (Enter: see the browser test); the revision waits; Approve runs it to the end', async () => {
    const { harness } = await waitingPage();
    fireEvent.click(screen.getByRole('button', { name: 'Request changes' }));
    const field = screen.getByRole('textbox', { name: 'What should change?' });
    expect(document.activeElement).toBe(field);
    fireEvent.change(field, { target: { value: 'Also update the user documentation' } });
    fireEvent.submit(field.closest('form')!);
    await harness.settle(2);
    await waitFor(() => expect(screen.getByText('Changes requested: Also update the user documentation')).toBeTruthy());
    // The revision is the proposal now, with the new task marked.
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(3));
    expect(screen.getByRole('button', { name: 'Approve' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await harness.settle(4);
    await waitFor(() => expect(screen.getByText('3 of 3 completed')).toBeTruthy());
    expect(screen.queryByRole('group', { name: 'Review the plan' })).toBeNull();
  });

  it('an answer given from the controls leaves focus on the list, not on the page', async () => {
    const { harness, view } = await waitingPage();
    const list = view.container.querySelector<HTMLElement>('[data-todo-list]')!;
    expect(list.tabIndex).toBe(-1);
    screen.getByRole('button', { name: 'Request changes' }).focus();
    fireEvent.click(screen.getByRole('button', { name: 'Request changes' }));
    const field = screen.getByRole('textbox', { name: 'What should change?' });
    fireEvent.change(field, { target: { value: 'Also update the user documentation' } });
    fireEvent.submit(field.closest('form')!);
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Review the plan' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(list));
    await harness.settle(2);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Approve' })).toBeTruthy());
    const approve = screen.getByRole('button', { name: 'Approve' });
    approve.focus();
    fireEvent.click(approve);
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Review the plan' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(list));
  });

  it('takes no focus when the answer came from elsewhere, and is not focusable without controls', async () => {
    await waitingPage();
    const outside = document.createElement('button');
    document.body.append(outside);
    outside.focus();
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Review the plan' })).toBeNull());
    expect(document.activeElement).toBe(outside);
    outside.remove();
    cleanup();
    await waitingPage(false);
    expect(document.querySelector<HTMLElement>('[data-todo-list]')!.hasAttribute('tabindex')).toBe(false);
  });

  it('Escape closes the field and gives focus back to "Request changes"', async () => {
    await waitingPage();
    fireEvent.click(screen.getByRole('button', { name: 'Request changes' }));
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'What should change?' }), { key: 'Escape' });
    expect(screen.queryByRole('textbox')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Request changes' })));
  });
});

describe('TodoReviewControls', () => {
  it('answers once, in the shape of addToolApprovalResponse, reason trimmed', async () => {
    const onRespond = vi.fn();
    render(<TodoReviewControls state={reviewState('ap1', PLAN)} onRespond={onRespond} />);
    // The controls load on first use: the first query waits for them.
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(onRespond.mock.calls).toEqual([[{ id: 'ap1', approved: true }]]);
    expect(screen.getByRole('button', { name: 'Approve' }).getAttribute('aria-disabled')).toBe('true');
  });
  it('sends a denial with the typed reason, or without one when the field is empty', async () => {
    const onRespond = vi.fn();
    const view = render(<TodoReviewControls state={reviewState('ap1', PLAN)} onRespond={onRespond} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Request changes' }));
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '  Drop the deploy step ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    view.rerender(<TodoReviewControls state={reviewState('ap2', PLAN)} onRespond={onRespond} />);
    fireEvent.click(screen.getByRole('button', { name: 'Request changes' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onRespond.mock.calls).toEqual([
      [{ id: 'ap1', approved: false, reason: 'Drop the deploy step' }],
      [{ id: 'ap2', approved: false }],
    ]);
  });
  it('takes labels and class names per slot', async () => {
    render(
      <TodoReviewControls
        state={reviewState('ap1', PLAN)}
        onRespond={() => {}}
        labels={{
          review: { approve: 'Freigeben', requestChanges: 'Änderungen anfragen', reason: 'Was soll anders sein?' },
        }}
        classNames={{ review: 'r', approve: 'a', requestChanges: 'c' }}
      />,
    );
    expect((await screen.findByRole('group')).className).toBe('r');
    expect(screen.getByRole('button', { name: 'Freigeben' }).className).toBe('a');
    fireEvent.click(screen.getByRole('button', { name: 'Änderungen anfragen' }));
    expect(screen.getByRole('textbox', { name: 'Was soll anders sein?' })).toBeTruthy();
  });
});

describe('useTodoReview', () => {
  const waiting = selectTodoState(
    [
      {
        parts: [
          {
            type: 'tool-todo_write',
            toolCallId: 'c1',
            state: 'approval-requested',
            input: { todos: PLAN },
            approval: { id: 'ap1' },
          },
        ],
      },
    ],
    { status: 'ready' },
  );
  it('gives the approval id and two answers while a plan waits', async () => {
    const respond = vi.fn();
    const { result } = renderHook(() => useTodoReview(waiting, respond));
    expect(result.current?.approvalId).toBe('ap1');
    await result.current?.approve();
    await result.current?.requestChanges('Add a docs task');
    expect(respond.mock.calls).toEqual([
      [{ id: 'ap1', approved: true }],
      [{ id: 'ap1', approved: false, reason: 'Add a docs task' }],
    ]);
  });
  it('is undefined in any other phase, or without a respond function', () => {
    expect(renderHook(() => useTodoReview(selectTodoState([]), vi.fn())).result.current).toBeUndefined();
    expect(renderHook(() => useTodoReview(waiting, undefined)).result.current).toBeUndefined();
  });
});
