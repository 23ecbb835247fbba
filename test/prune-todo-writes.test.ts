import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  simulateReadableStream,
  streamText,
  isStepCount,
  type ModelMessage,
  type ToolCallPart,
  type ToolResultPart,
  type ToolSet,
} from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { agentTodoTools } from '../src/agents.js';
import { pruneTodoWrites, readTodos, todoWrite } from '../src/index.js';
import type { Todo } from '../src/index.js';

type Part = Exclude<ModelMessage['content'], string>[number];

const list = (...contents: string[]): Todo[] => contents.map((content) => ({ content, status: 'pending' }));

const user = (text: string): ModelMessage => ({ role: 'user', content: text });
const assistantText = (text: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text }] });
const call = (toolCallId: string, todos: Todo[], toolName = 'todo_write'): ToolCallPart => ({
  type: 'tool-call',
  toolCallId,
  toolName,
  input: { todos },
});
const write = (toolCallId: string, todos: Todo[], toolName = 'todo_write'): ModelMessage => ({
  role: 'assistant',
  content: [call(toolCallId, todos, toolName)],
});
const ok = (toolCallId: string, toolName = 'todo_write'): ToolResultPart => ({
  type: 'tool-result',
  toolCallId,
  toolName,
  output: { type: 'json', value: { pending: 1, in_progress: 0, completed: 0 } },
});
const error = (toolCallId: string, text = 'Error: two tasks are in_progress'): ToolResultPart => ({
  type: 'tool-result',
  toolCallId,
  toolName: 'todo_write',
  output: { type: 'error-text', value: text },
});
const results = (...parts: ToolResultPart[]): ModelMessage => ({ role: 'tool', content: parts });

/** The toolCallIds of the todo_write calls left in `messages`, in order. */
function callIds(messages: ModelMessage[], toolName = 'todo_write'): string[] {
  return messages.flatMap((message) =>
    typeof message.content === 'string'
      ? []
      : message.content.flatMap((part) =>
          part.type === 'tool-call' && part.toolName === toolName ? [part.toolCallId] : [],
        ),
  );
}
function resultIds(messages: ModelMessage[]): string[] {
  return messages.flatMap((message) =>
    typeof message.content === 'string'
      ? []
      : message.content.flatMap((part) => (part.type === 'tool-result' ? [part.toolCallId] : [])),
  );
}

