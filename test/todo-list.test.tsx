import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { createRef } from 'react';
import type { TodoRow } from '../src/index.js';
import { TodoList } from '../src/react.js';
import { TodoProvider } from '../src/react.js';
import { TodoCallSummary } from '../src/react.js';
import { selectTodoState } from '../src/index.js';
import { renderChat, type Commit } from './support/render-chat.js';
import {
  asciiJson,
  finishChunk,
  scriptedModel,
  textStep,
  todoCallChunks,
  todoCallStep,
  TRICKY_PLAN,
  type ScriptStep,
} from './support/stream-todo-call.js';

// Real streams on a shared machine: generous, not a speed assertion.
vi.setConfig({ testTimeout: 30_000 });

beforeAll(() => {
  // useChat updates arrive from a stream, outside act(); let React schedule them as in a browser.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});
afterEach(cleanup);

const VALID = ['pending', 'in_progress', 'completed'];
const SECOND_PLAN = TRICKY_PLAN.map((todo, index) => ({
  content: todo.content,
  status: index < 2 ? 'completed' : index === 2 ? 'in_progress' : 'pending',
}));

const STATE = selectTodoState([
  {
    parts: [
      {
        type: 'tool-todo_write',
        toolCallId: 'c1',
        state: 'output-available',
        input: { todos: TRICKY_PLAN },
        output: { pending: 0, in_progress: 0, completed: 0 },
      },
    ],
  },
]);

function expectSane(commits: Commit[], minimumRows: number): void {
  for (const commit of commits) {
    for (const row of commit.rows) {
      expect(VALID).toContain(row.status);
      expect(row.content.trim()).not.toBe('');
    }
    if (commit.phase === 'streaming') expect(commit.rows.length).toBeGreaterThanOrEqual(minimumRows);
  }
}

describe('a checklist streamed through useChat', () => {
  it('shows valid rows at every update, never empties mid-stream, and ends with the input', async () => {
    const model = scriptedModel(
      [
        todoCallStep('c1', { todos: TRICKY_PLAN }, { seed: 7 }),
        textStep('Planned.'),
        todoCallStep('c2', { todos: SECOND_PLAN }, { seed: 8, json: asciiJson({ todos: SECOND_PLAN }) }),
        textStep('Updated.'),
      ],
      { chunkDelayInMs: 1 },
    );
    const page = renderChat(model);
    await page.send('plan it');
    const first = page.commits.splice(0);
    expect(first.filter((commit) => commit.phase === 'streaming').length).toBeGreaterThan(30);
    expectSane(first, 0);
    expect(first.some((commit) => commit.busy)).toBe(true);
    const accepted = first.at(-1)!;
    expect(accepted.busy).toBe(false);
    expect(accepted.rows.map((row) => [row.content, row.status])).toEqual(
      TRICKY_PLAN.map((todo) => [todo.content, todo.status]),
    );

    // A row's DOM element survives its text streaming in; once the text is whole the row is the task's own
    // (keyed by its text), and that element stays until the list is done.
    const growing = first.filter((commit) => commit.rows[0]?.streaming).map((commit) => commit.rows[0]!);
    expect(growing[0]!.content.length).toBeLessThan(TRICKY_PLAN[0].content.length);
    expect(new Set(growing.map((row) => row.element)).size).toBe(1);
    const whole = first
      .filter((commit) => commit.rows[0] && !commit.rows[0].streaming)
      .map((commit) => commit.rows[0]!);
    expect(new Set(whole.map((row) => row.element))).toEqual(new Set([accepted.rows[0]!.element]));

    await page.send('go on');
    const second = page.commits.splice(0);
    expectSane(second, TRICKY_PLAN.length);
    const final = second.at(-1)!;
    expect(final.rows.map((row) => [row.content, row.status])).toEqual(
      SECOND_PLAN.map((todo) => [todo.content, todo.status]),
    );
    // A call that only changes statuses keeps every row's element.
    final.rows.forEach((row, index) => {
      expect(row.element).toBe(accepted.rows[index]!.element);
    });
    // No item is shown twice at any point.
    for (const commit of second) {
      const contents = commit.rows.filter((row) => !row.streaming).map((row) => row.content);
      expect(new Set(contents).size).toBe(contents.length);
    }
  });
});

describe('when a call is rejected', () => {
  const accepted = [
    { content: 'Read code', status: 'completed' },
    { content: 'Write tests', status: 'in_progress' },
  ];
  it.each([
    [
      'two tasks in_progress',
      {
        todos: [
          { content: 'Read code', status: 'in_progress' },
          { content: 'Write tests', status: 'in_progress' },
        ],
      },
      /^Items 1 \("Read code"\) and 2 \("Write tests"\) are both in_progress/,
    ],
    [
      'an invalid status "done"',
      {
        todos: [
          { content: 'Read code', status: 'done' },
          { content: 'Write tests', status: 'pending' },
        ],
      },
      /^Item 1 \("Read code"\) has status "done"/,
    ],
  ])('with %s, the last accepted list stays on screen and the problem is shown', async (_name, input, problem) => {
    const model = scriptedModel(
      [todoCallStep('c1', { todos: accepted }), textStep('ok'), todoCallStep('c2', input), textStep('Oops.')],
      { chunkDelayInMs: 1 },
    );
    const page = renderChat(model);
    await page.send('plan');
    await page.send('update');
    const last = page.commits.at(-1)!;
    expect(last.phase).toBe('rejected');
    expect(last.rows.map((row) => [row.content, row.status])).toEqual(
      accepted.map((todo) => [todo.content, todo.status]),
    );
    const notice = page.container.querySelector('[data-todo-notice]')!;
    expect(notice.textContent).toContain('Update rejected');
    // The user reads the problem itself, not the instructions written for the model.
    const detail = notice.querySelector('[data-todo-error]')!.textContent!.trim();
    expect(detail).toMatch(problem);
    expect(notice.textContent).not.toMatch(/Error:|Nothing was saved/);
    expectSane(page.commits, 0);
  });
});

describe('when the user stops a stream mid-call', () => {
  it('brings the last accepted list back and says the update was interrupted', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const chunks = todoCallChunks('c2', { todos: [{ content: 'A brand new first task', status: 'pending' }] });
    const stopped: ScriptStep = [
      ...chunks.slice(0, 12),
      { type: 'gate', until: gate },
      ...chunks.slice(12),
      finishChunk('tool-calls'),
    ];
    const model = scriptedModel([todoCallStep('c1', { todos: TRICKY_PLAN }), textStep('ok'), stopped], {
      chunkDelayInMs: 1,
    });
    const page = renderChat(model);
    await page.send('plan');
    void page.chat().sendMessage({ text: 'rewrite' });
    await waitFor(() => expect(page.commits.at(-1)!.rows[0]?.content).toMatch(/^A/), { timeout: 10_000 });
    expect(page.commits.at(-1)!.phase).toBe('streaming');
    await page.chat().stop();
    await waitFor(() => expect(page.commits.at(-1)!.chatStatus).toBe('ready'));
    open();
    const last = page.commits.at(-1)!;
    expect(last.phase).toBe('rejected');
    expect(last.rows.map((row) => row.content)).toEqual(TRICKY_PLAN.map((todo) => todo.content));
    expect(page.container.querySelector('[data-todo-notice]')!.textContent).toContain('Stopped before it was saved');
  });
});

describe('render counts', () => {
  it('renders no row while a text part streams after the call', async () => {
    const long = 'Now I will explain the plan in detail. '.repeat(8);
    const model = scriptedModel([todoCallStep('c1', { todos: TRICKY_PLAN }), textStep(long)], { chunkDelayInMs: 1 });
    const page = renderChat(model, { countRows: true });
    await page.send('plan');
    const acceptedAt = page.commits.findIndex((commit) => commit.phase === 'accepted');
    const after = page.commits.slice(acceptedAt + 1);
    expect(after.length).toBeGreaterThan(20);
    expect(after.flatMap((commit) => commit.rendered)).toEqual([]);
  });

  it('renders only the streaming row while one item streams, and at most two rows per update', async () => {
    const base = TRICKY_PLAN.slice(0, 3);
    const grown = [...base, { content: 'A long new task whose text streams in over many deltas', status: 'pending' }];
    const model = scriptedModel(
      [
        todoCallStep('c1', { todos: base }),
        textStep('ok'),
        todoCallStep('c2', { todos: grown }, { seed: 3 }),
        textStep('ok'),
      ],
      { chunkDelayInMs: 1 },
    );
    const page = renderChat(model, { countRows: true });
    await page.send('plan');
    page.commits.splice(0);
    await page.send('grow');
    const streaming = page.commits.filter((commit) => commit.phase === 'streaming');
    for (const commit of streaming) expect(commit.rendered.length).toBeLessThanOrEqual(2);
    const growing = streaming.filter(
      (commit) => commit.rows.at(-1)?.content.startsWith('A long') && commit.rows.at(-1)!.streaming,
    );
    expect(growing.length).toBeGreaterThan(5);
    growing.slice(1).forEach((commit, index) => {
      const textChanged = commit.rows.at(-1)!.content !== growing[index]!.rows.at(-1)!.content;
      expect(commit.rendered).toEqual(textChanged ? ['task:c2:3'] : []);
    });
  });
});

describe('render counts in one agent turn (two calls in the same assistant message)', () => {
  it('renders at most two rows per update, and none for rows the new call leaves alone', async () => {
    const base = TRICKY_PLAN.slice(0, 3);
    const grown = [
      ...base.map((todo) => ({ ...todo, status: 'completed' })),
      { content: 'A long new task whose text streams in over many deltas', status: 'in_progress' },
    ];
    const model = scriptedModel(
      [todoCallStep('c1', { todos: base }), todoCallStep('c2', { todos: grown }, { seed: 5 }), textStep('Both done.')],
      {
        chunkDelayInMs: 1,
      },
    );
    const page = renderChat(model, { countRows: true });
    await page.send('plan and go');
    const secondCall = page.commits.slice(page.commits.findIndex((commit) => commit.phase === 'accepted'));
    expect(secondCall.some((commit) => commit.phase === 'streaming')).toBe(true);
    for (const commit of secondCall) expect(commit.rendered.length).toBeLessThanOrEqual(2);
    // 3 rows change status, 1 row is new: a handful of renders in all, not one per row per delta.
    const others = secondCall.flatMap((commit) => commit.rendered).filter((key) => key !== 'task:c2:3');
    expect(others.length).toBeLessThanOrEqual(6);
    expect(page.commits.at(-1)!.rows.map((row) => [row.content, row.status])).toEqual(
      grown.map((todo) => [todo.content, todo.status]),
    );
  });
});

describe('semantics', () => {
  const messages = [
    {
      id: 'a1',
      role: 'assistant' as const,
      parts: [
        {
          type: 'tool-todo_write',
          toolCallId: 'c1',
          state: 'output-available',
          input: { todos: TRICKY_PLAN },
          output: { pending: 3, in_progress: 1, completed: 1 },
        },
      ],
    },
  ];

  it('is an ordered list with each status as text, icons hidden, no checkboxes', () => {
    const { container, getByRole } = render(<TodoList messages={messages} status="ready" />);
    const list = getByRole('list', { name: 'Tasks' });
    expect(list.tagName).toBe('OL');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(items[0]!.textContent).toContain('Completed');
    expect(items[1]!.textContent).toContain('In progress');
    expect(items[2]!.textContent).toContain('Pending');
    expect(container.querySelectorAll('[data-todo-icon]:not([aria-hidden="true"])')).toHaveLength(0);
    expect(container.querySelector('[role="checkbox"], input')).toBeNull();
  });

  it('summarises progress with a labelled <progress>', () => {
    const { getByRole } = render(<TodoList messages={messages} status="ready" />);
    const progress = getByRole('progressbar', { name: '1 of 5 completed' });
    expect(progress.getAttribute('value')).toBe('1');
    expect(progress.getAttribute('max')).toBe('5');
  });

  it('has one polite status region, silent on first render', () => {
    const { getAllByRole } = render(<TodoList messages={messages} status="ready" />);
    const regions = getAllByRole('status');
    expect(regions).toHaveLength(1);
    expect(regions[0]!.getAttribute('aria-live')).toBe('polite');
    expect(regions[0]!.textContent).toBe('');
  });

  it('announces an accepted list and a rejected update, once each', () => {
    const { getByRole, rerender } = render(<TodoList messages={[]} status="ready" />);
    rerender(<TodoList messages={messages} status="ready" />);
    expect(getByRole('status').textContent).toBe(`Planned 5 tasks. Now: ${TRICKY_PLAN[1]!.content}. 1 of 5 completed.`);
    const rejected = [
      ...messages,
      {
        id: 'a2',
        role: 'assistant' as const,
        parts: [{ type: 'tool-todo_write', toolCallId: 'c2', state: 'output-error', input: {}, errorText: 'bad' }],
      },
    ];
    rerender(<TodoList messages={rejected} status="ready" />);
    expect(getByRole('status').textContent).toBe('Update rejected');
  });

  it('says what each accepted update did, in the labels given', () => {
    const update = (toolCallId: string, todos: { content: string; status: string }[]) => ({
      id: toolCallId,
      role: 'assistant' as const,
      parts: [
        {
          type: 'tool-todo_write',
          toolCallId,
          state: 'output-available',
          input: { todos },
          output: { pending: 0, in_progress: 0, completed: 0 },
        },
      ],
    });
    const first = [
      { content: 'Write tests', status: 'in_progress' },
      { content: 'Run the suite', status: 'pending' },
      { content: 'Old step', status: 'pending' },
    ];
    const history = [update('c1', first)];
    const { getByRole, rerender, container } = render(<TodoList messages={history} status="streaming" />);
    const say = (todos: typeof first, labels?: object) => {
      history.push(update(`c${history.length + 1}`, todos));
      rerender(<TodoList messages={[...history]} status="streaming" labels={labels} />);
      return getByRole('status').textContent?.trim();
    };
    expect(
      say([
        { content: 'Write tests', status: 'completed' },
        { content: 'Run the suite', status: 'in_progress' },
        { content: 'Old step', status: 'pending' },
      ]),
    ).toBe('Completed: Write tests. Now: Run the suite. 1 of 3 completed.');
    const changed = [...container.querySelectorAll('[data-todo-item]')].map((row) => row.getAttribute('data-change'));
    expect(changed).toEqual(['completed', 'started', null]);
    expect(
      say([
        { content: 'Write tests', status: 'completed' },
        { content: 'Run the suite', status: 'in_progress' },
        { content: 'Deploy', status: 'pending' },
        { content: 'Announce', status: 'pending' },
      ]),
    ).toBe('Added 2 tasks. Removed: Old step. 1 of 4 completed.');
    const removed = container.querySelector('[data-change="removed"]')!;
    expect(removed.textContent).toContain('Old step');
    expect(removed.getAttribute('aria-hidden')).toBe('true');
    expect(getByRole('list').querySelectorAll('li:not([aria-hidden])')).toHaveLength(4);
    expect(
      say(
        [
          { content: 'Write tests', status: 'completed' },
          { content: 'Run the suite', status: 'in_progress' },
          { content: 'Deploy', status: 'pending' },
          { content: 'Announce', status: 'pending' },
        ],
        { changes: { unchanged: 'Sin cambios.', progress: (done: number, all: number) => `${done}/${all}.` } },
      ),
    ).toBe('Sin cambios. 1/4.');
    // The dropped task is gone after the next write.
    expect(container.querySelector('[data-change="removed"]')).toBeNull();
  });

  it('announces a second rejection in a row again (the region text changes)', () => {
    const rejection = (toolCallId: string, errorText: string) => ({
      id: toolCallId,
      role: 'assistant' as const,
      parts: [{ type: 'tool-todo_write', toolCallId, state: 'output-error', input: {}, errorText }],
    });
    const { getByRole, rerender } = render(<TodoList messages={messages} status="ready" />);
    rerender(<TodoList messages={[...messages, rejection('c2', 'first problem')]} status="ready" />);
    const first = getByRole('status').textContent;
    rerender(
      <TodoList
        messages={[...messages, rejection('c2', 'first problem'), rejection('c3', 'second problem')]}
        status="ready"
      />,
    );
    const second = getByRole('status').textContent;
    expect(first?.trim()).toBe('Update rejected');
    expect(second?.trim()).toBe('Update rejected');
    expect(second).not.toBe(first);
  });

  it('collapses long lists around the current task, with a real toggle button', () => {
    const todos = Array.from({ length: 12 }, (_, index) => ({
      content: `Task ${index}`,
      status: index < 6 ? 'completed' : index === 6 ? 'in_progress' : 'pending',
    }));
    const long = [{ ...messages[0]!, parts: [{ ...messages[0]!.parts[0]!, input: { todos } }] }];
    const { getByRole, container } = render(<TodoList messages={long} maxVisible={4} />);
    const visible = () =>
      [...container.querySelectorAll('li:not([hidden])')].map(
        (item) => item.querySelector('[data-todo-content]')!.textContent,
      );
    expect(visible()).toEqual(['Task 5', 'Task 6', 'Task 7', 'Task 8']);
    const button = getByRole('button', { name: 'Show all 12' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.getAttribute('aria-controls')).toBe(getByRole('list').id);
    fireEvent.click(button);
    expect(visible()).toHaveLength(12);
    expect(getByRole('button', { name: 'Show fewer' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('has no axe violations, in every phase', async () => {
    const streamingState = selectTodoState([
      {
        parts: [
          {
            type: 'tool-todo_write',
            toolCallId: 'c',
            state: 'input-streaming',
            input: { todos: [{ content: 'Wri' }] },
          },
        ],
      },
    ]);
    const rejectedState = selectTodoState([
      ...messages,
      { parts: [{ type: 'tool-todo_write', toolCallId: 'c2', state: 'output-error', errorText: 'bad' }] },
    ]);
    const { container } = render(
      <main>
        <TodoList messages={messages} status="ready" />
        <TodoList state={streamingState} />
        <TodoList state={rejectedState} maxVisible={2} />
      </main>,
    );
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(
      results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' ')}`),
    ).toEqual([]);
  });
});

describe('styling hooks', () => {
  const state = selectTodoState([
    {
      parts: [
        {
          type: 'tool-todo_write',
          toolCallId: 'c',
          state: 'input-streaming',
          input: { todos: [{ content: 'Done', status: 'completed' }, { content: 'Wri' }] },
        },
      ],
    },
  ]);

  it('puts state on data attributes and takes className, classNames, theme and unstyled', () => {
    const { container } = render(
      <TodoList
        state={state}
        className="panel"
        classNames={{ root: 'r', item: 'i', icon: 'ic', content: 'c', list: 'l', summary: 's', progress: 'p' }}
        theme="dark"
        unstyled
      />,
    );
    const root = container.firstElementChild!;
    expect(root.className).toBe('panel r');
    expect(root.getAttribute('data-phase')).toBe('streaming');
    expect(root.getAttribute('aria-busy')).toBe('true');
    expect(root.getAttribute('data-theme')).toBe('dark');
    expect(root.hasAttribute('data-unstyled')).toBe(true);
    const items = container.querySelectorAll('li');
    expect(items[0]!.getAttribute('data-status')).toBe('completed');
    expect(items[0]!.hasAttribute('data-streaming')).toBe(false);
    expect(items[1]!.hasAttribute('data-streaming')).toBe(true);
    expect(items[1]!.className).toBe('i');
    expect(container.querySelector('ol')!.className).toBe('l');
    expect(container.querySelector('progress')!.className).toBe('p');
  });

  it('takes labels for other languages', () => {
    const { getByRole, container } = render(
      <TodoList
        state={state}
        labels={{
          list: 'Aufgaben',
          completed: 'Erledigt',
          pending: 'Offen',
          summary: (done, total) => `${done} von ${total} erledigt`,
        }}
      />,
    );
    expect(getByRole('list', { name: 'Aufgaben' })).toBeTruthy();
    expect(getByRole('progressbar', { name: '1 von 2 erledigt' })).toBeTruthy();
    expect(container.querySelectorAll('li')[0]!.textContent).toContain('Erledigt');
    expect(container.querySelectorAll('li')[1]!.textContent).toContain('Offen');
  });
});

describe('inline, one call at a time (toolCallId)', () => {
  it('renders each call of a streamed conversation as it left the list', async () => {
    const second = [...TRICKY_PLAN.slice(1), { content: 'One more', status: 'pending' as const }];
    const model = scriptedModel(
      [todoCallStep('c1', { todos: TRICKY_PLAN }), todoCallStep('c2', { todos: second }), textStep('ok')],
      { chunkDelayInMs: 1 },
    );
    const page = renderChat(model);
    await page.send('plan');
    const messages = page.chat().messages;
    cleanup();
    const { container } = render(
      <TodoProvider messages={messages} status="streaming">
        <TodoList toolCallId="c1" />
        <TodoList toolCallId="c2" />
      </TodoProvider>,
    );
    const [first, last] = [...container.querySelectorAll('[data-todo-list]')];
    const contents = (root: Element) =>
      [...root.querySelectorAll('[data-todo-content]')].map((node) => node.textContent);
    expect(contents(first!)).toEqual(TRICKY_PLAN.map((todo) => todo.content));
    expect(contents(last!).slice(0, second.length)).toEqual(second.map((todo) => todo.content));
    // The earlier call is over: nothing of it spins, even while the chat streams.
    expect(first!.hasAttribute('data-live')).toBe(false);
    expect(last!.hasAttribute('data-live')).toBe(true);
  });

  it('stops streaming by itself when the chat stops mid-call', () => {
    const messages = [
      {
        id: 'm',
        role: 'assistant',
        parts: [
          { type: 'tool-todo_write', toolCallId: 'c', state: 'input-streaming', input: { todos: [{ content: 'Dr' }] } },
        ],
      },
    ];
    const { container, rerender } = render(
      <TodoProvider messages={messages} status="streaming">
        <TodoList toolCallId="c" />
      </TodoProvider>,
    );
    expect(container.firstElementChild!.getAttribute('data-phase')).toBe('streaming');
    rerender(
      <TodoProvider messages={messages} status="ready">
        <TodoList toolCallId="c" />
      </TodoProvider>,
    );
    expect(container.firstElementChild!.getAttribute('data-phase')).toBe('rejected');
    expect(container.firstElementChild!.getAttribute('aria-busy')).toBeNull();
  });

  it('follows a dynamic tool by its toolName', () => {
    const messages = [
      {
        id: 'm',
        role: 'assistant',
        parts: [
          {
            type: 'dynamic-tool',
            toolName: 'plan',
            toolCallId: 'd',
            state: 'input-streaming',
            input: { todos: [{ content: 'Draft' }] },
          },
        ],
      },
    ];
    const { container } = render(<TodoList messages={messages} tool="plan" />);
    expect(container.querySelector('[data-todo-content]')!.textContent).toBe('Draft');
  });
});

describe('the root element', () => {
  it('takes DOM props and a ref', () => {
    const ref = createRef<HTMLDivElement>();
    const { container } = render(
      <TodoList state={STATE} ref={ref} id="plan" style={{ maxWidth: 300 }} aria-label="Agent plan" data-testid="x" />,
    );
    const root = container.firstElementChild as HTMLElement;
    expect(ref.current).toBe(root);
    expect(root.id).toBe('plan');
    expect(root.style.maxWidth).toBe('300px');
    expect(root.getAttribute('aria-label')).toBe('Agent plan');
    expect(root.getAttribute('data-testid')).toBe('x');
    expect(root.hasAttribute('data-todo-list')).toBe(true);
  });

  it('renders no row again for inline labels and classNames objects', () => {
    const rendered: string[] = [];
    const renderItem = (row: TodoRow) => {
      rendered.push(row.key);
      return row.content;
    };
    const view = (
      <TodoList state={STATE} renderItem={renderItem} labels={{ list: 'Plan' }} classNames={{ item: 'row' }} />
    );
    const { rerender } = render(view);
    rendered.length = 0;
    rerender(<TodoList state={STATE} renderItem={renderItem} labels={{ list: 'Plan' }} classNames={{ item: 'row' }} />);
    expect(rendered).toEqual([]);
  });
});

describe('bad input never blanks the page', () => {
  it('renders the last good list when a message holds parts that are not an array', () => {
    const good = {
      id: 'a',
      role: 'assistant',
      parts: [
        {
          type: 'tool-todo_write',
          toolCallId: 'c',
          state: 'output-available',
          input: { todos: [{ content: 'Keep me', status: 'pending' }] },
          output: { pending: 1, in_progress: 0, completed: 0 },
        },
      ],
    };
    for (const parts of [{}, true, 3, null, 'x']) {
      const { container, unmount } = render(
        <TodoList messages={[good, { id: 'b', role: 'assistant', parts }, null] as never} status="ready" />,
      );
      expect(container.querySelector('[data-todo-content]')!.textContent).toBe('Keep me');
      unmount();
    }
  });

  it('keeps the rows in the page bounded while a runaway call streams 20,000 tasks', () => {
    const todos = Array.from({ length: 20_000 }, (_, index) => ({ content: `Task ${index}`, status: 'pending' }));
    const messages = [
      {
        id: 'a',
        role: 'assistant',
        parts: [{ type: 'tool-todo_write', toolCallId: 'c', state: 'input-streaming', input: { todos } }],
      },
    ];
    const { container } = render(<TodoList messages={messages} status="streaming" maxVisible={Infinity} />);
    expect(container.querySelectorAll('li').length).toBe(51);
    expect(container.querySelector('[data-todo-more]')!.textContent).toBe('19950 more');
    expect(container.querySelector('[data-todo-summary]')!.textContent).toBe('0 of 20000 completed');
  });

  it('holds the bound when the list collapses to a window larger than it', () => {
    const todos = Array.from({ length: 5_000 }, (_, index) => ({ content: `Task ${index}`, status: 'pending' }));
    const messages = [
      {
        id: 'a',
        role: 'assistant',
        parts: [{ type: 'tool-todo_write', toolCallId: 'c', state: 'input-streaming', input: { todos } }],
      },
    ];
    const { container } = render(<TodoList messages={messages} status="streaming" maxVisible={1000} />);
    expect(container.querySelectorAll('[data-todo-item]').length).toBe(50);
  });
});

describe('a plan denied without a reason', () => {
  const history = (approval: object) => [
    {
      id: 'a',
      role: 'assistant',
      parts: [
        {
          type: 'tool-todo_write',
          toolCallId: 'c1',
          state: 'output-available',
          input: { todos: [{ content: 'Alt', status: 'pending' }] },
          output: { pending: 1, in_progress: 0, completed: 0 },
        },
        { type: 'tool-todo_write', toolCallId: 'c2', state: 'output-denied', input: { todos: [] }, approval },
      ],
    },
  ];

  it('reads in the labels given, with no English sentence', () => {
    const messages = history({ id: 'x', approved: false });
    const { container } = render(
      <TodoProvider messages={messages} status="ready">
        <TodoList labels={{ denied: 'Abgelehnt' }} />
        <TodoCallSummary toolCallId="c2" labels={{ denied: 'Abgelehnt' }} />
      </TodoProvider>,
    );
    expect(container.querySelector('[data-todo-notice]')!.textContent).toBe('Abgelehnt');
    expect(container.querySelector('[data-todo-call-summary]')!.textContent).toBe('Abgelehnt');
  });

  it('keeps a reason that reads like the default text', () => {
    const messages = history({ id: 'x', approved: false, reason: 'The update was denied.' });
    const { container } = render(
      <TodoProvider messages={messages} status="ready">
        <TodoCallSummary toolCallId="c2" />
      </TodoProvider>,
    );
    expect(container.textContent).toBe('Changes requested: The update was denied.');
  });

  it('shows a reason over several lines whole, where a tool error is cut to its problems', () => {
    const reason = 'Drop the deploy step.\n- Keep the tests first.';
    const messages = history({ id: 'x', approved: false, reason });
    const { container } = render(<TodoList messages={messages} status="ready" />);
    expect(container.querySelector('[data-todo-error]')!.textContent).toBe(` ${reason}`);
  });
});

describe('one call of a conversation', () => {
  const messages = [{ id: 'a', role: 'assistant', parts: [] }];
  it('comes from a <TodoProvider>, so one reading serves every call: a list given messages and a call throws', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<TodoList {...({ messages, toolCallId: 'c' } as unknown as { messages: never[] })} />)).toThrow(
      /TodoProvider/,
    );
    expect(() => render(<TodoCallSummary toolCallId="c" />)).toThrow(/TodoProvider/);
    quiet.mockRestore();
  });
});
