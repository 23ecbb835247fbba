import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { convertToModelMessages, parsePartialJson, readUIMessageStream, type UIMessage, type UIMessageChunk } from 'ai';
import { pruneTodoWrites } from '../src/index.js';
import { TODO_CHANGE_KINDS } from '../src/plan/todo-changes.js';
import { createTodoSelector, selectTodoState } from '../src/index.js';
import type { TodoState } from '../src/index.js';
import type { Todo } from '../src/index.js';
import { diffTodos } from '../src/index.js';
import { readTodos } from '../src/index.js';
import {
  asciiJson,
  collectSnapshots,
  scriptedModel,
  splitIntoDeltas,
  textStep,
  todoCallStep,
  TRICKY_PLAN,
} from './support/stream-todo-call.js';

type Part = Record<string, unknown>;
let messageCount = 0;
const message = (...parts: Part[]) => ({ id: `m${messageCount++}`, role: 'assistant' as const, parts });
const call = (toolCallId: string, state: string, input: unknown, extra: Part = {}): Part => ({
  type: 'tool-todo_write',
  toolCallId,
  state,
  input,
  ...extra,
});
const accepted = (toolCallId: string, todos: Todo[]) =>
  call(toolCallId, 'output-available', { todos }, { output: { pending: 0, in_progress: 0, completed: 0 } });
const streaming = (toolCallId: string, input: unknown) => call(toolCallId, 'input-streaming', input);
const rows = (state: TodoState) => state.todos.map(({ content, status }) => [content, status]);

const plan: Todo[] = [
  { content: 'Read code', status: 'completed' },
  { content: 'Write tests', status: 'in_progress' },
  { content: 'Ship', status: 'pending' },
];

describe('with no todo_write call', () => {
  it('is empty', () => {
    const state = selectTodoState([message({ type: 'text', text: 'hi' })]);
    expect(state).toMatchObject({ phase: 'empty', todos: [], counts: { pending: 0, in_progress: 0, completed: 0 } });
    expect(state.toolCallId).toBeUndefined();
  });
  it('ignores other tools, and calls nested inside other parts', () => {
    const nested = {
      type: 'tool-agent',
      toolCallId: 'x',
      state: 'output-available',
      output: { parts: [accepted('a', plan)] },
    };
    expect(
      selectTodoState([message({ type: 'tool-other', state: 'output-available', input: { todos: plan } }, nested)])
        .phase,
    ).toBe('empty');
  });
});

describe('which call wins', () => {
  it('the newest call across messages', () => {
    const state = selectTodoState([
      message(accepted('a', plan)),
      message(accepted('b', [{ content: 'Only', status: 'pending' }])),
    ]);
    expect(rows(state)).toEqual([['Only', 'pending']]);
    expect(state).toMatchObject({ phase: 'accepted', toolCallId: 'b' });
  });
  it('the later of two calls in one message', () => {
    const state = selectTodoState([
      message(accepted('a', plan), { type: 'text', text: 'x' }, accepted('b', plan.slice(0, 1))),
    ]);
    expect(state.toolCallId).toBe('b');
    expect(state.todos).toHaveLength(1);
  });
  it('counts dynamic tools and a custom tool name', () => {
    const dynamic = { ...accepted('a', plan), type: 'dynamic-tool', toolName: 'plan' };
    expect(selectTodoState([message(dynamic)], { tool: 'plan' }).todos).toHaveLength(3);
    expect(selectTodoState([message(dynamic)]).phase).toBe('empty');
    expect(
      selectTodoState([message({ ...accepted('a', plan), type: 'tool-plan' })], { tool: 'plan' }).todos,
    ).toHaveLength(3);
  });
  it('an empty list clears the checklist once accepted', () => {
    const state = selectTodoState([message(accepted('a', plan)), message(accepted('b', []))]);
    expect(state).toMatchObject({ phase: 'accepted', todos: [] });
  });
});

describe('while a call streams', () => {
  it('hides items without text yet', () => {
    const state = selectTodoState([
      message(
        streaming('a', { todos: [{ content: 'Read', status: 'pending' }, {}, { content: '' }, { content: '  ' }] }),
      ),
    ]);
    expect(rows(state)).toEqual([['Read', 'pending']]);
    expect(state.phase).toBe('streaming');
  });
  it('counts a status only when it is exactly one of the three values', () => {
    for (const cut of ['', 'co', 'in_progr', 'pend', 'done', 'Completed']) {
      const state = selectTodoState([message(streaming('a', { todos: [{ content: 'Read code', status: cut }] }))]);
      expect(rows(state)).toEqual([['Read code', 'pending']]);
    }
  });
  it('keeps the status an item had in the last accepted list until its own arrives', () => {
    const state = selectTodoState([
      message(accepted('a', plan)),
      message(streaming('b', { todos: [{ content: 'Read code', status: 'comp' }] })),
    ]);
    expect(state.todos[0]).toMatchObject({ content: 'Read code', status: 'completed', key: state.todos[0]!.key });
  });
  it('marks the last item streaming while content is its last key', () => {
    const growing = selectTodoState([
      message(streaming('a', { todos: [{ content: 'A', status: 'pending' }, { content: 'Wri' }] })),
    ]);
    expect(growing.todos.map((item) => item.streaming)).toEqual([false, true]);
    const statusFollows = selectTodoState([message(streaming('a', { todos: [{ content: 'Write', status: 'pe' }] }))]);
    expect(statusFollows.todos[0]!.streaming).toBe(false);
    const statusFirst = selectTodoState([message(streaming('a', { todos: [{ status: 'pending', content: 'Wri' }] }))]);
    expect(statusFirst.todos[0]!.streaming).toBe(true);
  });
  it('is streaming with nothing to show before the first item of the first call', () => {
    expect(selectTodoState([message(streaming('a', undefined))])).toMatchObject({
      phase: 'streaming',
      todos: [],
      toolCallId: 'a',
    });
  });
});

