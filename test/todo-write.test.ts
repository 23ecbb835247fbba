import { getEventListeners } from 'node:events';
import { asSchema, type ModelMessage } from 'ai';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { EXPECTED_INPUT_SCHEMA } from './support/expected-input-schema.js';
import {
  createTodoWrite,
  TODO_WRITE_DESCRIPTION,
  todoWrite,
  type Todo,
  type TodoCounts,
  type TodoWriteTool,
} from '../src/index.js';
import { TODO_WRITE_STATUSES } from '../src/plan/todo-statuses.js';
import type { TodoWriteInput } from '../src/index.js';

const messages: ModelMessage[] = [{ role: 'user', content: 'Fix the login bug' }];

/** Calls the tool as the SDK's tool loop does. */
async function call(tool: TodoWriteTool, input: unknown, toolCallId = 'call-1'): Promise<TodoCounts> {
  if (!tool.execute) throw new Error('todo_write has no execute');
  return (await tool.execute(input as TodoWriteInput, { toolCallId, messages, context: {} })) as TodoCounts;
}

async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(Error);
    return error as Error;
  }
  throw new Error('expected the call to be rejected');
}

const plan: Todo[] = [
  { content: 'Reproduce the bug', status: 'completed' },
  { content: 'Fix the session check', status: 'in_progress' },
  { content: 'Add a regression test', status: 'pending' },
  { content: 'Update the changelog', status: 'pending' },
];

