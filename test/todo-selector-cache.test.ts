import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readTodos } from '../src/read-todos.js';
import { createTodoSelector, selectTodoState } from '../src/todo-selector.js';
import { todoEditReason } from '../src/todo-edit.js';

const counts = { pending: 1, in_progress: 0, completed: 0 };
const accepted = (toolCallId: string, todos: unknown[]) => ({
  type: 'tool-todo_write',
  toolCallId,
  state: 'output-available',
  input: { todos },
  output: counts,
});
const conversation = (...parts: unknown[]) => [{ id: 'm0', role: 'assistant', parts }];
const contents = (state: { todos: readonly { content: string }[] }) => state.todos.map((row) => row.content);

describe('a kept selector given another conversation', () => {
  it('shows the new conversation, even when its call has the same id', () => {
    const selector = createTodoSelector();
    const a = conversation(accepted('call_0', [{ content: 'Plan A', status: 'pending' }]));
    const b = conversation(accepted('call_0', [{ content: 'Plan B', status: 'pending' }]));
    expect(contents(selector.select(a, { status: 'ready' }))).toEqual(['Plan A']);
    expect(contents(selector.select(b, { status: 'ready' }))).toEqual(['Plan B']);
    expect(contents(selector.select(b, { status: 'ready', toolCallId: 'call_0' }))).toEqual(['Plan B']);
  });

  it('sees an input edited in place', () => {
    const selector = createTodoSelector();
    const todos = [{ content: 'Draft', status: 'pending' }];
    const messages = conversation(accepted('c', todos));
    expect(contents(selector.select(messages, { status: 'ready' }))).toEqual(['Draft']);
    todos[0]!.content = 'Edited';
    todos.push({ content: 'Added', status: 'pending' });
    expect(contents(selector.select(messages, { status: 'ready' }))).toEqual(['Edited', 'Added']);
  });
});

const text = fc.constantFrom('Read', 'Write', 'Test', 'Ship', ' Read ', '');
const status = fc.constantFrom('pending', 'in_progress', 'completed', 'in_prog', undefined);
const todo = fc.oneof(fc.record({ content: text, status }, { requiredKeys: [] }), fc.constantFrom(null, 'Read', 7, []));
const todos = fc.array(todo, { maxLength: 4 });
// A plan the person edited comes back whole in the counts; the answer on its way carries it in its reason.
const EDITED = [{ content: 'Write', status: 'in_progress' as const }];
const output = fc.constantFrom<unknown>(
  counts,
  'Error: two tasks in_progress',
  undefined,
  { pending: 'x' },
  {
    ...counts,
    edited_by_user: EDITED,
  },
);
const part = fc.oneof(
  fc.record({
    type: fc.constantFrom('tool-todo_write', 'dynamic-tool', 'tool-other', 'text'),
    toolName: fc.constantFrom('todo_write', undefined),
    toolCallId: fc.constantFrom('call_0', 'call_1', 'a'),
    state: fc.constantFrom(
      'input-streaming',
      'input-available',
      'output-available',
      'output-error',
      'approval-requested',
      'approval-responded',
      'output-denied',
      'future-state',
    ),
    input: fc.oneof(fc.record({ todos }), todos, fc.constant(undefined), fc.constant('{"todos":[]}')),
    output,
    errorText: fc.constantFrom(undefined, 'Error: empty content'),
    approval: fc.oneof(
      fc.constant(undefined),
      fc.constant(null),
      fc.constant('junk'),
      fc.record({
        id: fc.constantFrom('x', 7),
        approved: fc.constantFrom(true, false, 'yes'),
        reason: fc.constantFrom(undefined, 'No', '', todoEditReason(EDITED), 'todo_write edit: {'),
      }),
    ),
  }),
  fc.constantFrom(null, 1, 'text', {}),
);
const parts = fc.oneof(
  { weight: 8, arbitrary: fc.array(part, { maxLength: 4 }) },
  fc.constantFrom<unknown>({}, true, 3, null, undefined, { 0: 'x' }),
);
const message = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({ id: fc.constantFrom('m0', 'm1', 'm2', undefined), role: fc.constant('assistant'), parts }),
  },
  fc.constantFrom<unknown>(null, 3, 'x', {}),
);
const chat = fc.array(message, { maxLength: 5 });
const chatStatus = fc.constantFrom('submitted', 'streaming', 'ready', 'error', undefined);

describe('whatever a kept selector read before (property)', () => {
  it('answers like a fresh derivation once the chat is ready, for every call, and never throws', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(chat, chatStatus), { minLength: 1, maxLength: 6 }), chat, (earlier, last) => {
        const selector = createTodoSelector();
        for (const [messages, each] of earlier) selector.select(messages as never, { status: each });
        const messages = last as never;
        selector.read(messages, 'ready');
        for (const toolCallId of [undefined, 'call_0', 'call_1', 'a', 'missing']) {
          expect(selector.state(toolCallId)).toEqual(selectTodoState(messages, { status: 'ready', toolCallId }));
        }
        expect(() => readTodos(messages)).not.toThrow();
      }),
      { numRuns: 2000 },
    );
  });

  it('answers like a fresh derivation after inputs and parts are edited in place', () => {
    const states = fc.constantFrom('output-available', 'output-error', 'output-denied', 'input-available');
    fc.assert(
      fc.property(
        chat,
        fc.array(fc.tuple(fc.nat(), text, status)),
        fc.array(fc.tuple(fc.nat(), states, output)),
        (generated, edits, partEdits) => {
          const selector = createTodoSelector();
          const messages = generated as never;
          selector.select(messages, { status: 'ready' });
          const items = (generated as { parts?: unknown }[]).flatMap((each) =>
            Array.isArray(each?.parts)
              ? each.parts.flatMap((p) => {
                  const input = (p as { input?: { todos?: unknown } } | null)?.input;
                  const list = Array.isArray(input) ? input : input?.todos;
                  return Array.isArray(list) ? list.filter((item) => typeof item === 'object' && item !== null) : [];
                })
              : [],
          ) as Record<string, unknown>[];
          for (const [at, content, each] of edits) {
            const item = items[at % Math.max(items.length, 1)];
            if (item) Object.assign(item, { content, status: each });
          }
          const parts = (generated as { parts?: unknown }[]).flatMap((each) =>
            Array.isArray(each?.parts) ? each.parts.filter((p) => typeof p === 'object' && p !== null) : [],
          ) as Record<string, unknown>[];
          for (const [at, state, value] of partEdits) {
            const target = parts[at % Math.max(parts.length, 1)];
            if (target) Object.assign(target, { state, output: value });
          }
          for (const toolCallId of [undefined, 'call_0', 'call_1', 'a']) {
            expect(selector.select(messages, { status: 'ready', toolCallId })).toEqual(
              selectTodoState(messages, { status: 'ready', toolCallId }),
            );
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
