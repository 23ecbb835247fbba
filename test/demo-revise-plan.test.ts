import { describe, expect, it } from 'vitest';
import { Chat } from '@ai-sdk/react';
import {
  DirectChatTransport,
  isStepCount,
  lastAssistantMessageIsCompleteWithApprovalResponses,
  ToolLoopAgent,
  type UIMessage,
} from 'ai';
import { vi } from 'vitest';
import {
  createTodoWrite,
  diffTodos,
  explainTodoDenials,
  readTodos,
  selectTodoState,
  type Todo,
  todoReview,
} from '../src/index.js';
import { editAnswer } from '../src/tool/todo-edit.js';
import { revisePlan } from '../demo/agent/revise-plan.js';
import { createCodingAgentModel } from '../demo/agent/coding-agent-model.js';
import { planRequest } from '../demo/agent/plan-request.js';
import { scenarios } from '../demo/agent/scenarios.js';

const PLAN = [
  { content: 'Reproduce the flaky checkout test', status: 'in_progress' },
  { content: 'Write a failing test for the checkout test', status: 'pending' },
  { content: 'Add a changelog entry', status: 'pending' },
];

describe('revisePlan (the scripted agent takes up a reason)', () => {
  it('"Also ..." adds a task', () => {
    const revision = revisePlan(PLAN, 'Also update the user documentation');
    expect(revision.todos.map((todo) => todo.content)).toEqual([
      ...PLAN.map((todo) => todo.content),
      'Update the user documentation',
    ]);
    expect(revision.added).toEqual(['Update the user documentation']);
  });
  it('"Drop ..." drops the task it names, "Rename ... to ..." renames it; the first open task is in progress', () => {
    const revision = revisePlan(
      PLAN,
      "Drop the changelog. Rename 'Reproduce the flaky checkout test' to Run it 20 times",
    );
    expect(revision.todos).toEqual([
      { content: 'Run it 20 times', status: 'in_progress' },
      { content: 'Write a failing test for the checkout test', status: 'pending' },
    ]);
    expect(revision.dropped).toEqual(['Add a changelog entry']);
  });
  it('a drop that names no task changes nothing', () => {
    expect(revisePlan(PLAN, 'Skip the deployment').todos).toEqual(PLAN);
  });
});

describe('the demo agent with plan review (ToolLoopAgent + DirectChatTransport)', () => {
  it('its first plan waits; a reason comes back as a revised plan that waits; approved, it runs to the end', async () => {
    const { chat, state, until } = reviewedChat();
    await chat.sendMessage({ text: 'Fix the flaky checkout test' });
    await until(() => chat.status === 'ready' && state().phase === 'review');
    const first = state();
    expect(first.todos.some((row) => /documentation/i.test(row.content))).toBe(false);

    await chat.addToolApprovalResponse({
      id: first.approvalId!,
      approved: false,
      reason: 'Also update the user documentation',
    });
    await until(() => chat.status === 'ready' && state().phase === 'review' && state().approvalId !== first.approvalId);
    const revised = state();
    // Nothing was accepted yet, so every row of the proposal is new against the (empty) list.
    expect(revised.todos.map((row) => row.content)).toEqual([
      ...first.todos.map((row) => row.content),
      'Update the user documentation',
    ]);

    await chat.addToolApprovalResponse({ id: revised.approvalId!, approved: true });
    await until(
      () =>
        chat.status === 'ready' &&
        state().phase === 'accepted' &&
        state().counts.pending === 0 &&
        state().counts.in_progress === 0,
    );
    expect(state().todos.map((row) => row.content)).toContain('Update the user documentation');
  });

  it('a plan the person edited is worked through as given: their names, their order, to the end', async () => {
    const { chat, state, until, written: stored } = reviewedChat();
    await chat.sendMessage({ text: scenarios.plan.prompt });
    await until(() => chat.status === 'ready' && state().phase === 'review');
    const proposed = state().todos.map(({ content, status }) => ({ content, status }));
    // Task 1 renamed, task 2 removed, a task added and moved to the top.
    const [first, , ...rest] = proposed;
    const edited: Todo[] = [
      { content: 'Write down what the person asked for', status: 'pending' },
      { ...first!, content: `${first!.content}, carefully` },
      ...rest,
    ];
    await chat.addToolApprovalResponse(
      editAnswer(state().approvalId!, proposed, edited, { maxTodos: 50, maxContentLength: 200 })!,
    );
    await until(
      () => chat.status === 'ready' && state().phase === 'accepted' && state().counts.completed === edited.length,
    );
    const names = edited.map((todo) => todo.content);
    expect(state().todos.map((row) => row.content)).toEqual(names);
    expect(readTodos(chat.messages)).toEqual(names.map((content) => ({ content, status: 'completed' })));
    expect(stored[0]).toEqual(edited);
    // From the edit on, the agent started each task in the person's order, one at a time.
    const started = stored.slice(1).flatMap((todos) => todos.filter((todo) => todo.status === 'in_progress'));
    expect([...new Set(started.map((todo) => todo.content))]).toEqual(names);
    expect(stored.every((todos) => todos.map((todo) => todo.content).join('\n') === names.join('\n'))).toBe(true);
  });
});