describe('todoWrite', () => {
  describe('when a call is accepted', () => {
    it('returns exactly { pending, in_progress, completed } and nothing else', async () => {
      const result = await call(todoWrite, { todos: plan });
      expect(result).toStrictEqual({ pending: 2, in_progress: 1, completed: 1 });
      expect(Object.keys(result)).toEqual(['pending', 'in_progress', 'completed']);
    });

    it('returns zero counts for an empty list (the list is cleared)', async () => {
      expect(await call(todoWrite, { todos: [] })).toStrictEqual({ pending: 0, in_progress: 0, completed: 0 });
    });

    it('accepts todos sent as a JSON string', async () => {
      expect(await call(todoWrite, { todos: JSON.stringify(plan) })).toStrictEqual({
        pending: 2,
        in_progress: 1,
        completed: 1,
      });
    });
  });

  describe('when a call breaks the rules', () => {
    it('throws one Error naming every problem, saying nothing was saved and asking for the whole list', async () => {
      const error = await rejectionOf(
        call(todoWrite, {
          todos: [
            { content: 'Read', status: 'in_progress' },
            { content: 'Read', status: 'in_progress' },
            { content: '', status: 'done' },
          ],
        }),
      );
      expect(error.message).toBe(
        [
          'Nothing was saved. Fix these problems, then send the whole corrected list again (every task, not only the changed ones):',
          '- Item 3 has empty content.',
          '- Item 3 has status "done"; use pending, in_progress or completed.',
          '- Items 1 and 2 have the same content ("Read"); make each task distinct.',
          '- Items 1 ("Read") and 2 ("Read") are both in_progress; at most one task may be in_progress at a time.',
        ].join('\n'),
      );
    });

    it('applies its own maxTodos and maxContentLength', async () => {
      const tool = createTodoWrite({ maxTodos: 2, maxContentLength: 5 });
      const error = await rejectionOf(
        call(tool, {
          todos: [
            { content: 'One', status: 'pending' },
            { content: 'Two', status: 'pending' },
            { content: 'Three!', status: 'pending' },
          ],
        }),
      );
      expect(error.message).toContain('- The list has 3 tasks; at most 2 are allowed.');
      expect(error.message).toContain('- Item 3 ("Three!") is 6 characters long; at most 5 are allowed.');
    });

    it('rejects a 10,000-item call', async () => {
      const todos = Array.from({ length: 10_000 }, (_, index) => ({ content: `Task ${index}`, status: 'pending' }));
      const error = await rejectionOf(call(todoWrite, { todos }));
      expect(error.message).toContain('The list has 10000 tasks; at most 50 are allowed.');
    });
  });

  describe('when execute runs outside the SDK tool loop', () => {
    it('rejects: without a toolCallId no conversation owns the list', async () => {
      const onWrite = vi.fn();
      const tool = createTodoWrite({ onWrite });
      for (const options of [undefined, {}, { toolCallId: '' }, { messages: [] }]) {
        const error = await rejectionOf(Promise.resolve().then(() => tool.execute!({ todos: plan }, options as never)));
        expect(error.message).toBe(
          'Nothing was saved: todo_write was called without a toolCallId, so no conversation owns the list. ' +
            'Register it as a tool of streamText, generateText or an agent and let the model call it.',
        );
      }
      expect(onWrite).not.toHaveBeenCalled();
    });
  });

  describe('onWrite', () => {
    it('is awaited once per accepted call with the list and the call', async () => {
      const order: string[] = [];
      const abortSignal = new AbortController().signal;
      const onWrite = vi.fn(async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        order.push('onWrite done');
      });
      const tool = createTodoWrite({ onWrite });
      const result = await tool.execute!(
        { todos: [...plan, { content: 'Extra', status: 'pending', id: 7 } as Todo] },
        {
          toolCallId: 'call-9',
          messages,
          abortSignal,
          context: {},
        },
      );
      order.push('result');
      expect(order).toEqual(['onWrite done', 'result']);
      expect(result).toStrictEqual({ pending: 3, in_progress: 1, completed: 1 });
      expect(onWrite).toHaveBeenCalledTimes(1);
      expect(onWrite).toHaveBeenCalledWith([...plan, { content: 'Extra', status: 'pending' }], {
        toolCallId: 'call-9',
        messages,
        abortSignal,
      });
    });

    it('is never called for a rejected call', async () => {
      const onWrite = vi.fn();
      const tool = createTodoWrite({ onWrite });
      await rejectionOf(call(tool, { todos: [{ content: '', status: 'pending' }] }));
      await rejectionOf(call(tool, { todos: 'not json' }));
      expect(onWrite).not.toHaveBeenCalled();
      await call(tool, { todos: plan });
      expect(onWrite).toHaveBeenCalledTimes(1);
    });

    it('rejects the call when it throws, saying the list was not saved and keeping the error as cause', async () => {
      const failure = new Error('database is down: postgres://secret@db');
      const tool = createTodoWrite({
        onWrite: () => {
          throw failure;
        },
      });
      const error = await rejectionOf(call(tool, { todos: plan }));
      expect(error.message).toBe(
        'Nothing was saved: the list passed every check, but storing it failed on the server. Send the whole list again to retry.',
      );
      expect(error.cause).toBe(failure);
      expect(error.message).not.toContain('secret');
    });

    it('rejects the call when it returns a rejected promise', async () => {
      const tool = createTodoWrite({ onWrite: async () => Promise.reject('not even an Error') });
      const error = await rejectionOf(call(tool, { todos: plan }));
      expect(error.message).toContain('Nothing was saved');
      expect(error.cause).toBe('not even an Error');
    });
  });

  describe('when several calls write at once', () => {
    /** A promise settled from outside: the test decides when each write lands. */
    function deferred(): { promise: Promise<void>; resolve: () => void; reject: (error: unknown) => void } {
      let resolve!: () => void;
      let reject!: (error: unknown) => void;
      const promise = new Promise<void>((onResolve, onReject) => {
        resolve = onResolve;
        reject = onReject;
      });
      return { promise, resolve, reject };
    }
    const list = (content: string): Todo[] => [{ content, status: 'in_progress' }];
    /** Lets every queued continuation run. */
    const flush = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

    /** A tool whose writes start when called and land when the test settles them, logging both. */
    function gatedTool() {
      const log: string[] = [];
      const gates = new Map<string, ReturnType<typeof deferred>>();
      const tool = createTodoWrite({
        onWrite: async (todos, { toolCallId }) => {
          log.push(`start ${toolCallId}`);
          const gate = deferred();
          gates.set(toolCallId, gate);
          await gate.promise;
          log.push(`stored ${toolCallId}: ${todos[0]?.content}`);
        },
      });
      const run = (toolCallId: string, step: ModelMessage[], abortSignal?: AbortSignal) =>
        tool.execute!(
          { todos: list(toolCallId) },
          { toolCallId, messages: step, abortSignal, context: {} },
        ) as Promise<unknown>;
      return { log, gates, run };
    }

    it('writes the calls of one step one at a time, in call order, even when the first is the slowest', async () => {
      const { log, gates, run } = gatedTool();
      const step: ModelMessage[] = [...messages];
      const results = [run('call-1', step), run('call-2', step), run('call-3', step)];
      await flush();
      expect(log).toEqual(['start call-1']);
      gates.get('call-1')!.resolve();
      await flush();
      expect(log).toEqual(['start call-1', 'stored call-1: call-1', 'start call-2']);
      gates.get('call-2')!.resolve();
      await flush();
      gates.get('call-3')!.resolve();
      await Promise.all(results);
      expect(log).toEqual([
        'start call-1',
        'stored call-1: call-1',
        'start call-2',
        'stored call-2: call-2',
        'start call-3',
        'stored call-3: call-3',
      ]);
    });

    it('never makes calls of different steps or conversations wait on each other', async () => {
      const { log, gates, run } = gatedTool();
      const first = run('call-a', [...messages]);
      const second = run('call-b', [...messages]);
      await flush();
      expect(log).toEqual(['start call-a', 'start call-b']);
      gates.get('call-b')!.resolve();
      await second;
      expect(log.at(-1)).toBe('stored call-b: call-b');
      gates.get('call-a')!.resolve();
      await first;
    });

    it('goes on with the next write after one fails, and rejects only the failed call', async () => {
      const { log, gates, run } = gatedTool();
      const step: ModelMessage[] = [...messages];
      const failed = rejectionOf(run('call-1', step));
      const next = run('call-2', step);
      await flush();
      gates.get('call-1')!.reject(new Error('disk full'));
      await flush();
      gates.get('call-2')!.resolve();
      expect((await failed).message).toContain('storing it failed on the server');
      expect(await next).toEqual({ pending: 0, in_progress: 1, completed: 0 });
      expect(log).toEqual(['start call-1', 'start call-2', 'stored call-2: call-2']);
    });

    it('after an abort: a queued write never starts, a running one settles the call at once', async () => {
      const { log, gates, run } = gatedTool();
      const step: ModelMessage[] = [...messages];
      const controller = new AbortController();
      const running = rejectionOf(run('call-1', step, controller.signal));
      const queued = rejectionOf(run('call-2', step, controller.signal));
      await flush();
      controller.abort(new Error('stopped'));
      for (const error of [await running, await queued]) {
        expect(error.message).toBe(
          'Nothing was saved: the request was stopped before the list was stored. Send the whole list again to retry.',
        );
        expect(error.cause).toEqual(new Error('stopped'));
      }
      expect(log).toEqual(['start call-1']);
      gates.get('call-1')!.resolve();
      await flush();
      expect(log).toEqual(['start call-1', 'stored call-1: call-1']);
    });

    it('keeps a later write waiting for an abandoned one that still runs (its own signal not aborted)', async () => {
      const { log, gates, run } = gatedTool();
      const step: ModelMessage[] = [...messages];
      const timedOut = new AbortController();
      const abandoned = rejectionOf(run('call-1', step, timedOut.signal));
      const later = run('call-2', step, new AbortController().signal);
      await flush();
      timedOut.abort();
      await abandoned;
      await flush();
      expect(log).toEqual(['start call-1']);
      gates.get('call-1')!.resolve();
      await flush();
      gates.get('call-2')!.resolve();
      await later;
      expect(log).toEqual(['start call-1', 'stored call-1: call-1', 'start call-2', 'stored call-2: call-2']);
    });

    it('does not call onWrite when the signal is already aborted', async () => {
      const onWrite = vi.fn();
      const tool = createTodoWrite({ onWrite });
      const error = await rejectionOf(
        Promise.resolve(
          tool.execute!(
            { todos: plan },
            { toolCallId: 'call-1', messages, abortSignal: AbortSignal.abort(), context: {} },
          ),
        ),
      );
      expect(error.message).toContain('the request was stopped');
      expect(onWrite).not.toHaveBeenCalled();
    });

    it('leaves no listener on a long-lived signal after 1,000 writes', async () => {
      const { gates, run } = gatedTool();
      const signal = new AbortController().signal;
      const step: ModelMessage[] = [...messages];
      for (let index = 0; index < 1000; index++) {
        const result = run(`call-${index}`, step, signal);
        await flush();
        gates.get(`call-${index}`)!.resolve();
        await result;
      }
      expect(getEventListeners(signal, 'abort')).toHaveLength(0);
    });
  });

  describe('its definition', () => {
    it('has a description written for the model, which can be replaced', () => {
      expect(todoWrite.description).toBe(TODO_WRITE_DESCRIPTION);
      for (const point of [
        'whole list',
        'every task',
        'at most one task in_progress',
        'completed as soon as it is done',
        '[] clears',
      ]) {
        expect(TODO_WRITE_DESCRIPTION).toContain(point);
      }
      expect(createTodoWrite({ description: 'Plan here.' }).description).toBe('Plan here.');
    });

    it('shows the model an array of { content, status } with the three statuses and no other fields', async () => {
      const schema = await asSchema(todoWrite.inputSchema).jsonSchema;
      expect(schema).toEqual(EXPECTED_INPUT_SCHEMA);
    });

    it('lets the schema parse todos sent as a JSON string, and passes anything else on for execute to judge', async () => {
      const schema = asSchema(todoWrite.inputSchema);
      expect(await schema.validate!({ todos: JSON.stringify(plan) })).toEqual({
        success: true,
        value: { todos: plan },
      });
      expect(await schema.validate!({ todos: [{ content: 'A', status: 'done' }] })).toEqual({
        success: true,
        value: { todos: [{ content: 'A', status: 'done' }] },
      });
    });

    it('refuses limits that are not positive integers', () => {
      expect(() => createTodoWrite({ maxTodos: 0 })).toThrow(RangeError);
      expect(() => createTodoWrite({ maxContentLength: 1.5 })).toThrow(
        'createTodoWrite: maxContentLength must be a positive integer, got 1.5.',
      );
    });

    it('sets the strict flag only when asked (the provider default otherwise)', () => {
      expect('strict' in createTodoWrite()).toBe(false);
      expect(createTodoWrite({ strict: true }).strict).toBe(true);
      expect(createTodoWrite({ strict: false }).strict).toBe(false);
    });
  });

  describe('over generated input (property)', () => {
    const todo = fc.record({
      content: fc.oneof(fc.constantFrom('Read', 'Write', 'Test', ' Read', ''), fc.string({ maxLength: 8 })),
      status: fc.oneof(fc.constantFrom(...TODO_WRITE_STATUSES), fc.string({ maxLength: 3 })),
    });
    const input = fc.oneof(
      fc.record({ todos: fc.array(todo, { maxLength: 8 }) }),
      fc.record({ todos: fc.array(todo, { maxLength: 8 }).map((todos) => JSON.stringify(todos)) }),
      fc.record({ todos: fc.anything() }),
      fc.anything(),
    );

    it('either returns counts that sum to the length of the list, or throws an Error with a message', async () => {
      const onWrite = vi.fn();
      const tool = createTodoWrite({ onWrite });
      await fc.assert(
        fc.asyncProperty(input, async (value) => {
          onWrite.mockClear();
          try {
            const counts = await call(tool, value);
            const todos = onWrite.mock.calls[0]?.[0] as Todo[];
            expect(onWrite).toHaveBeenCalledTimes(1);
            expect(Object.keys(counts).sort()).toEqual(['completed', 'in_progress', 'pending']);
            expect(counts.pending + counts.in_progress + counts.completed).toBe(todos.length);
          } catch (error) {
            expect(error).toBeInstanceOf(Error);
            expect((error as Error).message.length).toBeGreaterThan(0);
            expect(onWrite).not.toHaveBeenCalled();
          }
        }),
        { numRuns: 1000 },
      );
    });
  });
});
