/**
 * Renders a real `useChat` page (in-process transport over a scripted mock model) with a
 * `<TodoList>`, and records every commit: the rows on screen and which rows rendered.
 */
import { useLayoutEffect, useState, type ReactNode } from 'react';
import { render, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { useChat, type UseChatHelpers } from '@ai-sdk/react';
import type { UIMessage } from 'ai';
import type { MockLanguageModelV4 } from 'ai/test';
import { TodoList, type TodoListProps } from '../../src/react.js';
import type { RenderTodoRow } from '../../src/react.js';
import { inProcessTransport } from './stream-todo-call.js';

/** One row as the DOM shows it. */
export interface RowSnapshot {
  element: HTMLLIElement;
  content: string;
  status: string | null;
  streaming: boolean;
}

/** What the page looked like after one React commit. */
export interface Commit {
  chatStatus: string;
  phase: string | null;
  busy: boolean;
  rows: RowSnapshot[];
  /** Keys of the rows whose content rendered during this commit (only with `countRows`). */
  rendered: string[];
}

/** Reads the rows of the first `[data-todo-list]` in `container`. */
export function readRows(container: HTMLElement): RowSnapshot[] {
  return [...container.querySelectorAll<HTMLLIElement>('[data-todo-item]')].map((element) => ({
    element,
    content: element.querySelector('[data-todo-content]')?.textContent ?? '',
    status: element.getAttribute('data-status'),
    streaming: element.hasAttribute('data-streaming'),
  }));
}

/** Renders the chat page. `countRows` swaps in a `renderItem` that records which rows render. */
export function renderChat(
  model: MockLanguageModelV4,
  options: { countRows?: boolean; props?: Partial<TodoListProps>; throttle?: number } = {},
) {
  const rendered: string[] = [];
  const commits: Commit[] = [];
  let helpers: UseChatHelpers<UIMessage> | undefined;

  const countingRenderItem: RenderTodoRow = (item, statusLabel) => {
    rendered.push(item.key);
    return (
      <>
        <span data-todo-icon="" aria-hidden="true" />
        <span data-todo-content="">{item.content}</span>
        <span hidden>{statusLabel}</span>
      </>
    );
  };

  function Probe(props: { status: string; messages: unknown }): ReactNode {
    useLayoutEffect(() => {
      const root = document.querySelector('[data-todo-list]');
      commits.push({
        chatStatus: props.status,
        phase: root?.getAttribute('data-phase') ?? null,
        busy: root?.getAttribute('aria-busy') === 'true',
        rows: readRows(document.body),
        rendered: rendered.splice(0),
      });
    });
    return null;
  }

  function Page(): ReactNode {
    const [transport] = useState(() => inProcessTransport(model));
    const chat = useChat({ transport, throttle: options.throttle });
    helpers = chat;
    return (
      <>
        <TodoList
          messages={chat.messages}
          status={chat.status}
          {...(options.countRows ? { renderItem: countingRenderItem } : {})}
          {...(options.props as object)}
        />
        <Probe status={chat.status} messages={chat.messages} />
      </>
    );
  }

  const result = render(<Page />);
  const chat = (): UseChatHelpers<UIMessage> => helpers!;
  return {
    ...result,
    chat,
    commits,
    /** Sends a user message and resolves once the turn is over (status `ready` or `error`). */
    async send(text: string): Promise<void> {
      const before = commits.length;
      await chat().sendMessage({ text });
      await waitFor(
        () => {
          expect(commits.length).toBeGreaterThan(before);
          expect(['ready', 'error']).toContain(commits.at(-1)!.chatStatus);
        },
        { timeout: 20_000 },
      );
    },
  };
}
