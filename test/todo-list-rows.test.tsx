import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import fc from 'fast-check';
import { useLayoutEffect, useState, type ReactNode } from 'react';
import { cleanup, render, waitFor } from '@testing-library/react';
import { useChat, type UseChatHelpers } from '@ai-sdk/react';
import type { UIMessage } from 'ai';
import type { MockLanguageModelV4 } from 'ai/test';
import { TodoList } from '../src/react.js';
import { createTodoWrite } from '../src/index.js';
import type { TodoRow } from '../src/index.js';
import type { TodoState } from '../src/index.js';
import { countTodos, type TodoStatus } from '../src/index.js';
import { readRows, type RowSnapshot } from './support/render-chat.js';
import { inProcessTransport, scriptedModel, textStep, todoCallStep } from './support/stream-todo-call.js';

vi.setConfig({ testTimeout: 30_000 });

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});
afterEach(cleanup);

const ROWS = 120;
const TOPICS = ['parser', 'cache', 'router', 'schema', 'docs', 'tests', 'build', 'release'];
const plan = (count: number, statusOf: (index: number) => string = () => 'pending') =>
  Array.from({ length: count }, (_, index) => ({
    content: `Task ${index + 1}: update the ${TOPICS[index % TOPICS.length]}`,
    status: statusOf(index),
  }));
/** Long lists need a tool that takes them (the default allows 50). */
const tools = { todo_write: createTodoWrite({ maxTodos: 500 }) };

interface Commit {
  phase: string | null;
  rows: RowSnapshot[];
}

/** A useChat page with a pinned <TodoList>, recording the rows on screen at each commit. */
function renderLongChat(model: MockLanguageModelV4) {
  const commits: Commit[] = [];
  let chat: UseChatHelpers<UIMessage> | undefined;
  function Probe(): ReactNode {
    useLayoutEffect(() => {
      const root = document.querySelector('[data-todo-list]');
      commits.push({ phase: root?.getAttribute('data-phase') ?? null, rows: readRows(document.body) });
    });
    return null;
  }
  function Page(): ReactNode {
    const [transport] = useState(() => inProcessTransport(model, { tools }));
    chat = useChat({ transport });
    return (
      <>
        <TodoList messages={chat.messages} status={chat.status} maxVisible={Infinity} maxTodos={Infinity} />
        <Probe />
      </>
    );
  }
  render(<Page />);
  return {
    commits,
    async send(text: string): Promise<void> {
      await chat!.sendMessage({ text });
      await waitFor(() => expect(commits.at(-1)?.phase).toBe('accepted'), { timeout: 20_000 });
    },
  };
}

/** Asserts that every row keeps the DOM element it first had, commit after commit (by its text, once it stops streaming). */
function expectStableElements(
  commits: Commit[],
  elements = new Map<string, HTMLLIElement>(),
): Map<string, HTMLLIElement> {
  for (const commit of commits) {
    for (const row of commit.rows) {
      if (row.streaming) continue;
      const first = elements.get(row.content);
      if (first) expect(row.element, row.content).toBe(first);
      else elements.set(row.content, row.element);
    }
  }
  return elements;
}

