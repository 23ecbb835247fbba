import {
  convertToModelMessages,
  isStepCount,
  readUIMessageStream,
  streamText,
  toUIMessageStream,
  type ModelMessage,
  type UIMessage,
} from 'ai';
import { describe, expect, it } from 'vitest';
import { readTodos, todoWrite, type Todo } from '../src/index.js';
import { scriptedModel, textStep, toolCallsStep } from './support/stream-todo-call.js';

const first: Todo[] = [
  { content: 'Read the code', status: 'in_progress' },
  { content: 'Fix the bug', status: 'pending' },
];
const second: Todo[] = [
  { content: 'Read the code', status: 'completed' },
  { content: 'Fix the bug', status: 'in_progress' },
];
const third: Todo[] = [
  { content: 'Read the code', status: 'completed' },
  { content: 'Fix the bug', status: 'completed' },
];

/** A UI tool part of todo_write in some state. */
function part(toolCallId: string, state: string, input: unknown, extra: Record<string, unknown> = {}) {
  const base = { type: 'tool-todo_write', toolCallId, state, input };
  if (state === 'output-available') return { ...base, output: { pending: 0, in_progress: 0, completed: 0 }, ...extra };
  if (state === 'output-error') return { ...base, errorText: 'Nothing was saved.', ...extra };
  return { ...base, ...extra };
}

function assistant(...parts: unknown[]): UIMessage {
  return { id: `m-${Math.random()}`, role: 'assistant', parts } as UIMessage;
}

const user: UIMessage = { id: 'u', role: 'user', parts: [{ type: 'text', text: 'Fix the bug' }] };

describe('readTodos over UIMessage[]', () => {
  it('returns [] when no call was accepted', () => {
    expect(readTodos([])).toEqual([]);
    expect(readTodos([user])).toEqual([]);
    expect(readTodos([user, assistant(part('c1', 'output-error', { todos: first }))])).toEqual([]);
  });

  it('returns the list of the newest accepted call', () => {
    expect(readTodos([user, assistant(part('c1', 'output-available', { todos: first }))])).toEqual(first);
    expect(
      readTodos([
        user,
        assistant(part('c1', 'output-available', { todos: first })),
        user,
        assistant(part('c2', 'output-available', { todos: second })),
      ]),
    ).toEqual(second);
  });

  it('ignores calls that were rejected, denied or never finished', () => {
    const accepted = assistant(part('c1', 'output-available', { todos: first }));
    for (const state of [
      'output-error',
      'output-denied',
      'input-streaming',
      'input-available',
      'approval-requested',
      'approval-responded',
      'unknown-state',
    ]) {
      expect(readTodos([user, accepted, assistant(part('c2', state, { todos: second }))]), state).toEqual(first);
    }
  });

  it('ignores preliminary output', () => {
    expect(
      readTodos([
        assistant(
          part('c1', 'output-available', { todos: first }),
          part('c2', 'output-available', { todos: second }, { preliminary: true }),
        ),
      ]),
    ).toEqual(first);
  });

  it('takes the later of two calls in one message', () => {
    expect(
      readTodos([
        assistant(part('c1', 'output-available', { todos: first }), part('c2', 'output-available', { todos: second })),
      ]),
    ).toEqual(second);
    expect(
      readTodos([
        assistant(part('c1', 'output-available', { todos: first }), part('c2', 'output-error', { todos: second })),
      ]),
    ).toEqual(first);
  });

  it('counts an accepted empty list: the list was cleared', () => {
    expect(
      readTodos([
        assistant(part('c1', 'output-available', { todos: first }), part('c2', 'output-available', { todos: [] })),
      ]),
    ).toEqual([]);
  });

  it('reads input sent as a JSON string, keeping only content and status', () => {
    expect(readTodos([assistant(part('c1', 'output-available', { todos: JSON.stringify(first) }))])).toEqual(first);
    expect(readTodos([assistant(part('c1', 'output-available', JSON.stringify({ todos: first })))])).toEqual(first);
    expect(readTodos([assistant(part('c1', 'output-available', { todos: [{ ...first[0], id: 1 }] }))])).toEqual([
      first[0],
    ]);
  });

  it('reads dynamic-tool parts of the tool, and no other tool', () => {
    const dynamic = {
      type: 'dynamic-tool',
      toolName: 'todo_write',
      toolCallId: 'c1',
      state: 'output-available',
      input: { todos: first },
      output: { pending: 1, in_progress: 1, completed: 0 },
    };
    const other = { ...dynamic, toolName: 'other_tool', input: { todos: second } };
    const otherStatic = { ...part('c3', 'output-available', { todos: second }), type: 'tool-other_tool' };
    expect(readTodos([assistant(dynamic, other, otherStatic)])).toEqual(first);
  });

  it('reads the tool under another name with toolName', () => {
    const renamed = { ...part('c1', 'output-available', { todos: first }), type: 'tool-plan' };
    expect(readTodos([assistant(renamed)])).toEqual([]);
    expect(readTodos([assistant(renamed)], { tool: 'plan' })).toEqual(first);
  });

  it('skips accepted calls whose input is not a list it can read', () => {
    expect(
      readTodos([
        assistant(
          part('c1', 'output-available', { todos: first }),
          part('c2', 'output-available', { todos: 'garbage' }),
        ),
      ]),
    ).toEqual(first);
  });
});

