import { describe, expect, it } from 'vitest';
import { countTodos } from '../src/index.js';
import { createTodoSelector, selectTodoState } from '../src/index.js';
import { explainTodoDenials, pruneTodoWrites, readTodos } from '../src/index.js';

const counts = { pending: 1, in_progress: 0, completed: 0 };
const accepted = (toolCallId: string, content: string) => ({
  type: 'tool-todo_write',
  toolCallId,
  state: 'output-available',
  input: { todos: [{ content, status: 'pending' }] },
  output: counts,
});
/** A JSON object that cannot be turned into a string: `String()` on it throws. */
const unprintable = JSON.parse('{"toString":1}') as unknown;

describe('messages no reader can make sense of', () => {
  it('an id or state that is an object never throws: the call is read as having none', () => {
    for (const part of [
      { ...accepted('c', 'Read'), toolCallId: unprintable },
      { ...accepted('c', 'Read'), state: unprintable },
    ]) {
      const messages = [{ id: 'a', role: 'assistant', parts: [part] }] as never;
      expect(() => selectTodoState(messages, { status: 'ready' })).not.toThrow();
      expect(() => readTodos(messages)).not.toThrow();
    }
    const model = [
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: unprintable, toolName: 'todo_write', input: {} }],
      },
    ];
    expect(() => readTodos(model as never)).not.toThrow();
    expect(() => pruneTodoWrites(model as never)).not.toThrow();
  });

  it('pruneTodoWrites and explainTodoDenials take null messages, missing and odd content', () => {
    for (const messages of [
      [null],
      [{ role: 'assistant' }],
      [{ role: 'assistant', content: null }],
      [{ content: 5 }],
    ]) {
      expect(pruneTodoWrites(messages as never)).toBe(messages);
      expect(explainTodoDenials(messages as unknown[])).toEqual(messages);
    }
    const call = {
      role: 'assistant',
      content: [{ type: 'tool-call', toolCallId: 'x', toolName: 'todo_write', input: {} }],
    };
    expect(explainTodoDenials([call, null, { role: 'user', content: [null] }])).toHaveLength(3);
    expect(explainTodoDenials(null as never)).toEqual([]);
  });

  it('a status named like an Object property counts as nothing', () => {
    expect(countTodos([{ status: 'constructor' as never }])).toEqual({
      pending: 0,
      in_progress: 0,
      completed: 0,
    });
  });
});

describe('another tool that reuses a call id', () => {
  const todos = [{ content: 'Read the code', status: 'pending' }];
  const messages = [
    {
      role: 'assistant',
      content: [{ type: 'tool-call', toolCallId: 'call_0', toolName: 'todo_write', input: { todos } }],
    },
    {
      role: 'tool',
      content: [
        { type: 'tool-result', toolCallId: 'call_0', toolName: 'todo_write', output: { type: 'json', value: counts } },
      ],
    },
    {
      role: 'assistant',
      content: [
        { type: 'tool-call', toolCallId: 'call_0', toolName: 'deploy', input: {} },
        { type: 'tool-approval-request', toolCallId: 'call_0', approvalId: 'ap1' },
      ],
    },
    {
      role: 'tool',
      content: [{ type: 'tool-approval-response', approvalId: 'ap1', approved: false, reason: 'not on friday' }],
    },
  ];

  it('leaves the accepted list as it was: its approval request is the other tool’s', () => {
    expect(readTodos(messages as never)).toEqual(todos);
  });

  it('keeps the other tool’s denial as the person wrote it', () => {
    const explained = explainTodoDenials(messages) as typeof messages;
    expect(explained[3]).toBe(messages[3]);
  });
});

describe('a kept selector after the conversation was cleared mid-stream', () => {
  it('answers like a fresh one', () => {
    const selector = createTodoSelector();
    selector.select([{ id: 'a', parts: [accepted('c1', 'Read')] }], { status: 'ready' });
    // A replay from the message's first chunk holds the list; then the app clears the chat.
    selector.select([{ id: 'a', parts: [] }], { status: 'streaming' });
    expect(selector.select([], { status: 'streaming' })).toEqual(selectTodoState([], { status: 'streaming' }));
  });
});

describe('a replay and a retried step, told apart', () => {
  const user = { id: 'u', role: 'user', parts: [] };
  const rowsOf = (state: { todos: readonly { key: string; content: string; change?: string | undefined }[] }) =>
    state.todos.map((row) => `${row.key}|${row.content}|${row.change ?? ''}`);
  const first = accepted('c1', 'Read the code');
  const second = {
    ...accepted('c2', 'Fix the parser'),
    input: {
      todos: [
        { content: 'Read the code', status: 'completed' },
        { content: 'Fix the parser', status: 'in_progress' },
      ],
    },
  };

  it('a resume that resets the calls one by one keeps every row and its change while it replays', () => {
    const selector = createTodoSelector();
    const shown = rowsOf(selector.select([user, { id: 'a', parts: [first, second] }], { status: 'ready' }));
    const reset = { ...first, state: 'input-streaming', input: undefined, output: undefined };
    expect(rowsOf(selector.select([user, { id: 'a', parts: [reset, second] }], { status: 'streaming' }))).toEqual(
      shown,
    );
    const resetSecond = { ...second, state: 'input-streaming', input: undefined, output: undefined };
    expect(rowsOf(selector.select([user, { id: 'a', parts: [first, resetSecond] }], { status: 'streaming' }))).toEqual(
      shown,
    );
    const caughtUp = [user, { id: 'a', parts: [first, second] }];
    expect(selector.select(caughtUp, { status: 'streaming' })).toEqual(
      selectTodoState(caughtUp, { status: 'streaming' }),
    );
  });

  it('a reset-step that drops the newest accepted call shows the list before it at once', () => {
    const selector = createTodoSelector();
    selector.select([user, { id: 'a', parts: [{ type: 'step-start' }, first, { type: 'step-start' }, second] }], {
      status: 'streaming',
    });
    const retried = [user, { id: 'a', parts: [{ type: 'step-start' }, first] }];
    expect(selector.select(retried, { status: 'streaming' })).toEqual(
      selectTodoState(retried, { status: 'streaming' }),
    );
  });

  it('a retry that reuses the dropped call’s id streams its own list', () => {
    const selector = createTodoSelector();
    selector.select([user, { id: 'a', parts: [first, second] }], { status: 'streaming' });
    const retry = {
      type: 'tool-todo_write',
      toolCallId: 'c2',
      state: 'input-streaming',
      input: { todos: [{ content: 'Read the code', status: 'completed' }, { content: 'Ship it' }] },
    };
    const retried = [user, { id: 'a', parts: [first, retry] }];
    expect(selector.select(retried, { status: 'streaming' })).toEqual(
      selectTodoState(retried, { status: 'streaming' }),
    );
  });
});