describe('when a new call starts after an accepted list', () => {
  const history = [message(accepted('a', plan))];
  for (const input of [undefined, {}, { todos: [] }, { todos: [{}] }, { todos: 'garbage' }]) {
    it(`keeps the accepted list on screen while the input is ${JSON.stringify(input)}`, () => {
      const state = selectTodoState([...history, message(streaming('b', input))]);
      expect(rows(state)).toEqual(plan.map((todo) => [todo.content, todo.status]));
      expect(state.todos.map((row) => row.key)).toEqual(['task:a:0', 'task:a:1', 'task:a:2']);
      expect(state.phase).toBe('streaming');
    });
  }
  it('shows the streamed rows first, then the unclaimed accepted rows, never one twice', () => {
    const state = selectTodoState([
      ...history,
      message(streaming('b', { todos: [{ content: 'Ship', status: 'in_progress' }, { content: 'New' }] })),
    ]);
    expect(state.todos.map((item) => [item.content, item.key])).toEqual([
      ['Ship', 'task:a:2'],
      ['New', 'task:b:1'],
      ['Read code', 'task:a:0'],
      ['Write tests', 'task:a:1'],
    ]);
  });
  it('never shrinks while the call streams', () => {
    const full = JSON.stringify({ todos: [{ content: 'Ship', status: 'completed' }] });
    let length = 3;
    for (let end = 0; end <= full.length; end++) {
      const state = selectTodoState([...history, message(streaming('b', safeParse(full.slice(0, end))))]);
      expect(state.todos.length).toBeGreaterThanOrEqual(length);
      length = state.todos.length;
    }
  });
  it('replaces everything once the input is complete', () => {
    const state = selectTodoState([
      ...history,
      message(call('b', 'input-available', { todos: [{ content: 'Ship', status: 'in_progress' }] })),
    ]);
    expect(state).toMatchObject({ phase: 'executing', toolCallId: 'b' });
    expect(rows(state)).toEqual([['Ship', 'in_progress']]);
  });
});

describe('phases', () => {
  const history = [message(accepted('a', plan))];
  it('an approved call and preliminary output are executing', () => {
    for (const part of [
      call('b', 'approval-responded', { todos: plan.slice(0, 1) }, { approval: { id: 'x', approved: true } }),
      call('b', 'output-available', { todos: plan.slice(0, 1) }, { preliminary: true }),
    ]) {
      const state = selectTodoState([...history, message(part)]);
      expect(state.phase).toBe('executing');
      expect(state.todos).toHaveLength(1);
    }
  });
  it('output-error brings the accepted list back with the error', () => {
    const state = selectTodoState([
      ...history,
      message(call('b', 'output-error', { todos: [] }, { errorText: 'Two tasks in_progress' })),
    ]);
    expect(state).toMatchObject({
      phase: 'rejected',
      rejection: 'error',
      error: 'Two tasks in_progress',
      toolCallId: 'a',
    });
    expect(rows(state)).toEqual(plan.map((todo) => [todo.content, todo.status]));
  });
  it('a call whose execute never finished is abandoned once the stream is over (Stop while onWrite awaits)', () => {
    for (const part of [
      call('b', 'input-available', { todos: plan.slice(0, 1) }),
      call('b', 'output-available', { todos: plan.slice(0, 1) }, { preliminary: true }),
    ]) {
      for (const status of ['ready', 'error'] as const) {
        const state = selectTodoState([...history, message(part)], { status });
        expect(state).toMatchObject({ phase: 'rejected', rejection: 'interrupted', toolCallId: 'a' });
        expect(rows(state)).toEqual(plan.map((todo) => [todo.content, todo.status]));
      }
      expect(selectTodoState([...history, message(part)], { status: 'streaming' }).phase).toBe('executing');
    }
  });
  it('a call waiting for approval is in review, also after the stream ended', () => {
    for (const status of ['streaming', 'ready', undefined] as const) {
      const state = selectTodoState(
        [...history, message(call('b', 'approval-requested', { todos: plan.slice(0, 1) }, { approval: { id: 'x' } }))],
        { status },
      );
      expect(state).toMatchObject({ phase: 'review', toolCallId: 'b', approvalId: 'x' });
      expect(rows(state)).toEqual([['Read code', 'completed']]);
      expect(state.removed.map((row) => row.content)).toEqual(['Write tests', 'Ship']);
    }
  });
  it('a review is interrupted once a later message, a later call or a failed chat ends it', () => {
    const waiting = call('b', 'approval-requested', { todos: plan.slice(0, 1) }, { approval: { id: 'x' } });
    for (const [messages, status] of [
      [[...history, message(waiting), message({ type: 'text', text: 'never mind' })], 'ready'],
      [[...history, message(waiting, accepted('c', plan))], 'ready'],
      [[...history, message(waiting)], 'error'],
    ] as const) {
      const state = selectTodoState(messages, { status, toolCallId: 'b' });
      expect(state).toMatchObject({ phase: 'rejected', rejection: 'interrupted', toolCallId: 'a' });
      expect(state.approvalId).toBeUndefined();
    }
  });
  it('an approval answered no is denied, with its reason, and shows the accepted list', () => {
    const answer = (approval: Part) =>
      selectTodoState([...history, message(call('b', 'approval-responded', { todos: [] }, { approval }))]);
    expect(answer({ id: 'x', approved: false, reason: 'Keep the tests' })).toMatchObject({
      phase: 'rejected',
      rejection: 'denied',
      error: 'Keep the tests',
      toolCallId: 'a',
    });
    // No reason is a state the labels render, never a sentence in the data.
    expect(answer({ id: 'x', approved: false })).toMatchObject({ rejection: 'denied' });
    expect(answer({ id: 'x', approved: false }).error).toBeUndefined();
    expect(answer({ id: 'x', approved: false, reason: 'The update was denied.' }).error).toBe('The update was denied.');
    expect(rows(answer({ id: 'x', approved: false }))).toEqual(plan.map((todo) => [todo.content, todo.status]));
  });
  it('output-denied without a reason is denied with no error text', () => {
    const state = selectTodoState([
      ...history,
      message(call('b', 'output-denied', { todos: [] }, { approval: { id: 'x', approved: false } })),
    ]);
    expect(state).toMatchObject({ phase: 'rejected', rejection: 'denied' });
    expect(state.error).toBeUndefined();
  });
  it('output-denied brings the accepted list back with the reason', () => {
    const state = selectTodoState([
      ...history,
      message(call('b', 'output-denied', { todos: [] }, { approval: { id: 'x', approved: false, reason: 'No' } })),
    ]);
    expect(state).toMatchObject({ phase: 'rejected', rejection: 'denied', error: 'No' });
    expect(state.todos).toHaveLength(3);
  });
  it('the error lasts only while the rejected call is newest', () => {
    const rejected = message(call('b', 'output-error', {}, { errorText: 'bad' }));
    const state = selectTodoState([...history, rejected, message(accepted('c', plan))]);
    expect(state.phase).toBe('accepted');
    expect(state.error).toBeUndefined();
  });
  it('a rejected first call shows nothing, with the error', () => {
    expect(selectTodoState([message(call('b', 'output-error', undefined, { errorText: 'bad' }))])).toMatchObject({
      phase: 'rejected',
      todos: [],
      error: 'bad',
    });
  });
  it('an unknown state shows the last accepted list', () => {
    const state = selectTodoState([...history, message(call('b', 'some-future-state', { todos: [] }))]);
    expect(state).toMatchObject({ phase: 'accepted', toolCallId: 'a' });
    expect(state.todos).toHaveLength(3);
    expect(selectTodoState([message(call('b', 'some-future-state', {}))]).phase).toBe('empty');
  });
  it('accepts a list double-encoded as a JSON string', () => {
    const state = selectTodoState([message(accepted('a', JSON.stringify(plan) as unknown as Todo[]))]);
    expect(rows(state)).toHaveLength(3);
  });
});

