import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parsePartialJson } from 'ai';
import { selectTodoState, type TodoState } from '../src/select-todo-state.js';
import type { Todo } from '../src/todo.js';
import {
  asciiJson,
  collectSnapshots,
  scriptedModel,
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
    expect(selectTodoState([message(dynamic)], { toolName: 'plan' }).todos).toHaveLength(3);
    expect(selectTodoState([message(dynamic)]).phase).toBe('empty');
    expect(
      selectTodoState([message({ ...accepted('a', plan), type: 'tool-plan' })], { toolName: 'plan' }).todos,
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
      // The very same item objects: their rows do not even re-render.
      selectTodoState(history).todos.forEach((item, index) => expect(state.todos[index]).toBe(item));
      expect(state.phase).toBe('streaming');
    });
  }
  it('shows the streamed rows first, then the unclaimed accepted rows, never one twice', () => {
    const state = selectTodoState([
      ...history,
      message(streaming('b', { todos: [{ content: 'Ship', status: 'in_progress' }, { content: 'New' }] })),
    ]);
    expect(state.todos.map((item) => [item.content, item.key])).toEqual([
      ['Ship', 'a:2'],
      ['New', 'b:1'],
      ['Read code', 'a:0'],
      ['Write tests', 'a:1'],
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
  it('approval states and preliminary output are executing', () => {
    for (const part of [
      call('b', 'approval-requested', { todos: plan.slice(0, 1) }, { approval: { id: 'x' } }),
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
  it('a call waiting for approval stays executing after the stream ended', () => {
    const state = selectTodoState(
      [...history, message(call('b', 'approval-requested', { todos: plan.slice(0, 1) }, { approval: { id: 'x' } }))],
      { status: 'ready' },
    );
    expect(state.phase).toBe('executing');
  });
  it('output-denied without a reason still sets error', () => {
    const state = selectTodoState([
      ...history,
      message(call('b', 'output-denied', { todos: [] }, { approval: { id: 'x', approved: false } })),
    ]);
    expect(state).toMatchObject({ phase: 'rejected', rejection: 'denied', error: 'The update was denied.' });
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
    const state = selectTodoState([message(call('a', 'output-available', { todos: JSON.stringify(plan) }))]);
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
  it('are `${toolCallId}:${index}` for new items, inherited for items that come back', () => {
    const first = selectTodoState([message(accepted('a', plan))]);
    expect(first.todos.map((item) => item.key)).toEqual(['a:0', 'a:1', 'a:2']);
    const moved = [
      plan[2]!,
      { content: ' Read code ', status: 'completed' as const },
      { content: 'New', status: 'pending' as const },
    ];
    const second = selectTodoState([message(accepted('a', plan)), message(accepted('b', moved))]);
    expect(second.todos.map((item) => item.key)).toEqual(['a:2', 'a:0', 'b:2']);
  });
  it('stay put while the text streams in', () => {
    const keys = new Set<string>();
    for (const content of ['W', 'Wr', 'Write', 'Write tests']) {
      keys.add(selectTodoState([message(streaming('a', { todos: [{ content }] }))]).todos[0]!.key);
    }
    expect([...keys]).toEqual(['a:0']);
  });
  it('show a re-sent item as it was while its text streams: no retyping, no new object', () => {
    const history = [message(accepted('a', plan))];
    const old = selectTodoState(history).todos[1]!;
    for (const content of ['W', 'Write t', 'Write tests']) {
      const state = selectTodoState([
        ...history,
        message(streaming('b', { todos: [{ content: 'Read code', status: 'completed' }, { content }] })),
      ]);
      expect(state.todos[1]).toBe(old);
    }
    const restatused = selectTodoState([
      ...history,
      message(streaming('b', { todos: [{ content: 'Read code' }, { content: 'Write tests', status: 'completed' }] })),
    ]);
    expect(restatused.todos[1]).toMatchObject({
      key: 'a:1',
      content: 'Write tests',
      status: 'completed',
      streaming: false,
    });
  });
  it('stay put when a streamed prefix of an accepted item grows into it', () => {
    const history = [message(accepted('a', plan))];
    const keys = ['Wri', 'Write t', 'Write tests'].map(
      (content) => selectTodoState([...history, message(streaming('b', { todos: [{ content }] }))]).todos[0]!.key,
    );
    expect(keys).toEqual(['a:1', 'a:1', 'a:1']);
    const prefixState = selectTodoState([...history, message(streaming('b', { todos: [{ content: 'Wri' }] }))]);
    expect(prefixState.todos.filter((item) => item.key === 'a:1')).toHaveLength(1);
  });
  it('are unique for duplicate texts', () => {
    const state = selectTodoState([
      message(accepted('a', [{ content: 'Same', status: 'pending' }])),
      message(streaming('b', { todos: [{ content: 'Same' }, { content: 'Same' }, { content: 'Same' }] })),
    ]);
    const keys = state.todos.map((item) => item.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toEqual(['a:0', 'b:1', 'b:2']);
  });
  it('stay unique when a provider reuses a toolCallId', () => {
    const state = selectTodoState([
      message(accepted('call', [{ content: 'A', status: 'pending' }])),
      message(
        accepted('call', [
          { content: 'B', status: 'pending' },
          { content: 'A', status: 'pending' },
        ]),
      ),
    ]);
    const keys = state.todos.map((item) => item.key);
    expect(new Set(keys).size).toBe(2);
  });
});

describe('structural sharing', () => {
  it('returns the previous state when nothing visible changed', () => {
    const messages = [message(accepted('a', plan))];
    const first = selectTodoState(messages);
    const copy = messages.map((m) => ({
      ...m,
      parts: m.parts.map((p) => ({ ...p, input: structuredClone(p.input) })),
    }));
    expect(selectTodoState(copy, { previous: first })).toBe(first);
  });
  it('reuses the unchanged items when one changes', () => {
    const history = [message(accepted('a', plan))];
    const before = selectTodoState([
      ...history,
      message(streaming('b', { todos: [{ content: 'Read code', status: 'completed' }, { content: 'Bra' }] })),
    ]);
    const after = selectTodoState(
      [
        ...history,
        message(streaming('b', { todos: [{ content: 'Read code', status: 'completed' }, { content: 'Brand new' }] })),
      ],
      { previous: before },
    );
    expect(after.todos).not.toBe(before.todos);
    expect(after.todos[0]).toBe(before.todos[0]);
    expect(after.todos[1]).not.toBe(before.todos[1]);
    expect(after.todos[2]).toBe(before.todos[2]);
    expect(after.counts).toBe(before.counts);
  });
  it('reads an accepted call once, even when its message is copied on every delta', () => {
    const acceptedPart = accepted('a', plan);
    const first = selectTodoState([message({ ...acceptedPart }, streaming('b', { todos: [{ content: 'New' }] }))]);
    const second = selectTodoState([message({ ...acceptedPart }, streaming('b', { todos: [{ content: 'New t' }] }))]);
    // No `previous` given: the rows after the streamed one are the cached accepted items themselves.
    expect(second.todos.slice(1)).toHaveLength(3);
    second.todos.slice(1).forEach((item, index) => expect(item).toBe(first.todos[index + 1]));
  });
  it('keeps the todos array when only the phase changes', () => {
    const history = [message(accepted('a', plan))];
    const executing = selectTodoState([...history, message(call('b', 'input-available', { todos: plan }))]);
    const done = selectTodoState([...history, message(accepted('b', plan))], { previous: executing });
    expect(done.phase).toBe('accepted');
    expect(done.todos).toBe(executing.todos);
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
        let state: TodoState | undefined;
        const seen: TodoState[] = [];
        for (let end = 0; end <= text.length; end++) {
          const { value } = await parsePartialJson(text.slice(0, end));
          const messages = [...history, message(streaming('b', value))];
          state = selectTodoState(messages, { previous: state, status: 'streaming' });
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
        const final = selectTodoState([...history, message(call('b', 'input-available', { todos: nextList }))], {
          previous: state,
        });
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
        let state: TodoState | undefined;
        for (const snapshot of snapshots) {
          state = selectTodoState([user, snapshot], { previous: state, status: 'streaming' });
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
