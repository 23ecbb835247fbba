import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

/**
 * Rows React walked (reconciled) in each commit, read through the React DevTools hook: a row counts
 * when its parent's children were reconciled in that commit (a skipped block's rows are not).
 * Installed before react-dom loads, which is why it is hoisted above the imports.
 */
const walks = vi.hoisted(() => {
  interface Fiber {
    elementType: unknown;
    child: Fiber | null;
    sibling: Fiber | null;
    alternate: Fiber | null;
  }
  const state = { rowType: undefined as unknown, commits: [] as number[], last: undefined as Fiber | undefined };
  const walkedRows = (root: Fiber): number => {
    let rows = 0;
    const stack = [root];
    while (stack.length > 0) {
      const fiber = stack.pop()!;
      if (fiber.elementType === state.rowType) rows += 1;
      if (fiber.child && fiber.child !== fiber.alternate?.child) {
        for (let child: Fiber | null = fiber.child; child; child = child.sibling) stack.push(child);
      }
    }
    return rows;
  };
  (globalThis as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    isDisabled: false,
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    onScheduleFiberRoot: () => {},
    onCommitFiberRoot: (_renderer: number, root: { current: Fiber }) => {
      // React's development build reports some commits twice: count each committed tree once.
      if (root.current !== state.last) state.commits.push(walkedRows(root.current));
      state.last = root.current;
    },
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {},
    checkDCE: () => {},
  };
  return state;
});

import fc from 'fast-check';
import { useLayoutEffect, useState, type ReactNode } from 'react';
import { cleanup, render, waitFor } from '@testing-library/react';
import { useChat, type UseChatHelpers } from '@ai-sdk/react';
import type { UIMessage } from 'ai';
import type { MockLanguageModelV4 } from 'ai/test';
import { TodoList } from '../src/react/todo-list.js';
import { TodoRow } from '../src/react/todo-row.js';
import { BLOCK_ROWS, FIRST_BLOCK_ROWS, startsBlock } from '../src/react/todo-rows.js';
import { createTodoWrite } from '../src/todo-write.js';
import type { TodoItem } from '../src/todo-keys.js';
import type { TodoState } from '../src/select-todo-state.js';
import { countTodos, type TodoStatus } from '../src/todo.js';
import { readRows, type RowSnapshot } from './support/render-chat.js';
import { inProcessTransport, scriptedModel, textStep, todoCallStep } from './support/stream-todo-call.js';

vi.setConfig({ testTimeout: 30_000 });

beforeAll(() => {
  walks.rowType = TodoRow;
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
  /** Rows React walked in this commit. */
  walked: number;
}

/** A useChat page with a pinned <TodoList>, recording the rows on screen and the rows walked per commit. */
function renderLongChat(model: MockLanguageModelV4) {
  const commits: Commit[] = [];
  let chat: UseChatHelpers<UIMessage> | undefined;
  function Probe(): ReactNode {
    useLayoutEffect(() => {
      const root = document.querySelector('[data-todo-list]');
      commits.push({ phase: root?.getAttribute('data-phase') ?? null, rows: readRows(document.body), walked: -1 });
    });
    return null;
  }
  function Page(): ReactNode {
    const [transport] = useState(() => inProcessTransport(model, { tools }));
    chat = useChat({ transport });
    return (
      <>
        <TodoList messages={chat.messages} status={chat.status} maxVisible={Infinity} />
        <Probe />
      </>
    );
  }
  render(<Page />);
  return {
    commits,
    async send(text: string): Promise<void> {
      const before = commits.length;
      walks.commits = [];
      await chat!.sendMessage({ text });
      await waitFor(() => expect(commits.at(-1)?.phase).toBe('accepted'), { timeout: 20_000 });
      // One DevTools report per recorded commit (both see every commit of the page's root).
      const turn = commits.slice(before);
      expect(walks.commits.length).toBe(turn.length);
      turn.forEach((commit, index) => (commit.walked = walks.commits[index]!));
    },
  };
}

/** The longest run of rows one block can hold, for these keys. */
function largestBlock(keys: string[]): number {
  let largest = 0;
  let start = 0;
  for (let index = 1; index <= keys.length; index++) {
    if (index === keys.length || (index >= FIRST_BLOCK_ROWS && startsBlock(keys[index]!))) {
      largest = Math.max(largest, index - start);
      start = index;
    }
  }
  return largest;
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

describe(`a list of ${ROWS} rows (longer than one block)`, () => {
  it('walks only the block holding the streaming row, not every row, at each delta', async () => {
    const model = scriptedModel(
      [todoCallStep('c1', { todos: plan(ROWS) }, { min: 8, max: 16 }), textStep('Planned.')],
      { chunkDelayInMs: 1 },
    );
    const page = renderLongChat(model);
    await page.send('plan');
    const streaming = page.commits.filter((commit) => commit.phase === 'streaming' && commit.rows.length > 0);
    expect(streaming.length).toBeGreaterThan(100);
    const limit = largestBlock(Array.from({ length: ROWS }, (_, index) => `c1:${index}`));
    expect(limit).toBeLessThan(ROWS / 2);
    for (const commit of streaming) expect(commit.walked).toBeLessThanOrEqual(limit);
    // Past the first block, a delta walks about one block (BLOCK_ROWS on average), not the whole list.
    const late = streaming.filter((commit) => commit.rows.length >= 100);
    const walked = late.reduce((sum, commit) => sum + commit.walked, 0) / late.length;
    expect(walked).toBeLessThan(2 * BLOCK_ROWS);
    // And a row's element survives its text streaming in, however long the list.
    expectStableElements(page.commits);
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
    final.forEach((row, index) => expect(row.element).toBe(accepted[index]!.element));
    expectStableElements(page.commits, elements);
  });

  it('keeps every other row element when a call inserts a row in the middle', async () => {
    const inserted = { content: 'Inserted: check the release notes', status: 'pending' };
    const second = [...plan(ROWS).slice(0, 61), inserted, ...plan(ROWS).slice(61)];
    // Its key does not start a block (else the rows after it in its block would move to a new block: see todo-rows.tsx).
    expect(startsBlock('c2:61')).toBe(false);
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
  const stateOf = (todos: TodoItem[]): TodoState => ({
    todos,
    counts: countTodos(todos),
    phase: 'accepted',
    toolCallId: 'c',
  });

  it('shows exactly the list, in order, with the right rows hidden (property)', () => {
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 25 }), fc.constantFrom(Infinity, 8, 40), (edits, maxVisible) => {
        let next = 0;
        const item = (status: TodoStatus): TodoItem => ({
          key: `k:${next}`,
          content: `Task ${next++}`,
          status,
          streaming: false,
        });
        let todos = Array.from({ length: 90 }, () => item('pending'));
        const view = render(<TodoList state={stateOf(todos)} maxVisible={maxVisible} />);
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
          view.rerender(<TodoList state={stateOf(todos)} maxVisible={maxVisible} />);
          const rows = readRows(view.container);
          expect(rows.map((row) => [row.content, row.status])).toEqual(
            todos.map((todo) => [todo.content, todo.status]),
          );
          expect(rows.filter((row) => !row.element.hidden).length).toBe(Math.min(todos.length, maxVisible));
        }
        view.unmount();
      }),
      { numRuns: 40 },
    );
  });
});