describe(`a list of ${ROWS} rows`, () => {
  it('keeps every row element when a call moves rows around', async () => {
    const first = plan(ROWS);
    const second = [...first.slice(60), ...first.slice(0, 60)].reverse();
    const model = scriptedModel(
      [
        todoCallStep('c1', { todos: first }, { min: 8, max: 16 }),
        textStep('Planned.'),
        todoCallStep('c2', { todos: second }, { min: 8, max: 16, seed: 4 }),
        textStep('Reordered.'),
      ],
      { chunkDelayInMs: 1 },
    );
    const page = renderLongChat(model);
    await page.send('plan');
    const elements = expectStableElements(page.commits.splice(0));
    await page.send('reorder');
    expect(page.commits.at(-1)!.rows.map((row) => row.content)).toEqual(second.map((todo) => todo.content));
    expectStableElements(page.commits, elements);
  });

  it('keeps every row element through a second call that only changes statuses', async () => {
    const second = plan(ROWS, (index) => (index < 40 ? 'completed' : index === 40 ? 'in_progress' : 'pending'));
    const model = scriptedModel(
      [
        todoCallStep('c1', { todos: plan(ROWS) }, { min: 8, max: 16 }),
        textStep('Planned.'),
        todoCallStep('c2', { todos: second }, { min: 8, max: 16, seed: 2 }),
        textStep('Updated.'),
      ],
      { chunkDelayInMs: 1 },
    );
    const page = renderLongChat(model);
    await page.send('plan');
    const accepted = page.commits.at(-1)!.rows;
    const elements = expectStableElements(page.commits.splice(0));
    await page.send('go on');
    const final = page.commits.at(-1)!.rows;
    expect(final.map((row) => [row.content, row.status])).toEqual(second.map((todo) => [todo.content, todo.status]));
    final.forEach((row, index) => {
      expect(row.element).toBe(accepted[index]!.element);
    });
    expectStableElements(page.commits, elements);
  });

  it('keeps every other row element when a call inserts a row in the middle', async () => {
    const inserted = { content: 'Inserted: check the release notes', status: 'pending' };
    const second = [...plan(ROWS).slice(0, 61), inserted, ...plan(ROWS).slice(61)];
    const model = scriptedModel(
      [
        todoCallStep('c1', { todos: plan(ROWS) }, { min: 8, max: 16 }),
        textStep('Planned.'),
        todoCallStep('c2', { todos: second }, { min: 8, max: 16, seed: 3 }),
        textStep('Updated.'),
      ],
      { chunkDelayInMs: 1 },
    );
    const page = renderLongChat(model);
    await page.send('plan');
    const elements = expectStableElements(page.commits.splice(0));
    await page.send('insert one');
    expect(page.commits.at(-1)!.rows.map((row) => row.content)).toEqual(second.map((todo) => todo.content));
    expectStableElements(page.commits, elements);
  });
});

describe('whatever changes between two renders of a long list', () => {
  const STATUSES: TodoStatus[] = ['pending', 'in_progress', 'completed'];
  const edit = fc.record({
    kind: fc.constantFrom('insert', 'remove', 'move', 'restatus', 'append', 'truncate'),
    at: fc.nat(),
    to: fc.nat(),
    count: fc.integer({ min: 1, max: 6 }),
    status: fc.constantFrom(...STATUSES),
  });
  const stateOf = (todos: TodoRow[]): TodoState => ({
    todos,
    removed: [],
    live: true,
    counts: countTodos(todos),
    phase: 'accepted',
    toolCallId: 'c',
  });

  it('renders exactly the rows shown, in order, and no hidden copy of the rest (property)', () => {
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 25 }), fc.constantFrom(Infinity, 8, 40), (edits, maxVisible) => {
        const maxTodos = 50;
        let next = 0;
        const item = (status: TodoStatus): TodoRow => ({
          key: `k:${next}`,
          content: `Task ${next++}`,
          status,
          streaming: false,
        });
        let todos = Array.from({ length: 90 }, () => item('pending'));
        const view = render(<TodoList state={stateOf(todos)} maxVisible={maxVisible} maxTodos={maxTodos} />);
        for (const { kind, at, to, count, status } of edits) {
          const index = at % (todos.length + 1);
          todos = [...todos];
          if (kind === 'insert') todos.splice(index, 0, ...Array.from({ length: count }, () => item(status)));
          if (kind === 'remove') todos.splice(index, count);
          if (kind === 'move' && todos.length > 0)
            todos.splice(to % todos.length, 0, ...todos.splice(index % todos.length, 1));
          if (kind === 'restatus' && todos[index]) todos[index] = { ...todos[index]!, status };
          if (kind === 'append') todos.push(...Array.from({ length: count * 5 }, () => item(status)));
          if (kind === 'truncate') todos.length = Math.min(todos.length, index + 1);
          view.rerender(<TodoList state={stateOf(todos)} maxVisible={maxVisible} maxTodos={maxTodos} />);
          const rows = readRows(view.container).map((row) => [row.content, row.status]);
          const collapsed = todos.length > maxVisible;
          const shown = collapsed ? maxVisible : Math.min(todos.length, maxTodos);
          expect(rows).toHaveLength(shown);
          const first = todos.findIndex((todo) => todo.content === rows[0]?.[0]);
          expect(rows).toEqual(
            todos.slice(Math.max(first, 0), Math.max(first, 0) + shown).map((todo) => [todo.content, todo.status]),
          );
          const more = view.container.querySelector('[data-todo-more]')?.textContent;
          expect(more).toBe(!collapsed && todos.length > maxTodos ? `${todos.length - maxTodos} more` : undefined);
        }
        view.unmount();
      }),
      { numRuns: 40 },
    );
  });
});