describe('when a stream ends without finishing the call', () => {
  const abandoned = [message(accepted('a', plan)), message(streaming('b', { todos: [{ content: 'Half' }] }))];
  it.each(['ready', 'error'] as const)('with status %s, the accepted list comes back', (status) => {
    const state = selectTodoState(abandoned, { status });
    expect(state).toMatchObject({ phase: 'rejected', rejection: 'interrupted', toolCallId: 'a' });
    expect(rows(state)).toEqual(plan.map((todo) => [todo.content, todo.status]));
  });
  it('while still streaming, the call is live', () => {
    expect(selectTodoState(abandoned, { status: 'streaming' }).phase).toBe('streaming');
  });
  it('once a later message exists, the call is abandoned whatever the status', () => {
    const user = { id: 'u', role: 'user', parts: [{ type: 'text', text: 'next' }] };
    const state = selectTodoState([...abandoned, user], { status: 'submitted' });
    expect(state.rejection).toBe('interrupted');
  });
});

describe('keys', () => {
  it('belong to the call that added the task, so a task keeps its row whichever call writes it', () => {
    const first = selectTodoState([message(accepted('a', plan))]);
    expect(first.todos.map((item) => item.key)).toEqual(['task:a:0', 'task:a:1', 'task:a:2']);
    const moved = [
      plan[2]!,
      { content: ' Read code ', status: 'completed' as const },
      { content: 'New', status: 'pending' as const },
    ];
    const second = selectTodoState([message(accepted('a', plan)), message(accepted('b', moved))]);
    expect(second.todos.map((item) => item.key)).toEqual(['task:a:2', 'task:a:0', 'task:b:2']);
    const third = selectTodoState([
      message(accepted('a', plan)),
      message(accepted('b', moved)),
      message(accepted('c', [{ content: 'New', status: 'completed' }])),
    ]);
    expect(third.todos.map((item) => item.key)).toEqual(['task:b:2']);
  });
  it('are the same from the first character through acceptance and into later calls', () => {
    const keys = new Set<string>();
    for (const content of ['W', 'Wr', 'Write', 'Write tests']) {
      keys.add(selectTodoState([message(streaming('a', { todos: [{ content }] }))]).todos[0]!.key);
    }
    const whole = selectTodoState([message(streaming('a', { todos: [{ content: 'Write tests', status: 'pe' }] }))]);
    keys.add(whole.todos[0]!.key);
    const written = [{ content: 'Write tests', status: 'pending' as const }];
    keys.add(selectTodoState([message(accepted('a', written))]).todos[0]!.key);
    const later = [message(accepted('a', written)), message(streaming('b', { todos: [{ content: 'Write tests' }] }))];
    keys.add(selectTodoState(later).todos[0]!.key);
    expect([...keys]).toEqual(['task:a:0']);
  });
  it('show a re-sent task as it was while its text streams: never retyped, never moved', () => {
    const history = [message(accepted('a', plan))];
    for (const content of ['W', 'Write t', 'Write tests']) {
      const state = selectTodoState([
        ...history,
        message(streaming('b', { todos: [{ content: 'Read code', status: 'completed' }, { content }] })),
      ]);
      expect(state.todos.map((row) => [row.key, row.content, row.status])).toEqual([
        ['task:a:0', 'Read code', 'completed'],
        ['task:a:1', 'Write tests', 'in_progress'],
        ['task:a:2', 'Ship', 'pending'],
      ]);
    }
    const restatused = selectTodoState([
      ...history,
      message(streaming('b', { todos: [{ content: 'Read code' }, { content: 'Write tests', status: 'completed' }] })),
    ]);
    expect(restatused.todos[1]).toMatchObject({
      key: 'task:a:1',
      content: 'Write tests',
      status: 'completed',
      streaming: false,
      change: 'completed',
    });
  });
  it("never lend an old task's text to a new task that shares its first words", () => {
    const history = [message(accepted('a', plan))];
    const texts = ['Wri', 'Write docs', 'Write docs for the API'].map((content) =>
      selectTodoState([...history, message(streaming('b', { todos: [{ content }] }))]).todos.map((row) => [
        row.key,
        row.content,
      ]),
    );
    // While it could still be "Write tests" re-sent, the old rows stay as they were, in place.
    expect(texts[0]).toEqual([
      ['task:a:0', 'Read code'],
      ['task:a:1', 'Write tests'],
      ['task:a:2', 'Ship'],
    ]);
    // Once it departs from every old task, it is a new row, typed as it comes.
    expect(texts[1]![0]).toEqual(['task:b:0', 'Write docs']);
    expect(texts[2]![0]).toEqual(['task:b:0', 'Write docs for the API']);
  });
  it('stay put when a streamed prefix of an accepted item grows into it', () => {
    const history = [message(accepted('a', plan))];
    for (const content of ['Wri', 'Write t', 'Write tests']) {
      const state = selectTodoState([...history, message(streaming('b', { todos: [{ content }] }))]);
      expect(state.todos.filter((row) => row.key === 'task:a:1')).toHaveLength(1);
      expect(state.todos.filter((row) => row.content.startsWith('Wri'))).toHaveLength(1);
    }
    const complete = selectTodoState([
      ...history,
      message(streaming('b', { todos: [{ content: 'Write tests', status: 'pe' }] })),
    ]);
    expect(complete.todos[0]).toMatchObject({ key: 'task:a:1', content: 'Write tests', status: 'in_progress' });
  });
  it('are unique for duplicate texts', () => {
    const state = selectTodoState([
      message(accepted('a', [{ content: 'Same', status: 'pending' }])),
      message(streaming('b', { todos: [{ content: 'Same' }, { content: 'Same' }, { content: 'Same' }] })),
    ]);
    const keys = state.todos.map((item) => item.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toEqual(['task:a:0', 'task:b:1', 'task:b:2']);
  });
  it('stay unique, and the same, when a provider reuses a toolCallId', () => {
    const state = selectTodoState([
      message(accepted('call', [{ content: 'A', status: 'pending' }])),
      message(
        accepted('call', [
          { content: 'B', status: 'pending' },
          { content: 'A', status: 'pending' },
        ]),
      ),
    ]);
    expect(state.todos.map((item) => item.key)).toEqual(['task2:call:0', 'task:call:0']);
  });
});

describe('structural sharing (one selector across updates)', () => {
  const deepCopy = <T>(value: T): T => structuredClone(value);
  it('returns the previous state when nothing visible changed, even for deep-copied messages', () => {
    const selector = createTodoSelector();
    const messages = [message(accepted('a', plan))];
    const first = selector.select(messages);
    expect(selector.select(deepCopy(messages))).toBe(first);
    expect(selector.select([...deepCopy(messages), message({ type: 'text', text: 'Done.' })])).toBe(first);
  });
  it('reuses the unchanged rows when one changes', () => {
    const selector = createTodoSelector();
    const history = [message(accepted('a', plan))];
    const before = selector.select([
      ...history,
      message(streaming('b', { todos: [{ content: 'Read code', status: 'completed' }, { content: 'Bra' }] })),
    ]);
    const after = selector.select(
      deepCopy([
        ...history,
        message(streaming('b', { todos: [{ content: 'Read code', status: 'completed' }, { content: 'Brand new' }] })),
      ]),
    );
    expect(after.todos).not.toBe(before.todos);
    expect(after.todos[0]).toBe(before.todos[0]);
    expect(after.todos[1]).not.toBe(before.todos[1]);
    expect(after.todos[2]).toBe(before.todos[2]);
    expect(after.counts).toBe(before.counts);
  });
  it('keeps the todos array when only the phase changes', () => {
    const selector = createTodoSelector();
    const history = [message(accepted('a', plan))];
    const executing = selector.select([...history, message(call('b', 'input-available', { todos: plan }))]);
    const done = selector.select([...history, message(accepted('b', plan))]);
    expect(done.phase).toBe('accepted');
    expect(done.todos).toBe(executing.todos);
  });
  it('keeps calls that reuse an id apart, delta after delta', () => {
    const selector = createTodoSelector();
    const history = [
      message(accepted('call_0', [{ content: 'A', status: 'in_progress' }])),
      message(
        accepted('call_0', [
          { content: 'A', status: 'completed' },
          { content: 'B', status: 'in_progress' },
        ]),
      ),
    ];
    for (const content of ['C', 'Ch', 'Check']) {
      const messages = deepCopy([
        ...history,
        message(streaming('call_0', { todos: [{ content: 'A', status: 'completed' }, { content }] })),
      ]);
      expect(selector.select(messages)).toEqual(selectTodoState(messages));
    }
    const done = [...history, message(accepted('call_0', [{ content: 'B', status: 'completed' }]))];
    const first = selector.select(done);
    expect(first).toEqual(selectTodoState(done));
    expect(selector.select(deepCopy(done))).toBe(first);
  });
  it('gives what a fresh derivation gives, whatever it saw before', () => {
    const selector = createTodoSelector();
    const conversations = [
      [message(accepted('a', plan))],
      [message(accepted('a', plan)), message(streaming('b', { todos: [{ content: 'Ship', status: 'completed' }] }))],
      [message(accepted('x', [{ content: 'Other chat', status: 'pending' }]))],
      [message(accepted('a', plan))],
    ];
    for (const messages of conversations) expect(selector.select(messages)).toEqual(selectTodoState(messages));
  });
});

describe('one selector for every view of a conversation (read, then state per call)', () => {
  it('gives every call what a fresh derivation gives, on every snapshot of a real stream, and reports what changed', async () => {
    const model = scriptedModel([
      todoCallStep('c1', { todos: plan }),
      todoCallStep('c2', { todos: [...plan.slice(1), { content: 'Deploy', status: 'pending' }] }, { seed: 2 }),
      todoCallStep('c3', { todos: [{ content: 'Ship', status: 'done' }] }, { seed: 3 }),
      textStep('Done.'),
    ]);
    const user: UIMessage = { id: 'u', role: 'user', parts: [{ type: 'text', text: 'go' }] };
    const snapshots = await collectSnapshots(model, [user]);
    const selector = createTodoSelector();
    const seen = new Map<string, TodoState>();
    snapshots.forEach((snapshot, index) => {
      const messages = [user, structuredClone(snapshot)];
      const status = index === snapshots.length - 1 ? 'ready' : 'streaming';
      for (const toolCallId of [undefined, 'c1', 'c2', 'c3']) {
        const state = selector.select(messages, { status, toolCallId });
        expect(state).toEqual(selectTodoState(messages, { status, toolCallId }));
        // A call whose state did not change keeps its state object.
        const last = toolCallId ? seen.get(toolCallId) : undefined;
        if (last && JSON.stringify(last) === JSON.stringify(state)) expect(state).toBe(last);
        if (toolCallId) seen.set(toolCallId, state);
      }
    });
    const messages = [user, snapshots.at(-1)!];
    expect(selector.select(messages, { status: 'ready', toolCallId: 'c2' }).phase).toBe('accepted');
    expect(selector.select(messages, { status: 'ready', toolCallId: 'c3' })).toMatchObject({
      phase: 'rejected',
      rejection: 'error',
    });
  });
});

describe('a message edited in place', () => {
  it('gives the new list to a one-shot derivation: the result depends on the arguments only', () => {
    const first = message(accepted('a', plan));
    const messages = [first];
    expect(rows(selectTodoState(messages))).toEqual(plan.map((todo) => [todo.content, todo.status]));
    first.parts.push(accepted('b', [{ content: 'Only this', status: 'pending' }]));
    expect(rows(selectTodoState(messages))).toEqual([['Only this', 'pending']]);
    first.parts.splice(0, first.parts.length, accepted('c', [{ content: 'Replaced', status: 'completed' }]));
    expect(rows(selectTodoState(messages))).toEqual([['Replaced', 'completed']]);
  });

  it('gives a kept selector the new list once the changed message is a new object, as React asks', () => {
    const first = message(accepted('a', plan));
    const selector = createTodoSelector();
    expect(rows(selector.select([first]))).toEqual(plan.map((todo) => [todo.content, todo.status]));
    const edited = { ...first, parts: [...first.parts, accepted('d', [{ content: 'Pushed', status: 'pending' }])] };
    expect(rows(selector.select([edited]))).toEqual([['Pushed', 'pending']]);
  });
});

describe('a message replayed from its start (a resumed stream)', () => {
  const user = { id: 'u', role: 'user' as const, parts: [] as Part[] };
  const older: Todo[] = [{ content: 'Read code', status: 'in_progress' }];
  const replayed = (...parts: Part[]) => [user, { id: 'a1', role: 'assistant' as const, parts }];

  it('keeps the newest accepted list while the replay has not accepted its call again, then follows the stream', () => {
    const selector = createTodoSelector();
    expect(rows(selector.select(replayed(accepted('c1', older), accepted('c2', plan)), { status: 'ready' }))).toEqual(
      rows(selectTodoState(replayed(accepted('c2', plan)))),
    );
    const newest = selector.select(replayed(accepted('c1', older), accepted('c2', plan)), { status: 'ready' });
    // The replay's first chunk: the same message, no parts.
    const emptied = selector.select(replayed(), { status: 'streaming' });
    expect(emptied.phase).toBe('accepted');
    expect(emptied.toolCallId).toBe('c2');
    expect(emptied.todos).toBe(newest.todos);
    // An older call replayed, then the newest one streaming again: still the newest list.
    expect(rows(selector.select(replayed(accepted('c1', older)), { status: 'streaming' }))).toEqual(rows(newest));
    expect(
      rows(selector.select(replayed(accepted('c1', older), streaming('c2', { todos: [] })), { status: 'streaming' })),
    ).toEqual(rows(newest));
    // Caught up: the replayed call is accepted, then a new call streams as usual.
    const caughtUp = selector.select(replayed(accepted('c1', older), accepted('c2', plan)), { status: 'streaming' });
    expect(caughtUp.toolCallId).toBe('c2');
    const next = selector.select(
      replayed(accepted('c1', older), accepted('c2', plan), streaming('c3', { todos: [{ content: 'New' }] })),
      { status: 'streaming' },
    );
    expect(next.phase).toBe('streaming');
    expect(next.toolCallId).toBe('c3');
  });

  it('lets the list go when the message itself went away (regenerate, a cleared chat)', () => {
    const selector = createTodoSelector();
    selector.select(replayed(accepted('c2', plan)), { status: 'ready' });
    const regenerated = [user, { id: 'a2', role: 'assistant' as const, parts: [] as Part[] }];
    expect(selector.select(regenerated, { status: 'streaming' }).phase).toBe('empty');
    selector.select(replayed(accepted('c2', plan)), { status: 'ready' });
    expect(selector.select([], { status: 'streaming' }).phase).toBe('empty');
  });

  it('lets the list go once the chat is no longer streaming without it (the replay failed or the part was edited away)', () => {
    const selector = createTodoSelector();
    selector.select(replayed(accepted('c1', older), accepted('c2', plan)), { status: 'ready' });
    expect(selector.select(replayed(), { status: 'streaming' }).toolCallId).toBe('c2');
    expect(rows(selector.select(replayed(accepted('c1', older)), { status: 'error' }))).toEqual(
      rows(selectTodoState(replayed(accepted('c1', older)), { status: 'error' })),
    );
  });
});

function safeParse(text: string): unknown {
  // Same shape the SDK hands over: undefined when nothing parses yet.
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

describe('properties over every prefix of a streamed call', () => {
  const todoArbitrary = fc.record({
    content: fc.oneof(
      fc.constantFrom('Read', 'Read code', 'Ship', ' Ship ', 'é🚀 "quoted" \\ path'),
      fc.string({ minLength: 1, maxLength: 8 }).filter((text) => text.trim() !== ''),
    ),
    status: fc.constantFrom('pending', 'in_progress', 'completed') as fc.Arbitrary<Todo['status']>,
  });
  const listArbitrary = fc.array(todoArbitrary, { maxLength: 6 });

  it('shows only valid rows, never shrinks, keys are unique and stable, and ends with the input', async () => {
    await fc.assert(
      fc.asyncProperty(listArbitrary, listArbitrary, async (previousList, nextList) => {
        const history = previousList.length > 0 ? [message(accepted('a', previousList))] : [];
        const text = JSON.stringify({ todos: nextList });
        let minimum = previousList.length;
        const selector = createTodoSelector();
        let state: TodoState | undefined;
        const seen: TodoState[] = [];
        for (let end = 0; end <= text.length; end++) {
          const { value } = await parsePartialJson(text.slice(0, end));
          const messages = [...history, message(streaming('b', value))];
          state = selector.select(messages, { status: 'streaming' });
          // Reusing the previous delta's work changes nothing visible.
          expect(state).toEqual(selectTodoState(messages, { status: 'streaming' }));
          seen.push(state);
          expect(
            state.todos.every(
              (item) => item.content.trim() !== '' && ['pending', 'in_progress', 'completed'].includes(item.status),
            ),
          ).toBe(true);
          expect(state.todos.length).toBeGreaterThanOrEqual(minimum);
          minimum = state.todos.length;
          expect(new Set(state.todos.map((item) => item.key)).size).toBe(state.todos.length);
        }
        const final = selector.select([...history, message(call('b', 'input-available', { todos: nextList }))]);
        expect(rows(final)).toEqual(nextList.map((todo) => [todo.content, todo.status]));
        // A finished (non-streaming) streamed row keeps its key into the final list.
        const finalKeys = new Map(final.todos.map((item) => [item.key, item.content]));
        for (const snapshot of seen) {
          for (const item of snapshot.todos) {
            if (!item.streaming && (item.key.startsWith('b:') || finalKeys.has(item.key)))
              expect(finalKeys.get(item.key)?.trim()).toBe(item.content.trim());
          }
        }
      }),
      { numRuns: 100 },
    );
  }, 60_000);

  it('is a pure function of the messages (server and client agree)', () => {
    fc.assert(
      fc.property(listArbitrary, listArbitrary, (first, second) => {
        const messages = [message(accepted('a', first)), message(accepted('b', second))];
        const clone = structuredClone(messages);
        expect(selectTodoState(clone)).toEqual(selectTodoState(messages));
      }),
    );
  });
});

describe('through the real SDK stream (mock model -> streamText -> UI chunks -> readUIMessageStream)', () => {
  const user = { id: 'u1', role: 'user' as const, parts: [{ type: 'text' as const, text: 'go' }] };
  const finalContents = TRICKY_PLAN.map((todo) => todo.content);

  it.each([
    ['plain JSON', (seed: number) => todoCallStep('c1', { todos: TRICKY_PLAN }, { seed })],
    [
      '\\u-escaped JSON',
      (seed: number) => todoCallStep('c1', { todos: TRICKY_PLAN }, { seed, json: asciiJson({ todos: TRICKY_PLAN }) }),
    ],
  ])(
    '%s: every snapshot shows only valid rows, text that is a prefix of the final text, and ends with the input',
    async (_name, step) => {
      for (const seed of [1, 2, 3, 4, 5]) {
        const snapshots = await collectSnapshots(scriptedModel([step(seed), textStep('Done.')]), [user]);
        const selector = createTodoSelector();
        let state: TodoState | undefined;
        for (const snapshot of snapshots) {
          state = selector.select([user, snapshot], { status: 'streaming' });
          for (const item of state.todos) {
            expect(item.content.trim()).not.toBe('');
            expect(['pending', 'in_progress', 'completed']).toContain(item.status);
            expect(finalContents.some((content) => content.startsWith(item.content))).toBe(true);
            if (!item.streaming) expect(finalContents).toContain(item.content);
          }
        }
        expect(state).toMatchObject({ phase: 'accepted', toolCallId: 'c1' });
        expect(rows(state!)).toEqual(TRICKY_PLAN.map((todo) => [todo.content, todo.status]));
      }
    },
  );
});

describe('what the newest call changed', () => {
  const history = [message(accepted('a', plan))];
  const changes = (state: TodoState) => state.todos.map((row) => [row.content, row.change]);

  it('marks every task of a first list added', () => {
    expect(changes(selectTodoState(history))).toEqual([
      ['Read code', 'added'],
      ['Write tests', 'added'],
      ['Ship', 'added'],
    ]);
  });
  it('marks what an accepted call completed, started, reopened and added, and lists what it dropped', () => {
    const next: Todo[] = [
      { content: 'Read code', status: 'pending' },
      { content: 'Write tests', status: 'completed' },
      { content: 'Deploy', status: 'in_progress' },
    ];
    const state = selectTodoState([...history, message(accepted('b', next))]);
    expect(changes(state)).toEqual([
      ['Read code', 'reopened'],
      ['Write tests', 'completed'],
      ['Deploy', 'added'],
    ]);
    expect(state.removed.map((row) => [row.key, row.content, row.change])).toEqual([['task:a:2', 'Ship', 'removed']]);
  });
  it('marks nothing for a re-sent list that changes nothing', () => {
    const state = selectTodoState([...history, message(accepted('b', plan))]);
    expect(changes(state).every(([, change]) => change === undefined)).toBe(true);
    expect(state.removed).toEqual([]);
  });
  it('shows the changes of a streaming call so far, and leaves the rows it has not reached as they were', () => {
    const state = selectTodoState([
      ...history,
      message(
        streaming('b', {
          todos: [
            { content: 'Read code', status: 'completed' },
            { content: 'Write tests', status: 'completed' },
          ],
        }),
      ),
    ]);
    expect(changes(state)).toEqual([
      ['Read code', undefined],
      ['Write tests', 'completed'],
      ['Ship', 'added'],
    ]);
    expect(state.removed).toEqual([]);
  });
  it('shows no changes of a rejected call: the list on screen keeps those of the call that wrote it', () => {
    const rejected = call(
      'b',
      'output-error',
      { todos: [{ content: 'Ship', status: 'completed' }] },
      { errorText: 'x' },
    );
    const state = selectTodoState([...history, message(rejected)]);
    expect(changes(state)).toEqual(changes(selectTodoState(history)));
  });
  it('agrees with diffTodos on every pair of lists (property)', () => {
    const todo = fc.record({
      content: fc.constantFrom('A', 'B', ' B ', 'C', 'D'),
      status: fc.constantFrom('pending', 'in_progress', 'completed') as fc.Arbitrary<Todo['status']>,
    });
    fc.assert(
      fc.property(fc.array(todo, { maxLength: 6 }), fc.array(todo, { maxLength: 6 }), (before, after) => {
        const state = selectTodoState([message(accepted('a', before)), message(accepted('b', after))]);
        const diff = diffTodos(before, after);
        const of = (kind: string) => state.todos.filter((row) => row.change === kind).map((row) => row.content);
        for (const kind of TODO_CHANGE_KINDS) {
          if (kind !== 'removed') expect(of(kind), kind).toEqual(diff[kind].map((todo) => todo.content));
        }
        expect(state.removed.map((row) => row.content)).toEqual(diff.removed.map((todo) => todo.content));
      }),
    );
  });
});

describe('one call of the conversation (toolCallId)', () => {
  const next: Todo[] = [{ content: 'Ship', status: 'completed' }];
  it('shows the list as that call left it, even after later calls', () => {
    const messages = [message(accepted('a', plan)), message(accepted('b', next))];
    expect(rows(selectTodoState(messages, { toolCallId: 'a' }))).toEqual(rows(selectTodoState(messages.slice(0, 1))));
    expect(selectTodoState(messages, { toolCallId: 'a', status: 'streaming' })).toMatchObject({
      phase: 'accepted',
      live: false,
    });
    expect(selectTodoState(messages, { toolCallId: 'b', status: 'streaming' })).toMatchObject({ live: true });
  });
  it('reads a streamed call that a later call superseded as interrupted, whatever the status', () => {
    const messages = [message(streaming('a', { todos: [{ content: 'Half' }] }), accepted('b', next))];
    expect(selectTodoState(messages, { toolCallId: 'a', status: 'streaming' })).toMatchObject({
      phase: 'rejected',
      rejection: 'interrupted',
      live: false,
    });
  });
  it('is empty for a call the conversation does not hold', () => {
    expect(selectTodoState([message(accepted('a', plan))], { toolCallId: 'zzz' }).phase).toBe('empty');
  });
});

describe('live', () => {
  const messages = [message(accepted('a', plan))];
  it('holds while the chat runs, and not once it is ready or failed', () => {
    expect(selectTodoState(messages).live).toBe(true);
    expect(selectTodoState(messages, { status: 'streaming' }).live).toBe(true);
    expect(selectTodoState(messages, { status: 'ready' }).live).toBe(false);
    expect(selectTodoState(messages, { status: 'error' }).live).toBe(false);
    expect(selectTodoState([], { status: 'streaming' }).live).toBe(false);
  });
});

describe('readTodos and the checklist', () => {
  const item = fc.oneof(
    fc.record({
      content: fc.oneof(fc.constantFrom('A', ' A', 'B', '', '  '), fc.string({ maxLength: 4 })),
      status: fc.constantFrom('pending', 'in_progress', 'completed', 'done', ''),
    }),
    fc.record({ content: fc.constantFrom('C', 'D') }),
    fc.constantFrom(null, 3, 'text', [] as unknown[]),
  );
  it('agree on every accepted call, valid or not (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.array(item, { maxLength: 5 }), { minLength: 1, maxLength: 4 }), (lists) => {
        const messages = lists.map((list, index) =>
          message(
            call(
              `c${index}`,
              'output-available',
              { todos: list },
              { output: { pending: 0, in_progress: 0, completed: 0 } },
            ),
          ),
        );
        const replayed = readTodos(messages as never);
        expect(rows(selectTodoState(messages))).toEqual(replayed.map((todo) => [todo.content, todo.status]));
      }),
    );
  });
});

