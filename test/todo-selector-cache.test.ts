import { parsePartialJson } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readTodos } from '../src/index.js';
import { createTodoSelector, selectTodoState } from '../src/index.js';
import { todoEditReason } from '../src/index.js';
import { bindTodoTool } from '../src/plan/todo-tool-shape.js';
import { createReading } from '../src/read/todo-selector.js';
import { seededRandom } from '../src/testing/seeded-random.js';

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

  it('sees an input edited through setMessages: the changed objects are new, the rest are shared', () => {
    const selector = createTodoSelector();
    const todos = [{ content: 'Draft', status: 'pending' }];
    const messages = conversation(accepted('c', todos));
    expect(contents(selector.select(messages, { status: 'ready' }))).toEqual(['Draft']);
    const edited = [
      { ...todos[0]!, content: 'Edited' },
      { content: 'Added', status: 'pending' },
    ];
    const copy = [{ ...messages[0]!, parts: [{ ...messages[0]!.parts[0]!, input: { todos: edited } }] }];
    expect(contents(selector.select(copy, { status: 'ready' }))).toEqual(['Edited', 'Added']);
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

describe('a kept selector after an earlier call changed', () => {
  it('shows the marks of the list on screen as a fresh derivation does, two accepted calls back', () => {
    const first = (status: string) => accepted('a', [{ content: 'Read', status }]);
    const second = accepted('b', [{ content: 'Read', status: 'completed' }]);
    const refused = { ...accepted('c', []), state: 'output-error', errorText: 'Error: no' };
    const messages = (status: string) => [
      { id: 'm0', role: 'assistant', parts: [first(status)] },
      { id: 'm1', role: 'assistant', parts: [second, refused] },
    ];
    const selector = createTodoSelector();
    const before = selector.select(messages('pending'), { status: 'ready' });
    expect(before.todos.map((row) => row.change)).toEqual(['completed']);
    const after = selector.select(messages('completed'), { status: 'ready' });
    expect(after).toEqual(selectTodoState(messages('completed'), { status: 'ready' }));
    expect(after.todos.map((row) => row.change)).toEqual([undefined]);
  });
});

describe('whatever a kept selector read before (property)', () => {
  it('answers like a fresh derivation once the chat is ready, for every call, and never throws', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(chat, chatStatus), { minLength: 1, maxLength: 6 }), chat, (earlier, last) => {
        const selector = createTodoSelector();
        for (const [messages, each] of earlier) selector.select(messages as never, { status: each });
        const messages = last as never;
        for (const toolCallId of [undefined, 'call_0', 'call_1', 'a', 'missing']) {
          expect(selector.select(messages, { status: 'ready', toolCallId })).toEqual(
            selectTodoState(messages, { status: 'ready', toolCallId }),
          );
        }
        expect(() => readTodos(messages)).not.toThrow();
      }),
      { numRuns: 2000 },
    );
  });

  it("answers like a fresh derivation along a chat that follows React's contract: copies, edits, repeated ids", () => {
    // Each step is a fresh conversation (ids repeat), a deep copy of the last, or the last with one task or one
    // part changed through copies of the objects on its path (as setMessages or a store writes them).
    const states = fc.constantFrom('output-available', 'output-error', 'output-denied', 'input-available');
    const step = fc.oneof(
      chat.map((fresh) => ({ kind: 'fresh' as const, fresh })),
      fc.constant({ kind: 'copy' as const }),
      fc.tuple(fc.nat(), text, status).map(([at, content, each]) => ({ kind: 'task' as const, at, content, each })),
      fc.tuple(fc.nat(), states, output).map(([at, state, value]) => ({ kind: 'part' as const, at, state, value })),
    );
    fc.assert(
      fc.property(chat, fc.array(fc.tuple(step, chatStatus), { minLength: 1, maxLength: 8 }), (first, steps) => {
        const selector = createTodoSelector();
        const reading = createReading(bindTodoTool(undefined));
        let messages = first as unknown[];
        for (const [each, chatState] of steps) {
          messages = next(messages, each);
          reading.read(messages as never, chatState);
          // While a chat streams, a kept selector holds the newest plan of a message replayed from its start (ids).
          const mayHold =
            (chatState === 'streaming' || chatState === 'submitted') &&
            messages.some((each) => (each as { id?: unknown } | null)?.id !== undefined);
          if (mayHold) continue;
          for (const toolCallId of [undefined, 'call_0', 'call_1', 'a']) {
            const fresh = selectTodoState(messages as never, { status: chatState, toolCallId });
            expect(selector.select(messages as never, { status: chatState, toolCallId })).toEqual(fresh);
            expect(reading.state(toolCallId)).toEqual(fresh);
          }
        }
      }),
      { numRuns: 1000 },
    );
  });
});

type Step =
  | { kind: 'fresh'; fresh: unknown[] }
  | { kind: 'copy' }
  | { kind: 'task'; at: number; content: string; each: string | undefined }
  | { kind: 'part'; at: number; state: string; value: unknown };