describe('readTodos over ModelMessage[]', () => {
  const call = (toolCallId: string, input: unknown) => ({
    type: 'tool-call' as const,
    toolCallId,
    toolName: 'todo_write',
    input,
  });
  const result = (toolCallId: string, output: Record<string, unknown>) => ({
    type: 'tool-result',
    toolCallId,
    toolName: 'todo_write',
    output,
  });
  const json = { type: 'json', value: { pending: 1, in_progress: 1, completed: 0 } };

  it('returns [] when no call was accepted', () => {
    expect(readTodos([{ role: 'user', content: 'Fix the bug' }] satisfies ModelMessage[])).toEqual([]);
  });

  it('matches each call with its result and takes the newest accepted call', () => {
    const messages = [
      { role: 'user', content: 'Fix the bug' },
      { role: 'assistant', content: [call('c1', { todos: first })] },
      { role: 'tool', content: [result('c1', json)] },
      { role: 'assistant', content: [{ type: 'text', text: 'On it.' }, call('c2', { todos: second })] },
      { role: 'tool', content: [result('c2', json)] },
    ] as ModelMessage[];
    expect(readTodos(messages)).toEqual(second);
  });

  it('ignores calls whose result is an error or a denial, and calls with no result yet', () => {
    for (const output of [
      { type: 'error-text', value: 'Nothing was saved.' },
      { type: 'error-json', value: {} },
      { type: 'execution-denied', reason: 'no' },
      undefined,
    ]) {
      const messages = [
        { role: 'assistant', content: [call('c1', { todos: first })] },
        { role: 'tool', content: [result('c1', json)] },
        { role: 'assistant', content: [call('c2', { todos: second })] },
        ...(output ? [{ role: 'tool', content: [result('c2', output)] }] : []),
      ] as ModelMessage[];
      expect(readTodos(messages), JSON.stringify(output)).toEqual(first);
    }
  });

  it('takes the later of two parallel calls, whatever order their results arrive in', () => {
    const messages = [
      { role: 'assistant', content: [call('c1', { todos: first }), call('c2', { todos: second })] },
      { role: 'tool', content: [result('c2', json), result('c1', json)] },
    ] as ModelMessage[];
    expect(readTodos(messages)).toEqual(second);
    const laterRejected = [
      { role: 'assistant', content: [call('c1', { todos: first }), call('c2', { todos: second })] },
      { role: 'tool', content: [result('c1', json), result('c2', { type: 'error-text', value: 'x' })] },
    ] as ModelMessage[];
    expect(readTodos(laterRejected)).toEqual(first);
  });

  it('reads input sent as a JSON string, and only calls of the named tool', () => {
    const messages = [
      {
        role: 'assistant',
        content: [
          call('c1', JSON.stringify({ todos: first })),
          { ...call('c2', { todos: second }), toolName: 'other' },
        ],
      },
      { role: 'tool', content: [result('c1', json), { ...result('c2', json), toolName: 'other' }] },
    ] as ModelMessage[];
    expect(readTodos(messages)).toEqual(first);
    expect(readTodos(messages, { tool: 'other' })).toEqual(second);
  });
});

describe('readTodos over a conversation produced by the SDK', () => {
  /** Step 1: accepted. Step 2: rejected. Step 3: accepted + rejected in parallel. Step 4: text. */
  async function conversation() {
    const model = scriptedModel([
      toolCallsStep([{ toolCallId: 'c1', input: { todos: first } }]),
      toolCallsStep([{ toolCallId: 'c2', input: { todos: [{ content: '', status: 'pending' }] } }]),
      toolCallsStep([
        { toolCallId: 'c3', input: { todos: third } },
        // An unknown status: rejected by execute with the tool's own message, like any other rule.
        { toolCallId: 'c4', input: { todos: [...second, { content: 'Ship', status: 'done' }] } },
      ]),
      textStep('Done.'),
    ]);
    const tools = { todo_write: todoWrite };
    const result = streamText({ model, tools, stopWhen: isStepCount(4), prompt: 'Fix the bug' });
    let uiMessage: UIMessage | undefined;
    for await (const message of readUIMessageStream({ stream: toUIMessageStream({ stream: result.stream, tools }) }))
      uiMessage = message;
    const modelMessages: ModelMessage[] = [
      { role: 'user', content: 'Fix the bug' },
      ...(await result.responseMessages),
    ];
    return { uiMessages: [user, uiMessage!], modelMessages, tools };
  }

  it('finds the newest accepted list in the UI messages, in the model messages, and after converting one into the other', async () => {
    const { uiMessages, modelMessages, tools } = await conversation();
    const states = uiMessages[1]!.parts.flatMap((uiPart) =>
      uiPart.type === 'tool-todo_write' && 'state' in uiPart
        ? [`${(uiPart as { toolCallId: string }).toolCallId}:${uiPart.state}`]
        : [],
    );
    expect(states).toEqual(['c1:output-available', 'c2:output-error', 'c3:output-available', 'c4:output-error']);
    expect(readTodos(uiMessages)).toEqual(third);
    expect(readTodos(modelMessages)).toEqual(third);
    expect(readTodos(await convertToModelMessages(uiMessages, { tools }))).toEqual(third);
    expect(readTodos(modelMessages.slice(0, 3))).toEqual(first);
  });
});