describe('an error streamed as the output (a durable agent that catches the throw)', () => {
  const user = { id: 'u1', role: 'user' as const, parts: [{ type: 'text' as const, text: 'go' }] };
  const good: Todo[] = [{ content: 'Read the code', status: 'in_progress' }];
  const bad: Todo[] = [
    { content: 'Fix it', status: 'in_progress' },
    { content: 'Test it', status: 'in_progress' },
  ];
  const error =
    'Error: Nothing was saved. Fix these problems:\n- Items 1 and 2 are all in_progress; at most one task may be in_progress.';
  const chunks: UIMessageChunk[] = [
    { type: 'start', messageId: 'a1' },
    { type: 'start-step' },
    { type: 'tool-input-available', toolCallId: 'c1', toolName: 'todo_write', input: { todos: good } },
    { type: 'tool-output-available', toolCallId: 'c1', output: { pending: 0, in_progress: 1, completed: 0 } },
    { type: 'finish-step' },
    { type: 'start-step' },
    { type: 'tool-input-available', toolCallId: 'c2', toolName: 'todo_write', input: { todos: bad } },
    { type: 'tool-output-available', toolCallId: 'c2', output: error },
    { type: 'finish-step' },
    { type: 'finish' },
  ];

  it('is a rejection: readTodos, the selector and pruning keep the last accepted list', async () => {
    const snapshots: UIMessage[] = [];
    for await (const snapshot of readUIMessageStream({ stream: streamOf(chunks) }))
      snapshots.push(structuredClone(snapshot));
    const messages = [user, snapshots.at(-1)!];
    expect(readTodos(messages)).toEqual(good);
    const state = selectTodoState(messages, { status: 'ready' });
    expect(state).toMatchObject({ phase: 'rejected', rejection: 'error', toolCallId: 'c1' });
    expect(state.error).toContain('at most one task may be in_progress');
    expect(rows(state)).toEqual([['Read the code', 'in_progress']]);
    const model = await convertToModelMessages(messages);
    expect(readTodos(model)).toEqual(good);
    const pruned = pruneTodoWrites(model);
    expect(readTodos(pruned)).toEqual(good);
  });
});