/** The next conversation of a step: every object on the path to a change is a new one, nothing is mutated. */
function next(messages: unknown[], step: Step): unknown[] {
  if (step.kind === 'fresh') return step.fresh;
  if (step.kind === 'copy') return structuredClone(messages);
  const places: [number, number][] = [];
  messages.forEach((each, at) => {
    const parts = (each as { parts?: unknown } | null)?.parts;
    if (Array.isArray(parts))
      parts.forEach((candidate, index) => {
        if (typeof candidate === 'object' && candidate !== null) places.push([at, index]);
      });
  });
  if (places.length === 0) return messages;
  const [at, index] = places[step.at % places.length]!;
  const message = messages[at] as { parts: Record<string, unknown>[] };
  const part = message.parts[index]!;
  let changed: Record<string, unknown>;
  if (step.kind === 'part') changed = { ...part, state: step.state, output: step.value };
  else {
    const input = part.input as { todos?: unknown } | unknown[] | undefined;
    const list = Array.isArray(input) ? input : (input as { todos?: unknown } | undefined)?.todos;
    if (!Array.isArray(list) || list.length === 0) return messages;
    const item = step.at % list.length;
    const todos = list.map((todo, position) =>
      position === item ? { ...(todo as object), content: step.content, status: step.each } : todo,
    );
    changed = { ...part, input: Array.isArray(input) ? todos : { ...(input as object), todos } };
  }
  const parts = message.parts.map((each, position) => (position === index ? changed : each));
  return messages.map((each, position) => (position === at ? { ...message, parts } : each));
}

describe('a kept selector along a streamed list (property)', () => {
  const words = ['Implement', 'Add a migration for', 'Write tests for', 'Update', ' Fix'];
  const task = fc.record({
    content: fc.tuple(fc.constantFrom(...words), fc.nat(40)).map(([word, n]) => `${word} part ${n}`),
    status: fc.constantFrom('pending', 'in_progress', 'completed'),
  });
  const statuses = ['pending', 'in_progress', 'completed', 'in_prog', undefined];

  it('answers like a fresh derivation at every delta: up to 500 tasks over a plan, shared, copied and edited', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(task, { maxLength: 60 }),
        fc.oneof(fc.array(task, { minLength: 1, maxLength: 40 }), fc.array(task, { minLength: 400, maxLength: 500 })),
        fc.integer({ min: 1, max: 2 ** 30 }),
        fc.constantFrom('shared', 'copies', 'edits'),
        async (before, after, seed, source) => {
          const random = seededRandom(seed);
          const history = before.length > 0 ? [{ id: 'm0', role: 'assistant', parts: [accepted('a', before)] }] : [];
          const text = JSON.stringify({ todos: after });
          const selector = createTodoSelector();
          const step = Math.max(1, Math.floor(text.length / 120));
          for (let end = 1; end <= text.length; end += 1 + Math.floor(random() * step)) {
            const { value } = await parsePartialJson(text.slice(0, end));
            let input = value as { todos?: { content?: string; status?: unknown }[] } | undefined;
            // An edit through setMessages: an earlier task of the streaming list changes in a copy.
            if (source === 'edits' && input?.todos?.length && random() < 0.2) {
              const at = Math.floor(random() * input.todos.length);
              const todos = input.todos.map((each, index) =>
                index === at ? { ...each, status: statuses[Math.floor(random() * statuses.length)] } : each,
              );
              input = { ...input, todos };
            }
            const part = { type: 'tool-todo_write', toolCallId: 'b', state: 'input-streaming', input };
            const messages = [...history, { id: 'm1', role: 'assistant', parts: [part] }];
            const given = (source === 'copies' ? structuredClone(messages) : messages) as never;
            expect(selector.select(given, { status: 'streaming' })).toEqual(
              selectTodoState(given, { status: 'streaming' }),
            );
          }
        },
      ),
      { numRuns: 60 },
    );
  }, 120_000);
});

describe('a part the SDK goes on writing to after a render', () => {
  it('is read as the copies that follow show it, not as it was first read', () => {
    // @ai-sdk/react hands over a new message's first snapshot with the parts it goes on writing to; later
    // snapshots are copies. A kept selector checks each copy against the call it read, not against that part.
    const live: Record<string, unknown> = { type: 'tool-todo_write', toolCallId: 'a', state: 'input-streaming' };
    const selector = createTodoSelector();
    const first = [{ id: 'm1', role: 'assistant', parts: [live] }] as never;
    expect(selector.select(first, { status: 'streaming' }).todos).toEqual([]);
    for (const todos of [[{ content: 'Read' }], [{ content: 'Read the code', status: 'pending' }]]) {
      live.input = { todos };
      const copy = [{ id: 'm1', role: 'assistant', parts: [{ ...live }] }] as never;
      expect(selector.select(copy, { status: 'streaming' })).toEqual(selectTodoState(copy, { status: 'streaming' }));
    }
    Object.assign(live, { state: 'output-available', output: counts });
    const done = [{ id: 'm1', role: 'assistant', parts: [{ ...live }] }] as never;
    expect(contents(selector.select(done, { status: 'ready' }))).toEqual(['Read the code']);
  });
});
