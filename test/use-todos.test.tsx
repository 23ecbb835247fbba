import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, renderHook, waitFor } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { useChat } from '@ai-sdk/react';
import { useTodos } from '../src/react.js';
import type { TodoState } from '../src/index.js';
import { todoWrite } from '../src/index.js';
import { inProcessTransport, scriptedModel, textStep, todoCallStep, TRICKY_PLAN } from './support/stream-todo-call.js';

// Real streams on a shared machine: generous, not a speed assertion.
vi.setConfig({ testTimeout: 30_000 });

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});
afterEach(cleanup);

function renderTodosPage(steps: Parameters<typeof scriptedModel>[0], toolName?: string) {
  const states: TodoState[] = [];
  const statuses: string[] = [];
  let send!: (text: string) => Promise<void>;
  let stop!: () => Promise<void>;
  function Page(): ReactNode {
    const [transport] = useState(() =>
      inProcessTransport(
        scriptedModel(steps, { chunkDelayInMs: 1 }),
        toolName ? { tools: { [toolName]: todoWrite } } : {},
      ),
    );
    const chat = useChat({ transport });
    const state = useTodos(chat.messages, { status: chat.status, tool: toolName });
    states.push(state);
    statuses.push(chat.status);
    send = (text) => chat.sendMessage({ text });
    stop = chat.stop;
    return null;
  }
  render(<Page />);
  return { states, statuses, send: (text: string) => send(text), stop: () => stop() };
}

describe('useTodos with useChat', () => {
  it('follows the call as it streams and ends accepted', async () => {
    const page = renderTodosPage([todoCallStep('c1', { todos: TRICKY_PLAN }), textStep('Done.')]);
    await page.send('plan');
    await waitFor(() => expect(page.statuses.at(-1)).toBe('ready'));
    expect(page.states.some((state) => state.phase === 'streaming' && state.todos.length > 0)).toBe(true);
    const last = page.states.at(-1)!;
    expect(last).toMatchObject({
      phase: 'accepted',
      toolCallId: 'c1',
      counts: { completed: 1, in_progress: 1, pending: 3 },
    });
    expect(last.todos.map((item) => item.content)).toEqual(TRICKY_PLAN.map((todo) => todo.content));
  });

  it('returns the very same state object while a text part streams after the call', async () => {
    // (then one more when the chat is ready: the list is no longer live)
    const page = renderTodosPage([
      todoCallStep('c1', { todos: TRICKY_PLAN }),
      textStep('A long explanation. '.repeat(6)),
    ]);
    await page.send('plan');
    await waitFor(() => expect(page.statuses.at(-1)).toBe('ready'));
    const firstAccepted = page.states.findIndex((state) => state.phase === 'accepted');
    const streamingAfter = page.states.slice(firstAccepted).filter((state) => state.live);
    expect(streamingAfter.length).toBeGreaterThan(20);
    expect(new Set(streamingAfter).size).toBe(1);
    expect(page.states.at(-1)).toMatchObject({ live: false, todos: streamingAfter[0]!.todos });
  });

  it('reads a tool registered under another name', async () => {
    const page = renderTodosPage(
      [todoCallStep('c1', { todos: TRICKY_PLAN }, { toolName: 'plan' }), textStep('ok')],
      'plan',
    );
    await page.send('plan');
    await waitFor(() => expect(page.statuses.at(-1)).toBe('ready'));
    expect(page.states.at(-1)).toMatchObject({ phase: 'accepted', toolCallId: 'c1' });
    expect(page.states.at(-1)!.todos).toHaveLength(TRICKY_PLAN.length);
  });
});

describe('useTodos without a chat', () => {
  it('is empty for no messages and stable across re-renders', () => {
    const { result, rerender } = renderHook(({ messages }) => useTodos(messages), {
      initialProps: { messages: [] as { parts: unknown[] }[] },
    });
    const first = result.current;
    expect(first.phase).toBe('empty');
    rerender({ messages: [] });
    expect(result.current).toBe(first);
  });

  it('treats a call still streaming when the chat is ready as abandoned', () => {
    const messages = [
      {
        parts: [
          {
            type: 'tool-todo_write',
            toolCallId: 'a',
            state: 'output-available',
            input: { todos: [{ content: 'Keep', status: 'pending' }] },
            output: { pending: 1, in_progress: 0, completed: 0 },
          },
        ],
      },
      {
        parts: [
          {
            type: 'tool-todo_write',
            toolCallId: 'b',
            state: 'input-streaming',
            input: { todos: [{ content: 'Half' }] },
          },
        ],
      },
    ];
    const { result, rerender } = renderHook(({ status }) => useTodos(messages, { status }), {
      initialProps: { status: 'streaming' as 'streaming' | 'ready' },
    });
    expect(result.current.todos.map((item) => item.content)).toEqual(['Half', 'Keep']);
    rerender({ status: 'ready' });
    expect(result.current).toMatchObject({ phase: 'rejected', rejection: 'interrupted' });
    expect(result.current.todos.map((item) => item.content)).toEqual(['Keep']);
  });
});