describe('a retried step (a `reset-step` chunk removes its parts)', () => {
  const user = { id: 'u1', role: 'user' as const, parts: [{ type: 'text' as const, text: 'go' }] };
  const first: Todo[] = [{ content: 'Read the code', status: 'in_progress' }];
  const removed: Todo[] = [{ content: 'A plan the retry dropped', status: 'pending' }];
  const retried: Todo[] = [
    { content: 'Read the code', status: 'completed' },
    { content: 'Write the fix', status: 'in_progress' },
  ];
  const call = (toolCallId: string, todos: Todo[], accept: boolean): UIMessageChunk[] => [
    { type: 'tool-input-start', toolCallId, toolName: 'todo_write' },
    ...splitIntoDeltas(JSON.stringify({ todos }), { seed: 3 }).map(
      (inputTextDelta): UIMessageChunk => ({ type: 'tool-input-delta', toolCallId, inputTextDelta }),
    ),
    { type: 'tool-input-available', toolCallId, toolName: 'todo_write', input: { todos } },
    ...(accept
      ? [
          {
            type: 'tool-output-available',
            toolCallId,
            output: { pending: todos.length, in_progress: 0, completed: 0 },
          } as UIMessageChunk,
        ]
      : []),
  ];
  const chunks: UIMessageChunk[] = [
    { type: 'start', messageId: 'a1' },
    { type: 'start-step' },
    ...call('c1', first, true),
    { type: 'finish-step' },
    { type: 'start-step' },
    ...call('c2', removed, true),
    { type: 'reset-step' },
    { type: 'start-step' },
    ...call('c3', retried, false),
  ];

  it('shows what a fresh derivation shows on every snapshot: never the removed list once the retry writes', async () => {
    const selector = createTodoSelector();
    const seen: string[][] = [];
    let afterReset = false;
    for await (const snapshot of readUIMessageStream({ stream: streamOf(chunks) })) {
      const messages = [user, structuredClone(snapshot)];
      const state = selector.select(messages, { status: 'streaming' });
      const texts = state.todos.map((row) => row.content);
      if (snapshot.parts.some((part) => (part as { toolCallId?: string }).toolCallId === 'c3')) afterReset = true;
      if (afterReset) {
        expect(texts).not.toContain('A plan the retry dropped');
        expect(state).toEqual(selectTodoState(messages, { status: 'streaming' }));
      }
      seen.push(texts);
    }
    expect(seen.at(-1)).toEqual(['Read the code', 'Write the fix']);
  });
});

function streamOf(chunks: UIMessageChunk[]): ReadableStream<UIMessageChunk> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}
