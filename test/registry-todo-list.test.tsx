import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useChat } from '@ai-sdk/react';
import type { ReactNode } from 'react';
import { TodoList } from '../registry/components/ai/todo-list.js';
import type { Todo } from '../src/index.js';
import { createReviewHarness, say, write } from './compat/shared/review-harness.js';

vi.setConfig({ testTimeout: 30_000 });
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});
afterEach(cleanup);

const PLAN: Todo[] = [
  { content: 'Read the pager code', status: 'in_progress' },
  { content: 'Fix the off-by-one', status: 'pending' },
];

function Page({ harness }: { harness: ReturnType<typeof createReviewHarness> }): ReactNode {
  const { messages, status, addToolApprovalResponse } = useChat({ chat: harness.chat as never });
  return <TodoList messages={messages} status={status} addToolApprovalResponse={addToolApprovalResponse} />;
}

describe('the shadcn registry item with a plan that waits', () => {
  it('offers Approve, Request changes and Edit plan; an edited plan is what runs', async () => {
    const harness = createReviewHarness({
      route: 'toolApproval',
      policy: 'first-plan',
      steps: [write('call-1', PLAN), say('On it.')],
    });
    const view = render(<Page harness={harness} />);
    await harness.chat.sendMessage({ text: 'Fix the pager' });
    await harness.settle(1);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit plan' })).toBeTruthy());
    expect(screen.getByText('This plan waits for your review.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Request changes' })).toBeTruthy();
    // Nothing spins while it waits.
    expect(view.container.querySelector('.animate-spin')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Edit plan' }));
    // The editor loads when "Edit plan" is first pressed.
    fireEvent.change(await screen.findByRole('textbox', { name: 'Task 2' }), {
      target: { value: 'Fix the pager math' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await harness.settle(2);
    expect(harness.stored).toEqual([
      { toolCallId: 'call-1', todos: [PLAN[0], { content: 'Fix the pager math', status: 'pending' }] },
    ]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull());
    expect(
      [...view.container.querySelectorAll('[data-slot="todo-item"]')].map((row) => row.textContent?.split(' (')[0]),
    ).toEqual(['Read the pager code', 'Fix the pager math']);
  });
});

describe('the shadcn registry item when the person requests changes', () => {
  it('says so calmly: no alert, as it is their own answer', async () => {
    const harness = createReviewHarness({
      route: 'toolApproval',
      policy: 'first-plan',
      steps: [write('call-1', PLAN), say('What should I change?')],
    });
    render(<Page harness={harness} />);
    await harness.chat.sendMessage({ text: 'Fix the pager' });
    await harness.settle(1);
    const approvalId = harness.state().approvalId!;
    await harness.chat.addToolApprovalResponse({ id: approvalId, approved: false, reason: 'Split the fix' });
    await harness.settle(2);
    await waitFor(() => expect(screen.getByText('Changes requested; this is the list before them.')).toBeTruthy());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