/** The demo's offline agent with "Review plans" on, as the page runs it; `written` holds every list the tool accepted. */
function reviewedChat() {
  const written: Todo[][] = [];
  const tools = { todo_write: createTodoWrite({ onWrite: (todos) => void written.push(todos) }) };
  const agent = new ToolLoopAgent({
    model: createCodingAgentModel({ scenario: scenarios.plan, speed: Infinity }),
    tools,
    toolApproval: { todo_write: todoReview('first-plan') },
    prepareStep: ({ messages }) => ({ messages: explainTodoDenials(messages) }),
    stopWhen: isStepCount(60),
  });
  const chat = new Chat<UIMessage>({
    transport: new DirectChatTransport({ agent }) as never,
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
  });
  const state = () => selectTodoState(chat.messages, { status: chat.status });
  const until = (check: () => boolean) =>
    vi.waitFor(
      () => {
        if (!check()) throw new Error('not yet');
      },
      { timeout: 20_000, interval: 10 },
    );
  return { chat, state, until, written };
}

/** What the agent said in its answer, in order. */
function agentTexts(messages: readonly UIMessage[]): string[] {
  return messages.flatMap((message) =>
    message.role === 'assistant' ? message.parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])) : [],
  );
}

describe('after the person edits the plan, the scripted agent works through exactly their tasks', () => {
  const REQUEST = 'Add a dark mode toggle to the settings page';
  const ADDED = 'Add a changelog entry';
  // The plan for this request scripts a task added, one renamed and one dropped along the way.
  const plan = planRequest(REQUEST).tasks.map((task) => task.content);

  describe.each([
    {
      edit: 'task 1 renamed, task 2 removed, a task added and moved to the top',
      change: (proposed: Todo[]): Todo[] => [
        { content: ADDED, status: 'pending' },
        { ...proposed[0]!, content: 'Read how the settings page loads its theme' },
        ...proposed.slice(2),
      ],
    },
    {
      edit: 'task 1 renamed and still first, task 2 removed, a task added and moved up one place',
      change: (proposed: Todo[]): Todo[] => [
        { ...proposed[0]!, content: 'Read how the settings page loads its theme' },
        ...proposed.slice(2, -1),
        { content: ADDED, status: 'pending' },
        proposed.at(-1)!,
      ],
    },
  ])('$edit', ({ change }) => {
    it('every list after the edit keeps every task verbatim, in their order, and moves one task forward', async () => {
      const { chat, state, until, written } = reviewedChat();
      await chat.sendMessage({ text: REQUEST });
      await until(() => chat.status === 'ready' && state().phase === 'review');
      const proposed = state().todos.map(({ content, status }) => ({ content, status }) as Todo);
      expect(proposed.map((todo) => todo.content)).toEqual(plan);
      const edited = change(proposed);
      const kept = edited.map((todo) => todo.content);
      // The tasks the plan would have reworded or dropped are among the person's.
      expect(kept).toEqual(
        expect.arrayContaining(['Write tests for the dark mode toggle', 'Document the dark mode toggle']),
      );

      await chat.addToolApprovalResponse(
        editAnswer(state().approvalId!, proposed, edited, { maxTodos: 50, maxContentLength: 200 })!,
      );
      // Run to the end, whatever the list became.
      await until(
        () =>
          chat.status === 'ready' &&
          state().phase === 'accepted' &&
          state().counts.pending === 0 &&
          state().counts.in_progress === 0,
      );

      expect(written[0]).toEqual(edited);
      for (const list of written) expect(list.map((todo) => todo.content)).toEqual(kept);
      const finished: string[] = [];
      for (let index = 1; index < written.length; index++) {
        const changes = diffTodos(written[index - 1]!, written[index]!);
        // Never a call that changes nothing; a step completes one task and starts the next.
        expect(Object.values(changes).flat().length).toBeGreaterThan(0);
        expect(changes.added).toEqual([]);
        expect(changes.removed).toEqual([]);
        expect(changes.completed.length).toBeLessThanOrEqual(1);
        expect(changes.started.length).toBeLessThanOrEqual(1);
        finished.push(...changes.completed.map((todo) => todo.content));
      }
      // Each task was finished once, in the person's order.
      expect(finished).toEqual(kept);
      expect(readTodos(chat.messages)).toEqual(kept.map((content) => ({ content, status: 'completed' })));

      const said = agentTexts(chat.messages);
      expect(said.filter((text) => text.startsWith('Working from your edited plan'))).toHaveLength(1);
      expect(said.at(-1)).toBe('Done: every task of your plan is finished.');
      // Nothing it says tells of a task the person did not keep.
      expect(said.join('\n')).not.toMatch(/config option|unit and end-to-end/);
    });
  });
});
