/**
 * The Next.js example's agent with no API key (`examples/next-chat/lib/scripted-agent.ts`), run as its route runs
 * it (todo_write, the first plan reviewed when asked, denials explained): it plans with todo_write, works the plan
 * one task per call to the end, stops at a refused call until "continue", takes a plan sent back with a reason, and
 * works a plan the person edited as they wrote it.
 */
import { Chat } from '@ai-sdk/react';
import {
  DirectChatTransport,
  isStepCount,
  lastAssistantMessageIsCompleteWithApprovalResponses,
  ToolLoopAgent,
  type UIMessage,
} from 'ai';
import { describe, expect, it, vi } from 'vitest';
import { createScriptedAgent } from '../examples/next-chat/lib/scripted-agent.js';
import { LOGIN_LIMIT_PLAN, RENAME_COLUMN_PLAN } from '../examples/next-chat/lib/scripted-plans.js';
import {
  createTodoWrite,
  explainTodoDenials,
  readTodos,
  selectTodoState,
  type Todo,
  todoEditReason,
  todoReview,
} from '../src/index.js';

function chatWithAgent(options: { review?: boolean } = {}) {
  const written: Todo[][] = [];
  const tools = { todo_write: createTodoWrite({ onWrite: (todos) => void written.push(todos) }) };
  const agent = new ToolLoopAgent({
    model: createScriptedAgent(Infinity),
    tools,
    ...(options.review ? { toolApproval: { todo_write: todoReview('first-plan') } } : {}),
    prepareStep: ({ messages }) => ({ messages: explainTodoDenials(messages) }),
    stopWhen: isStepCount(40),
  });
  const chat = new Chat<UIMessage>({
    transport: new DirectChatTransport({ agent }) as never,
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
  });
  const state = () => selectTodoState(chat.messages, { status: chat.status });
  const settled = () =>
    vi.waitFor(
      () => {
        if (chat.status !== 'ready') throw new Error('still answering');
      },
      { timeout: 20_000, interval: 10 },
    );
  const send = async (text: string) => {
    await chat.sendMessage({ text });
    await settled();
  };
  const texts = () =>
    chat.messages.flatMap((message) =>
      message.role === 'assistant' ? message.parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])) : [],
    );
  return { chat, state, send, settled, texts, written };
}

const contents = (plan: { tasks: readonly { content: string }[] }) => plan.tasks.map((task) => task.content);
const allCompleted = (names: readonly string[]) => names.map((content) => ({ content, status: 'completed' }));

describe('with no API key, the example answers with its scripted agent', () => {
  it('plans any request with todo_write and finishes it one task per call, every call accepted', async () => {
    const { chat, send, texts, written } = chatWithAgent();
    await send('Add dark mode');
    expect(readTodos(chat.messages)).toEqual(allCompleted(contents(LOGIN_LIMIT_PLAN)));
    // The plan, then one update per task.
    expect(written).toHaveLength(LOGIN_LIMIT_PLAN.tasks.length + 1);
    expect(written.every((todos) => todos.filter((todo) => todo.status === 'in_progress').length <= 1)).toBe(true);
    expect(texts().at(-1)).toBe(LOGIN_LIMIT_PLAN.summary);
  });

  it('ends the rename on a call the tool refuses, keeps the last accepted list, and finishes after "continue"', async () => {
    const { chat, state, send, texts } = chatWithAgent();
    await send(RENAME_COLUMN_PLAN.prompt);
    expect(state().phase).toBe('rejected');
    expect(readTodos(chat.messages).map((todo) => todo.status)).toEqual([
      'completed',
      'in_progress',
      'pending',
      'pending',
    ]);
    expect(texts().at(-1)).toMatch(/rejected[\s\S]*continue/);
    await send('continue');
    expect(readTodos(chat.messages)).toEqual(allCompleted(contents(RENAME_COLUMN_PLAN)));
    expect(texts().at(-1)).toBe(RENAME_COLUMN_PLAN.summary);
  });

  it('with review on, a plan sent back with a reason comes back revised, and approved it runs to the end', async () => {
    const { chat, state, send, settled } = chatWithAgent({ review: true });
    await send(LOGIN_LIMIT_PLAN.prompt);
    expect(state().phase).toBe('review');
    await chat.addToolApprovalResponse({
      id: state().approvalId!,
      approved: false,
      reason: 'Also update the user documentation',
    });
    await settled();
    expect(state().phase).toBe('review');
    await chat.addToolApprovalResponse({ id: state().approvalId!, approved: true });
    await settled();
    expect(readTodos(chat.messages)).toEqual(
      allCompleted([...contents(LOGIN_LIMIT_PLAN), 'Update the user documentation']),
    );
  });

  it('works a plan the person edited in their order, and never changes its tasks', async () => {
    const { chat, state, send, settled, written } = chatWithAgent({ review: true });
    await send(LOGIN_LIMIT_PLAN.prompt);
    const edited = [
      { content: 'Write the tests first', status: 'pending' as const },
      { content: 'Add the limiter', status: 'pending' as const },
    ];
    await chat.addToolApprovalResponse({ id: state().approvalId!, approved: true, reason: todoEditReason(edited) });
    await settled();
    const names = edited.map((todo) => todo.content);
    expect(readTodos(chat.messages)).toEqual(allCompleted(names));
    expect(written.every((todos) => todos.map((todo) => todo.content).join('\n') === names.join('\n'))).toBe(true);
  });

  it('on "continue" before any plan, writes the plan', async () => {
    const { chat, send } = chatWithAgent();
    await send('continue');
    expect(readTodos(chat.messages)).toEqual(allCompleted(contents(LOGIN_LIMIT_PLAN)));
  });
});
