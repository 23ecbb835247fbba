import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { useChat } from '@ai-sdk/react';
import type { ReactNode } from 'react';
import { TodoList } from '../src/react.js';
import { TodoReviewControls } from '../src/react.js';
import { useTodoReview } from '../src/react.js';
import { readTodos } from '../src/index.js';
import { readTodoEdit } from '../src/index.js';
import type { Todo } from '../src/index.js';
import { createReviewHarness, say, write } from './compat/shared/review-harness.js';
import { reviewState } from './support/review-state.js';
import { createRoot } from 'react-dom/client';
import { TodoPlanEditor } from '../src/react/todo-plan-editor.js';
import { DEFAULT_REVIEW_LABELS } from '../src/text/todo-labels.js';

vi.setConfig({ testTimeout: 30_000 });
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});
afterEach(cleanup);

const PLAN: Todo[] = [
  { content: 'Read the pager code', status: 'in_progress' },
  { content: 'Rewrite the whole pager', status: 'pending' },
  { content: 'Fix the off-by-one', status: 'pending' },
];

function Page({ harness, labels }: { harness: ReturnType<typeof createReviewHarness>; labels?: object }): ReactNode {
  const { messages, status, addToolApprovalResponse } = useChat({ chat: harness.chat as never });
  return (
    <TodoList
      messages={messages}
      status={status}
      addToolApprovalResponse={addToolApprovalResponse}
      labels={labels ? { review: labels } : undefined}
    />
  );
}

async function waitingPage(labels?: object) {
  const harness = createReviewHarness({
    route: 'toolApproval',
    policy: 'first-plan',
    steps: [write('call-1', PLAN), say('On it.')],
  });
  const view = render(<Page harness={harness} labels={labels} />);
  await harness.chat.sendMessage({ text: 'Fix the pager' });
  await harness.settle(1);
  await waitFor(() => expect(screen.getByRole('button', { name: 'Approve' })).toBeTruthy());
  return { harness, view };
}

/** Presses "Edit plan" (or its label) and waits for the editor, which loads on that first press. */
async function editPlan(label = 'Edit plan'): Promise<void> {
  // The controls load on first use: the query waits for them.
  fireEvent.click(await screen.findByRole('button', { name: label }));
  await screen.findByRole('form');
}

const field = (n: number): HTMLInputElement => screen.getByRole('textbox', { name: `Task ${n}` }) as HTMLInputElement;
const fieldValues = (): string[] =>
  screen.queryAllByRole('textbox').map((element) => (element as HTMLInputElement).value);
const rowTexts = (container: HTMLElement): string[] =>
  [...container.querySelectorAll('[data-todo-item] [data-todo-content]')].map((row) => row.textContent ?? '');