describe('pruneTodoWrites', () => {
  describe('when there is nothing to prune', () => {
    it('returns the same array for an empty history', () => {
      const messages: ModelMessage[] = [];
      expect(pruneTodoWrites(messages)).toBe(messages);
    });

    it('returns the same array when there is a single write', () => {
      const messages = [user('plan it'), write('a', list('one')), results(ok('a'))];
      expect(pruneTodoWrites(messages)).toBe(messages);
    });

    it('returns the same array when no call was accepted yet', () => {
      const messages = [
        user('plan it'),
        write('a', list('one')),
        results(error('a')),
        write('b', list('one')),
        results(error('b')),
      ];
      expect(pruneTodoWrites(messages)).toBe(messages);
    });

    it('leaves a history without todo_write calls alone', () => {
      const messages = [user('hi'), write('w', [], 'weather'), results(ok('w', 'weather')), assistantText('sunny')];
      expect(pruneTodoWrites(messages)).toBe(messages);
    });
  });

  describe('when a list is written several times', () => {
    const messages = [
      user('plan it'),
      write('a', list('one')),
      results(ok('a')),
      write('b', list('one', 'two')),
      results(ok('b')),
      write('c', list('one', 'two', 'three')),
      results(ok('c')),
      assistantText('done'),
    ];

    it('keeps only the newest accepted call and its result', () => {
      const pruned = pruneTodoWrites(messages);
      expect(callIds(pruned)).toEqual(['c']);
      expect(resultIds(pruned)).toEqual(['c']);
    });

    it('drops the messages the old calls leave empty, and keeps text', () => {
      expect(pruneTodoWrites(messages)).toEqual([
        user('plan it'),
        write('c', list('one', 'two', 'three')),
        results(ok('c')),
        assistantText('done'),
      ]);
    });

    it('keeps the identity of untouched messages and never mutates the input', () => {
      const before = structuredClone(messages);
      const pruned = pruneTodoWrites(messages);
      expect(pruned[0]).toBe(messages[0]);
      expect(pruned[1]).toBe(messages[5]);
      expect(pruned[3]).toBe(messages[7]);
      expect(messages).toEqual(before);
    });

    it('keeps the newest of two calls made in one message', () => {
      const parallel: ModelMessage[] = [
        user('plan it'),
        { role: 'assistant', content: [call('a', list('one')), call('b', list('two'))] },
        results(ok('a'), ok('b')),
      ];
      const pruned = pruneTodoWrites(parallel);
      expect(callIds(pruned)).toEqual(['b']);
      expect(resultIds(pruned)).toEqual(['b']);
    });
  });

  describe('when a call is rejected', () => {
    it('keeps the rejection while it is the newest call', () => {
      const messages = [write('a', list('one')), results(ok('a')), write('b', list('one')), results(error('b'))];
      expect(pruneTodoWrites(messages)).toBe(messages);
    });

    it('keeps every rejection made since the newest accepted call', () => {
      const messages = [
        write('a', list('one')),
        results(ok('a')),
        write('b', list('two')),
        results(ok('b')),
        write('c', list('x')),
        results(error('c')),
        write('d', list('y')),
        results(error('d', 'Error: duplicate content')),
      ];
      expect(callIds(pruneTodoWrites(messages))).toEqual(['b', 'c', 'd']);
    });

    it('drops the rejection once a later call is accepted', () => {
      const messages = [
        write('a', list('one')),
        results(ok('a')),
        write('b', list('one')),
        results(error('b')),
        write('c', list('one')),
        results(ok('c')),
      ];
      expect(callIds(pruneTodoWrites(messages))).toEqual(['c']);
    });

    it('treats a denied execution as a rejection', () => {
      const denied: ToolResultPart = {
        type: 'tool-result',
        toolCallId: 'b',
        toolName: 'todo_write',
        output: { type: 'execution-denied', reason: 'no' },
      };
      const messages = [write('a', list('one')), results(ok('a')), write('b', list('two')), results(denied)];
      expect(pruneTodoWrites(messages)).toBe(messages);
    });
  });

  describe('pairing', () => {
    it('never touches a call that has no result yet', () => {
      const messages = [write('a', list('one')), write('b', list('two')), results(ok('b')), write('c', list('three'))];
      expect(callIds(pruneTodoWrites(messages))).toEqual(['a', 'b', 'c']);
    });

    it('drops an old call together with its approval request and response', () => {
      const messages: ModelMessage[] = [
        {
          role: 'assistant',
          content: [call('a', list('one')), { type: 'tool-approval-request', approvalId: 'ap-a', toolCallId: 'a' }],
        },
        { role: 'tool', content: [{ type: 'tool-approval-response', approvalId: 'ap-a', approved: true }, ok('a')] },
        write('b', list('two')),
        results(ok('b')),
      ];
      expect(pruneTodoWrites(messages)).toEqual([write('b', list('two')), results(ok('b'))]);
    });

    it('never prunes a call whose id is reused by another call', () => {
      const messages = [
        write('a', list('one')),
        write('a', [], 'weather'),
        results(ok('a')),
        write('b', list('two')),
        results(ok('b')),
      ];
      expect(pruneTodoWrites(messages)).toBe(messages);
    });
  });

  describe("other tools' parts", () => {
    it('stay in place, even in a message that held an old call', () => {
      const messages: ModelMessage[] = [
        {
          role: 'assistant',
          content: [{ type: 'text', text: 'Planning.' }, call('a', list('one')), call('w', [], 'weather')],
        },
        results(ok('a'), ok('w', 'weather')),
        write('b', list('two')),
        results(ok('b')),
      ];
      expect(pruneTodoWrites(messages)).toEqual([
        { role: 'assistant', content: [{ type: 'text', text: 'Planning.' }, call('w', [], 'weather')] },
        results(ok('w', 'weather')),
        write('b', list('two')),
        results(ok('b')),
      ]);
    });

    it('are pruned instead when the tool is registered under another name', () => {
      const messages = [
        write('a', list('one'), 'plan'),
        results(ok('a', 'plan')),
        write('b', list('two'), 'plan'),
        results(ok('b', 'plan')),
      ];
      expect(pruneTodoWrites(messages)).toBe(messages);
      expect(callIds(pruneTodoWrites(messages, { tool: 'plan' }), 'plan')).toEqual(['b']);
    });
  });

  describe('with minSavedTokens', () => {
    const long = list(...Array.from({ length: 10 }, (_, index) => `Task number ${index} with some words`));
    const messages = [write('a', long), results(ok('a')), write('b', long), results(ok('b'))];
    const savedCharacters = JSON.stringify(call('a', long)).length + JSON.stringify(ok('a')).length;

    it('prunes when the estimate (characters / 4) saves more than the threshold', () => {
      expect(callIds(pruneTodoWrites(messages, { minSavedTokens: savedCharacters / 4 - 1 }))).toEqual(['b']);
    });

    it('returns the history unchanged when it would save less', () => {
      expect(pruneTodoWrites(messages, { minSavedTokens: savedCharacters / 4 })).toBe(messages);
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Properties over generated histories

type Outcome = 'accepted' | 'rejected' | 'denied' | 'none';
type Event =
  | { kind: 'user' | 'text'; text: string }
  | { kind: 'calls'; calls: Array<{ toolName: 'todo_write' | 'weather'; outcome: Outcome; todos: string[] }> };

const eventArbitrary: fc.Arbitrary<Event> = fc.oneof(
  fc.record({ kind: fc.constantFrom('user' as const, 'text' as const), text: fc.string({ maxLength: 8 }) }),
  fc.record({
    kind: fc.constant('calls' as const),
    calls: fc.array(
      fc.record({
        toolName: fc.constantFrom('todo_write' as const, 'todo_write' as const, 'weather' as const),
        outcome: fc.constantFrom<Outcome>('accepted', 'accepted', 'rejected', 'denied', 'none'),
        todos: fc.array(fc.string({ maxLength: 6 }), { maxLength: 4 }),
      }),
      { minLength: 1, maxLength: 3 },
    ),
  }),
);

function buildHistory(events: Event[]): ModelMessage[] {
  let nextId = 0;
  const messages: ModelMessage[] = [];
  for (const event of events) {
    if (event.kind !== 'calls') messages.push(event.kind === 'user' ? user(event.text) : assistantText(event.text));
    else {
      const ids = event.calls.map(() => `call-${nextId++}`);
      messages.push({
        role: 'assistant',
        content: event.calls.map((c, index) => call(ids[index]!, list(...c.todos), c.toolName)),
      });
      const toolResults = event.calls.flatMap((c, index): ToolResultPart[] => {
        const toolCallId = ids[index]!;
        if (c.outcome === 'none') return [];
        if (c.outcome === 'rejected') return [{ ...error(toolCallId), toolName: c.toolName }];
        if (c.outcome === 'denied')
          return [{ type: 'tool-result', toolCallId, toolName: c.toolName, output: { type: 'execution-denied' } }];
        return [ok(toolCallId, c.toolName)];
      });
      if (toolResults.length > 0) messages.push(results(...toolResults));
    }
  }
  return messages;
}

function partsOf(messages: ModelMessage[]): Part[] {
  return messages.flatMap((message): Part[] => (typeof message.content === 'string' ? [] : message.content));
}

const historyArbitrary = fc.array(eventArbitrary, { maxLength: 14 }).map(buildHistory);

describe('pruneTodoWrites properties', () => {
  it('never leaves a call without its result or a result without its call', () => {
    fc.assert(
      fc.property(historyArbitrary, (messages) => {
        const before = partsOf(messages);
        const after = partsOf(pruneTodoWrites(messages));
        const has = (parts: Part[], type: 'tool-call' | 'tool-result', toolCallId: string) =>
          parts.some((part) => part.type === type && part.toolCallId === toolCallId);
        for (const part of before) {
          if (part.type !== 'tool-call') continue;
          const id = part.toolCallId;
          const paired = has(before, 'tool-result', id);
          // A paired call keeps its result or goes with it; an unpaired call is never touched.
          if (paired) expect(has(after, 'tool-call', id)).toBe(has(after, 'tool-result', id));
          else expect(has(after, 'tool-call', id)).toBe(true);
        }
      }),
    );
  });

  it('always keeps the newest accepted list and every call after it', () => {
    fc.assert(
      fc.property(historyArbitrary, (messages) => {
        const parts = partsOf(messages);
        const accepted = new Set(
          parts.flatMap((part) =>
            part.type === 'tool-result' && part.output.type === 'json' ? [part.toolCallId] : [],
          ),
        );
        const todoCalls = callIds(messages);
        const newest = todoCalls.findLastIndex((id) => accepted.has(id));
        const after = callIds(pruneTodoWrites(messages));
        const kept = newest === -1 ? todoCalls : todoCalls.slice(newest);
        for (const id of kept) expect(after).toContain(id);
        // Before the newest accepted call, only calls still waiting for a result remain.
        const resultIdsBefore = new Set(resultIds(messages));
        for (const id of todoCalls.slice(0, Math.max(newest, 0))) {
          expect(after.includes(id)).toBe(!resultIdsBefore.has(id));
        }
      }),
    );
  });

  it('is idempotent and never grows the history', () => {
    fc.assert(
      fc.property(historyArbitrary, (messages) => {
        const once = pruneTodoWrites(messages);
        expect(pruneTodoWrites(once)).toBe(once);
        expect(JSON.stringify(once).length).toBeLessThanOrEqual(JSON.stringify(messages).length);
      }),
    );
  });

  it("never touches text or other tools' parts, and leaves no empty message", () => {
    fc.assert(
      fc.property(historyArbitrary, (messages) => {
        const pruned = pruneTodoWrites(messages);
        const untouchable = (part: Part) => !('toolName' in part) || part.toolName !== 'todo_write';
        expect(partsOf(pruned).filter(untouchable)).toEqual(partsOf(messages).filter(untouchable));
        expect(pruned.filter((message) => message.role === 'user')).toEqual(
          messages.filter((message) => message.role === 'user'),
        );
        for (const message of pruned)
          if (typeof message.content !== 'string') expect(message.content.length).toBeGreaterThan(0);
      }),
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Through the real SDK: prepareStep prunes between the steps of one streamText run

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

function callStep(toolCallId: string, todos: Todo[]) {
  return {
    stream: simulateReadableStream({
      chunks: [
        { type: 'stream-start' as const, warnings: [] },
        { type: 'tool-call' as const, toolCallId, toolName: 'todo_write', input: JSON.stringify({ todos }) },
        { type: 'finish' as const, finishReason: { unified: 'tool-calls' as const, raw: undefined }, usage },
      ],
    }),
  };
}
function textStep(text: string) {
  return {
    stream: simulateReadableStream({
      chunks: [
        { type: 'stream-start' as const, warnings: [] },
        { type: 'text-start' as const, id: 't' },
        { type: 'text-delta' as const, id: 't', delta: text },
        { type: 'text-end' as const, id: 't' },
        { type: 'finish' as const, finishReason: { unified: 'stop' as const, raw: undefined }, usage },
      ],
    }),
  };
}

async function run(prune: boolean): Promise<MockLanguageModelV4> {
  const plan = list('Read the code', 'Write the fix', 'Run the tests');
  const model = new MockLanguageModelV4({
    doStream: [
      callStep('call-1', plan),
      callStep(
        'call-2',
        plan.map((todo, index) => (index === 0 ? { ...todo, status: 'in_progress' } : todo)),
      ),
      callStep(
        'call-3',
        plan.map((todo) => ({ ...todo, status: 'in_progress' })),
      ), // rejected: three in_progress
      callStep(
        'call-4',
        plan.map((todo, index) => (index === 0 ? { ...todo, status: 'completed' } : todo)),
      ),
      textStep('All done.'),
    ],
  });
  const tools: ToolSet = { todo_write: todoWrite };
  const result = streamText({
    model,
    tools,
    prompt: 'Fix the bug.',
    stopWhen: isStepCount(10),
    ...(prune ? { prepareStep: ({ messages }) => ({ messages: pruneTodoWrites(messages) }) } : {}),
  });
  await result.consumeStream();
  return model;
}

function promptCallIds(model: MockLanguageModelV4, step: number): string[] {
  const prompt = model.doStreamCalls[step]!.prompt;
  return prompt.flatMap((message) =>
    message.role === 'assistant'
      ? message.content.flatMap((part) => (part.type === 'tool-call' ? [part.toolCallId] : []))
      : [],
  );
}
function promptResultIds(model: MockLanguageModelV4, step: number): string[] {
  const prompt = model.doStreamCalls[step]!.prompt;
  return prompt.flatMap((message) =>
    message.role === 'tool'
      ? message.content.flatMap((part) => (part.type === 'tool-result' ? [part.toolCallId] : []))
      : [],
  );
}

describe('pruneTodoWrites in prepareStep (MockLanguageModelV4 -> streamText)', () => {
  it('sends each later step one list (plus the rejection while it is newest)', async () => {
    const model = await run(true);
    expect(model.doStreamCalls).toHaveLength(5);
    expect(promptCallIds(model, 1)).toEqual(['call-1']);
    expect(promptCallIds(model, 2)).toEqual(['call-2']);
    expect(promptCallIds(model, 3)).toEqual(['call-2', 'call-3']);
    expect(promptCallIds(model, 4)).toEqual(['call-4']);
    for (let step = 1; step < 5; step++) expect(promptResultIds(model, step)).toEqual(promptCallIds(model, step));
  });

  it('sends every list without it', async () => {
    const model = await run(false);
    expect(promptCallIds(model, 4)).toEqual(['call-1', 'call-2', 'call-3', 'call-4']);
  });
});

describe("pruneTodoWrites and readTodos with another agent's shape", () => {
  const geminiCall = (toolCallId: string, todos: { description: string; status: string }[]): ModelMessage => ({
    role: 'assistant',
    content: [{ type: 'tool-call', toolCallId, toolName: 'write_todos', input: { todos } }],
  });
  const answered = (toolCallId: string): ModelMessage => ({
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId,
        toolName: 'write_todos',
        output: { type: 'text', value: 'Successfully updated the todo list.' },
      },
    ],
  });
  const history: ModelMessage[] = [
    user('Fix the login bug'),
    geminiCall('w1', [{ description: 'Reproduce it', status: 'in_progress' }]),
    answered('w1'),
    geminiCall('w2', [
      { description: 'Reproduce it', status: 'completed' },
      { description: 'Rewrite the store', status: 'cancelled' },
    ]),
    answered('w2'),
  ];

  it('drops the superseded call of that tool, whose text output counts as accepted', () => {
    const pruned = pruneTodoWrites(history, { tool: agentTodoTools.geminiCli });
    expect(pruned).toEqual([history[0], history[3], history[4]]);
    expect(pruneTodoWrites(history)).toBe(history);
  });

  it("replays the newest list with the shape's own statuses", () => {
    expect(readTodos(history, { tool: agentTodoTools.geminiCli })).toEqual([
      { content: 'Reproduce it', status: 'completed' },
      { content: 'Rewrite the store', status: 'cancelled' },
    ]);
    // Read as todo_write's shape under that name, the items have no `content` and the text outputs no counts.
    expect(readTodos(history, { tool: 'write_todos' })).toEqual([]);
  });
});
