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
  explainTodoDenials,
  readTodos,
  selectTodoState,
  type Todo,
  todoReview,
} from '../src/index.js';
import { editAnswer } from '../src/tool/todo-edit.js';
import { revisePlan } from '../demo/agent/revise-plan.js';
import { createScriptedModel } from '../demo/agent/scripted-model.js';
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
    const tools = { todo_write: createTodoWrite() };
    const agent = new ToolLoopAgent({
      model: createScriptedModel({ scenario: scenarios.plan, speed: Infinity }),
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
    const stored: Todo[][] = [];
    const tools = { todo_write: createTodoWrite({ onWrite: (todos) => void stored.push(todos) }) };
    const agent = new ToolLoopAgent({
      model: createScriptedModel({ scenario: scenarios.plan, speed: Infinity }),
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
