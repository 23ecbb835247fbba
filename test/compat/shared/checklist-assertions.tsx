/**
 * The checklist through `useChat` on every AI SDK major: a scripted mock model behind
 * `streamText`, its UI message stream handed to that major's `useChat` by an in-process
 * transport, and our `useTodos` / `<TodoList>` rendering the result in jsdom.
 * Run by test/compat/v5|v6|v7/checklist.test.tsx (jsdom) with that major's adapter.
 */
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTodoWrite } from '../../../src/index.js';
import type { TodoState } from '../../../src/index.js';
import { TodoList, useTodos } from '../../../src/react.js';
import type { CompatAdapter, InProcessTransport, ScriptedStep, UseChatLike } from '../adapters/compat-adapter.js';
import { FIRST_PLAN, SECOND_PLAN, TWO_IN_PROGRESS } from './tool-assertions.js';

interface Rendered {
  phase: TodoState['phase'];
  contents: string[];
  statuses: string[];
  status: UseChatLike['status'];
}

function Chat(props: {
  adapter: CompatAdapter;
  transport: InProcessTransport;
  onRender: (rendered: Rendered) => void;
  chat: { current?: UseChatLike };
}): ReactNode {
  const chat = props.adapter.useChat({ transport: props.transport });
  props.chat.current = chat;
  const state = useTodos(chat.messages, { status: chat.status });
  props.onRender({
    phase: state.phase,
    contents: state.todos.map((item) => item.content),
    statuses: state.todos.map((item) => item.status),
    status: chat.status,
  });
  return (
    <>
      <p data-testid="chat-status">{chat.status}</p>
      <TodoList messages={chat.messages} status={chat.status} />
    </>
  );
}

function renderChat(adapter: CompatAdapter, turns: ScriptedStep[][], chunkDelayInMs: number | readonly number[] = 0) {
  const rendered: Rendered[] = [];
  const chat: { current?: UseChatLike } = {};
  const transport = adapter.createTransport({ tools: { todo_write: createTodoWrite() }, turns, chunkDelayInMs });
  render(<Chat adapter={adapter} transport={transport} onRender={(value) => rendered.push(value)} chat={chat} />);
  /** Sends like a user would: React renders as the stream arrives (not batched into one act()). */
  async function send(text: string): Promise<void> {
    await chat.current!.sendMessage({ text });
    await waitFor(() => expect(screen.getByTestId('chat-status').textContent).toBe('ready'));
  }
  return { rendered, chat, send };
}

function rows(): Array<{ content: string; status: string | null }> {
  const list = screen.queryByRole('list', { name: 'Tasks' });
  if (!list) return [];
  return within(list)
    .getAllByRole('listitem')
    .map((item) => ({
      content: item.querySelector('[data-todo-content]')?.textContent ?? '',
      status: item.getAttribute('data-status'),
    }));
}

export function describeChecklistThroughUseChat(adapter: CompatAdapter): void {
  describe(`the checklist through useChat on AI SDK ${adapter.major} (@ai-sdk/react ${adapter.reactVersion})`, () => {
    // Renders happen as in an app, on React's scheduler while the stream arrives; act() would
    // batch a whole turn into one render on @ai-sdk/react 4 (it publishes through useState).
    const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const actEnvironment = scope.IS_REACT_ACT_ENVIRONMENT;
    beforeAll(() => {
      scope.IS_REACT_ACT_ENVIRONMENT = false;
    });
    afterAll(() => {
      scope.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    });
    afterEach(cleanup);

    it('shows the list the model wrote, and streams it in without cut-off statuses', async () => {
      const { rendered, send } = renderChat(adapter, [
        [{ toolCalls: [{ toolCallId: 'call-1', input: { todos: FIRST_PLAN }, deltaCount: 24 }] }, { text: 'On it.' }],
      ]);
      await send('Fix the pager.');

      expect(rows()).toEqual(FIRST_PLAN);
      expect(screen.getByText('1 of 3 completed')).toBeTruthy();
      expect(rendered.at(-1)).toMatchObject({ phase: 'accepted', status: 'ready' });

      const phases = rendered.map(({ phase }) => phase);
      expect(phases).toContain('streaming');
      const contents = FIRST_PLAN.map(({ content }) => content);
      for (const { statuses, contents: shown } of rendered) {
        for (const status of statuses) expect(['pending', 'in_progress', 'completed']).toContain(status);
        shown.forEach((content, index) => {
          expect(contents[index]?.startsWith(content)).toBe(true);
        });
      }
      const firstFull = rendered.findIndex(({ contents: shown }) => shown.length > 0);
      expect(rendered.slice(firstFull).every(({ contents: shown }) => shown.length > 0)).toBe(true);
    });

    it('replaces the list on the next turn, with the history converted for the model', async () => {
      const { send } = renderChat(adapter, [
        [{ toolCalls: [{ toolCallId: 'call-1', input: { todos: FIRST_PLAN } }] }, { text: 'On it.' }],
        [{ toolCalls: [{ toolCallId: 'call-2', input: { todos: SECOND_PLAN } }] }, { text: 'Next.' }],
      ]);
      await send('Fix the pager.');
      await send('Go on.');
      expect(rows()).toEqual(SECOND_PLAN);
      expect(screen.getByText('2 of 4 completed')).toBeTruthy();
    });

    it('keeps the last accepted list and says the update was rejected when a write breaks a rule', async () => {
      const { rendered, send } = renderChat(adapter, [
        [{ toolCalls: [{ toolCallId: 'call-1', input: { todos: FIRST_PLAN } }] }, { text: 'On it.' }],
        [{ toolCalls: [{ toolCallId: 'call-2', input: { todos: TWO_IN_PROGRESS } }] }, { text: 'Oops.' }],
      ]);
      await send('Fix the pager.');
      await send('Go on.');
      expect(rows()).toEqual(FIRST_PLAN);
      expect(rendered.at(-1)?.phase).toBe('rejected');
      const notice = document.querySelector('[data-todo-notice]');
      expect(notice?.getAttribute('data-rejection')).toBe('error');
      expect(notice?.textContent).toContain('Update rejected');
    });

    it('brings the last accepted list back when the user stops a write mid-stream', async () => {
      const { rendered, chat, send } = renderChat(
        adapter,
        [
          [{ toolCalls: [{ toolCallId: 'call-1', input: { todos: FIRST_PLAN } }] }, { text: 'On it.' }],
          [
            { toolCalls: [{ toolCallId: 'call-2', input: { todos: SECOND_PLAN }, deltaCount: 100 }] },
            { text: 'Next.' },
          ],
        ],
        [0, 10],
      );
      await send('Fix the pager.');
      const sent = chat.current!.sendMessage({ text: 'Go on.' });
      await waitFor(() => expect(rendered.at(-1)?.phase).toBe('streaming'));
      await chat.current!.stop();
      await sent.catch(() => undefined);
      await waitFor(() => expect(screen.getByTestId('chat-status').textContent).toBe('ready'));
      expect(rendered.at(-1)?.phase).toBe('rejected');
      expect(document.querySelector('[data-todo-notice]')?.getAttribute('data-rejection')).toBe('interrupted');
      expect(rows()).toEqual(FIRST_PLAN);
    });
  });
}