describe('editing a waiting plan, on a real useChat', () => {
  it('"Edit plan" sits next to Approve and Request changes and shows each task as a field, focus on the first', async () => {
    await waitingPage();
    const group = screen.getByRole('group', { name: 'Review the plan' });
    expect([...group.querySelectorAll('button')].map((button) => button.textContent)).toEqual([
      'Approve',
      'Request changes',
      'Edit plan',
    ]);
    const editButton = screen.getByRole('button', { name: 'Edit plan' });
    editButton.focus();
    fireEvent.click(editButton);
    // The editor loads on this first press; until it is there, the plan and focus stay as they were.
    expect(screen.queryByRole('form')).toBeNull();
    expect(document.activeElement).toBe(editButton);
    expect(rowTexts(document.body)).toEqual(PLAN.map((todo) => todo.content));
    await screen.findByRole('form', { name: 'Edit the plan' });
    expect(fieldValues()).toEqual(PLAN.map((todo) => todo.content));
    await waitFor(() => expect(document.activeElement).toBe(field(1)));
    for (const name of ['Remove task 1', 'Move task 1 up', 'Move task 3 down', 'Add task', 'Approve', 'Cancel'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
  });

  it('rename, remove, add, move to the top, approve: the tool stores exactly that list, and the checklist shows it', async () => {
    const { harness, view } = await waitingPage();
    await editPlan();
    fireEvent.change(field(1), { target: { value: 'Read the pager code first' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove task 2' }));
    expect(document.activeElement).toBe(field(2));
    fireEvent.click(screen.getByRole('button', { name: 'Add task' }));
    expect(document.activeElement).toBe(field(3));
    fireEvent.change(field(3), { target: { value: 'Add a failing test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Move task 3 up' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move task 2 up' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move task 2 up' }));
    expect(fieldValues()).toEqual(['Add a failing test', 'Read the pager code first', 'Fix the off-by-one']);
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await harness.settle(2);

    const edited: Todo[] = [
      { content: 'Add a failing test', status: 'pending' },
      { content: 'Read the pager code first', status: 'in_progress' },
      { content: 'Fix the off-by-one', status: 'pending' },
    ];
    expect(harness.stored).toEqual([{ toolCallId: 'call-1', todos: edited }]);
    expect(readTodos(harness.chat.messages as never)).toEqual(edited);
    await waitFor(() =>
      expect(view.container.querySelector('[data-todo-list]')?.getAttribute('data-phase')).toBe('accepted'),
    );
    expect(rowTexts(view.container)).toEqual(edited.map((todo) => todo.content));
    expect(harness.toolResultsSeenBy(2)[0]?.output).toMatchObject({ value: { edited_by_user: edited } });
  });

  it('a broken rule shows next to its field, disables Approve, and nothing is sent', async () => {
    const { harness } = await waitingPage();
    await editPlan();
    const approve = screen.getByRole('button', { name: 'Approve' }) as HTMLButtonElement;
    fireEvent.change(field(2), { target: { value: '   ' } });
    expect(field(2).getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(field(2).getAttribute('aria-describedby')!)?.textContent).toBe(
      'Write the task, or remove it.',
    );
    expect(approve.disabled).toBe(true);
    fireEvent.change(field(2), { target: { value: 'Fix the off-by-one ' } });
    expect(document.getElementById(field(3).getAttribute('aria-describedby')!)?.textContent).toBe(
      'Another task says the same.',
    );
    fireEvent.submit(approve.closest('form')!);
    fireEvent.click(approve);
    expect(harness.prompts).toHaveLength(1);
    expect(harness.chat.messages.at(-1)?.parts.find((part) => part.type === 'tool-todo_write')?.state).toBe(
      'approval-requested',
    );
    fireEvent.change(field(2), { target: { value: 'Rewrite the pager' } });
    expect(field(2).hasAttribute('aria-invalid')).toBe(false);
    expect(approve.disabled).toBe(false);
  });

  it('Enter moves to the next field; Escape cancels, restores the proposal and gives focus back to "Edit plan"', async () => {
    const { harness } = await waitingPage();
    await editPlan();
    fireEvent.change(field(1), { target: { value: 'Something else' } });
    fireEvent.keyDown(field(1), { key: 'Enter' });
    expect(document.activeElement).toBe(field(2));
    fireEvent.keyDown(field(3), { key: 'Enter' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Approve' }));
    fireEvent.keyDown(field(2), { key: 'Escape' });
    expect(screen.queryByRole('form', { name: 'Edit the plan' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit plan' })));
    await editPlan();
    expect(fieldValues()).toEqual(PLAN.map((todo) => todo.content));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(harness.prompts).toHaveLength(1);
  });

  it('the labels translate like the others', async () => {
    await waitingPage({
      editPlan: 'Plan bearbeiten',
      task: (n: number) => `Aufgabe ${n}`,
      removeTask: (n: number) => `Aufgabe ${n} entfernen`,
      addTask: 'Aufgabe hinzufügen',
      emptyTask: 'Die Aufgabe ist leer.',
    });
    await editPlan('Plan bearbeiten');
    fireEvent.click(screen.getByRole('button', { name: 'Aufgabe hinzufügen' }));
    const added = screen.getByRole('textbox', { name: 'Aufgabe 4' });
    expect(document.activeElement).toBe(added);
    expect(document.getElementById(added.getAttribute('aria-describedby')!)?.textContent).toBe('Die Aufgabe ist leer.');
    expect(screen.getByRole('button', { name: 'Aufgabe 4 entfernen' })).toBeTruthy();
  });

  it('"Add task" stops at maxTodos and says why', async () => {
    const harness = createReviewHarness({
      route: 'toolApproval',
      policy: 'first-plan',
      steps: [write('call-1', PLAN)],
    });
    function Capped(): ReactNode {
      const { messages, status, addToolApprovalResponse } = useChat({ chat: harness.chat as never });
      return (
        <TodoList
          messages={messages}
          status={status}
          tool={{ maxTodos: 3 }}
          addToolApprovalResponse={addToolApprovalResponse}
        />
      );
    }
    render(<Capped />);
    await harness.chat.sendMessage({ text: 'Fix the pager' });
    await harness.settle(1);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit plan' })).toBeTruthy());
    await editPlan();
    const add = screen.getByRole('button', { name: 'Add task' });
    expect(add.getAttribute('aria-disabled')).toBe('true');
    expect(document.getElementById(add.getAttribute('aria-describedby')!)?.textContent).toBe(
      'A plan holds at most 3 tasks.',
    );
    fireEvent.click(add);
    expect(fieldValues()).toHaveLength(3);
  });
});

describe('<TodoReviewControls> on its own', () => {
  it('offers "Edit plan" for todo_write\'s plan, whose limits it holds an edit to, not another agent\'s', async () => {
    const onRespond = vi.fn();
    const other = { name: 'write_todos', list: 'todos', text: 'content' };
    const { rerender } = render(
      <TodoReviewControls state={reviewState('approval-1', PLAN, other)} onRespond={onRespond} />,
    );
    expect(await screen.findByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit plan' })).toBeNull();
    rerender(<TodoReviewControls state={reviewState('approval-1', PLAN)} onRespond={onRespond} />);
    await editPlan();
    fireEvent.click(screen.getByRole('button', { name: 'Remove task 3' }));
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(onRespond).toHaveBeenCalledTimes(1);
    expect(onRespond.mock.calls[0]![0]).toMatchObject({ id: 'approval-1', approved: true });
    expect(readTodoEdit(onRespond.mock.calls[0]![0].reason)).toEqual(PLAN.slice(0, 2));
  });
});

describe("the editor holds an edit to the tool's own limits", () => {
  it('takes maxTodos and maxContentLength from the settings the plan was read with', async () => {
    const onRespond = vi.fn();
    const settings = { maxTodos: 3, maxContentLength: 30 };
    render(<TodoReviewControls state={reviewState('approval-1', PLAN, settings)} onRespond={onRespond} />);
    await editPlan();
    expect(field(1).maxLength).toBe(30);
    expect(screen.getByRole('button', { name: 'Add task' }).getAttribute('aria-disabled')).toBe('true');
    fireEvent.change(field(2), { target: { value: 'Rewrite the whole pager, every line of it' } });
    expect(document.getElementById(field(2).getAttribute('aria-describedby')!)?.textContent).toBe(
      'At most 30 characters.',
    );
    expect((screen.getByRole('button', { name: 'Approve' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

// A render outside an event leaves its effects for later; a press that lands first (a fast hand, a busy
// page) must still move focus where it says.
describe("a press before the editor's effects ran", () => {
  /** Runs `press` on the element as soon as it is in the page, before React's effects for that render. */
  function onceShown(selector: string, press: (element: HTMLElement) => void): Promise<void> {
    return new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        const element = document.querySelector<HTMLElement>(selector);
        if (!element) return;
        observer.disconnect();
        press(element);
        resolve();
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
  }
  async function staysOn(target: HTMLElement): Promise<void> {
    await waitFor(() => expect(document.activeElement).toBe(target));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement).toBe(target);
  }

  it('"Add task" focuses the task it added', async () => {
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    const pressed = onceShown('[data-todo-edit-add]', (add) => add.click());
    root.render(
      <TodoPlanEditor
        proposed={PLAN}
        limits={{ maxTodos: 50, maxContentLength: 200 }}
        labels={DEFAULT_REVIEW_LABELS}
        busy={false}
        onApprove={() => {}}
        onCancel={() => {}}
      />,
    );
    await pressed;
    await staysOn(await screen.findByRole('textbox', { name: 'Task 4' }));
    root.unmount();
    container.remove();
  });

  it('Escape gives focus back to "Edit plan"', async () => {
    render(<TodoReviewControls state={reviewState('approval-1', PLAN)} onRespond={() => {}} />);
    const pressed = onceShown('[data-todo-edit-form]', (form) =>
      form.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Edit plan' }));
    await pressed;
    await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
    await staysOn(screen.getByRole('button', { name: 'Edit plan' }));
  });
});

describe('useTodoReview for an editor of your own', () => {
  it('offers the proposal, checks an edit, and approves it only when it follows the rules', async () => {
    const harness = createReviewHarness({
      route: 'toolApproval',
      policy: 'first-plan',
      steps: [write('call-1', PLAN), say('On it.')],
    });
    await harness.chat.sendMessage({ text: 'Fix the pager' });
    await harness.settle(1);
    const { selectTodoState } = await import('../src/index.js');
    const respond = vi.fn((response: Parameters<typeof harness.chat.addToolApprovalResponse>[0]) =>
      harness.chat.addToolApprovalResponse(response),
    );
    const state = selectTodoState(harness.chat.messages, { status: harness.chat.status });
    const { result } = renderHook(() => useTodoReview(state, respond));
    const review = result.current!;
    expect(review.todos).toEqual(PLAN);
    const broken: Todo[] = [{ content: '', status: 'pending' }];
    expect(review.check(broken)).toEqual({ valid: false, items: ['empty'], tooMany: false });
    expect(review.approveEdited(broken)).toBe(false);
    expect(respond).not.toHaveBeenCalled();
    const edited: Todo[] = [PLAN[0]!, { content: 'Write the changelog', status: 'pending' }];
    expect(review.approveEdited(edited)).toBe(true);
    await harness.settle(2);
    expect(harness.stored).toEqual([{ toolCallId: 'call-1', todos: edited }]);
  });
});
