/**
 * What a kept reading holds never changes the answer, with subagents and task-by-task tools too: a kept selector
 * and a kept provider reading against a fresh derivation, along chats that follow React's contract.
 */
import fc from 'fast-check';
import { agentTodoTools } from '../src/agents.js';
import { parsePartialJson } from 'ai';
import { beforeAll, describe, expect, it } from 'vitest';
import { readTodos, selectTodoState, type TodoToolOption } from '../src/index.js';
import { bindTodoTool } from '../src/plan/todo-tool-shape.js';
import { createReading } from '../src/read/todo-selector.js';

const listShape: TodoToolOption = { name: 'todo_write', list: 'todos', text: 'content', delegate: ['task'] };
const taskShape: TodoToolOption<'pending' | 'in_progress' | 'completed' | 'blocked'> = {
  ...agentTodoTools.claudeCodeTasks,
  delegate: ['task'],
};

const text = fc.constantFrom('Read', 'Write', ' Read ', '');
const status = fc.constantFrom('pending', 'in_progress', 'completed', 'in_prog', 'deleted', undefined);
const state = fc.constantFrom(
  'input-streaming',
  'input-available',
  'output-available',
  'output-available',
  'output-error',
);
const metadata = fc.constantFrom<unknown>(
  undefined,
  { langchain: { namespace: [] } },
  { langchain: { namespace: ['tools:1'] } },
  { langchain: { namespace: ['tools:2'] } },
  { harness: { parentToolCallId: 'd0' } },
);
const todos = fc.array(fc.record({ content: text, status }, { requiredKeys: [] }), { maxLength: 3 });
const id = fc.constantFrom('1', '2', '3', 7);
const taskInput = fc.oneof(
  fc.record({ subject: text, activeForm: text }, { requiredKeys: [] }),
  fc.record(
    { taskId: id, status, subject: text, addBlockedBy: fc.array(id, { maxLength: 2 }), owner: text },
    { requiredKeys: [] },
  ),
  fc.constant({}),
);
const taskOutput = fc.constantFrom<unknown>(
  undefined,
  'Task #1 created successfully: Read',
  'Task #2 created successfully: Write',
  { task: { id: '3', subject: 'Write' } },
  'Updated task #1 status',
  { success: false, taskId: '9', updatedFields: [], error: 'Task not found' },
  'Task not found',
  '#1 [completed] Read\n#2 [pending] Write [blocked by #1]',
  'No tasks found',
);
const planPart = fc.record(
  {
    type: fc.constantFrom('tool-todo_write', 'tool-TaskCreate', 'tool-TaskUpdate', 'tool-TaskList'),
    toolCallId: fc.constantFrom('c0', 'c1', 'c2'),
    state,
    input: fc.oneof(fc.record({ todos }), taskInput),
    output: fc.oneof(fc.constant<unknown>({ pending: 1, in_progress: 0, completed: 0 }), taskOutput),
    callProviderMetadata: metadata,
    resultProviderMetadata: metadata,
  },
  { requiredKeys: ['type', 'toolCallId', 'state', 'input'] },
);
// Well-formed calls, so that plans are folded from several accepted calls and an earlier one can change.
const wellFormed = fc.oneof(
  fc.record({
    type: fc.constant('tool-TaskCreate'),
    toolCallId: fc.constantFrom('c0', 'c1', 'c2'),
    state,
    input: fc.constantFrom({ subject: 'Read' }, { subject: 'Write', activeForm: 'Writing' }),
    output: fc.constantFrom('Task #1 created successfully: Read', 'Task #2 created successfully: Write'),
  }),
  fc.record({
    type: fc.constant('tool-TaskUpdate'),
    toolCallId: fc.constantFrom('c1', 'c2', 'c3'),
    state,
    input: fc.constantFrom(
      { taskId: '1', status: 'in_progress' },
      { taskId: '2', addBlockedBy: ['1'] },
      { taskId: '1', status: 'completed' },
    ),
    output: fc.constant('Updated task #1 status'),
    callProviderMetadata: metadata,
  }),
  fc.record({
    type: fc.constant('tool-todo_write'),
    toolCallId: fc.constantFrom('c0', 'c1', 'c2'),
    state,
    input: fc.constantFrom(
      { todos: [{ content: 'Read', status: 'in_progress' }] },
      {
        todos: [
          { content: 'Read', status: 'completed' },
          { content: 'Write', status: 'pending' },
        ],
      },
    ),
    output: fc.constant({ pending: 1, in_progress: 0, completed: 0 }),
    callProviderMetadata: metadata,
  }),
);
const subagentMessage = fc
  .tuple(fc.array(fc.oneof(planPart, wellFormed), { maxLength: 3 }), fc.constantFrom('', undefined))
  .map(([parts, id]) => ({ id, role: 'assistant', parts }));
const delegatePart = fc.record({
  type: fc.constantFrom('tool-task', 'tool-research'),
  toolCallId: fc.constantFrom('d0', 'd1'),
  state,
  output: fc.oneof(fc.constant<unknown>('done'), subagentMessage),
  preliminary: fc.constantFrom(true, undefined),
});
const part = fc.oneof(
  { weight: 2, arbitrary: planPart },
  { weight: 4, arbitrary: wellFormed },
  delegatePart,
  fc.constant({ type: 'step-start' }),
);
const message = fc.record({
  id: fc.constantFrom('m0', 'm1', undefined),
  role: fc.constant('assistant'),
  parts: fc.array(part, { maxLength: 6 }),
});
const chat = fc.array(message, { maxLength: 3 });
const chatStatus = fc.constantFrom('streaming', 'ready', 'error', undefined);
const AGENTS = [undefined, 'd0', 'd1', 'd0 d1', 'tools:1', 'tools:2'];

/** The next conversation: a fresh one (ids repeat), a deep copy, or one part's state changed through copies. */
function next(
  messages: unknown[],
  step: { fresh?: unknown[]; copy?: boolean; at?: number; state?: string },
): unknown[] {
  if (step.fresh) return step.fresh;
  if (step.copy) return structuredClone(messages);
  const places = messages.flatMap((each, at) =>
    ((each as { parts: unknown[] }).parts ?? []).map((_, index) => [at, index] as const),
  );
  if (places.length === 0) return messages;
  const [at, index] = places[step.at! % places.length]!;
  const changed = messages[at] as { parts: Record<string, unknown>[] };
  const parts = changed.parts.map((each, position) => (position === index ? { ...each, state: step.state } : each));
  return messages.map((each, position) => (position === at ? { ...changed, parts } : each));
}

/** Whether a message, or a subagent's message in one of its parts' output, has an id. */
function hasMessageId(message: unknown): boolean {
  const { id, parts } = message as { id?: unknown; parts?: unknown };
  if (id !== undefined) return true;
  return (
    Array.isArray(parts) && parts.some((part) => hasMessageId((part as { output?: unknown } | null)?.output ?? {}))
  );
}

describe.each([
  ['a whole-plan tool with a delegating tool', listShape],
  ['task-by-task tools with a delegating tool', taskShape],
] as const)('a kept reading of %s (property)', (_, tool) => {
  it("answers like a fresh derivation for every agent and call, along a chat that follows React's contract", () => {
    const step = fc.oneof(
      chat.map((fresh) => ({ fresh })),
      fc.constant({ copy: true }),
      fc.tuple(fc.nat(), state).map(([at, each]) => ({ at, state: each })),
    );
    let streamingChecked = 0;
    fc.assert(
      fc.property(chat, fc.array(fc.tuple(step, chatStatus), { minLength: 1, maxLength: 6 }), (first, steps) => {
        const reading = createReading(bindTodoTool(tool as TodoToolOption<never>));
        let messages = first as unknown[];
        for (const [each, chatState] of steps) {
          messages = next(messages, each);
          reading.read(messages as never, chatState);
          // While a chat streams, a kept reading holds the newest plan of a message replayed from its start: a
          // message with an id, the chat's or a subagent's in a call's output.
          if (chatState === 'streaming' && messages.some(hasMessageId)) continue;
          if (chatState === 'streaming') streamingChecked++;
          for (const agent of AGENTS)
            for (const toolCallId of agent === undefined ? [undefined, 'c0', 'c1', 'c2', 'c3'] : [undefined]) {
              const fresh = selectTodoState(messages as never, {
                status: chatState,
                toolCallId,
                agent,
                tool: tool as never,
              });
              expect(reading.state(toolCallId, agent), `${agent} ${toolCallId}`).toEqual(fresh);
            }
          expect(() => readTodos(messages as never, { tool: tool as never })).not.toThrow();
        }
      }),
      { numRuns: 600 },
    );
    // The skip above must leave streaming chats to check.
    expect(streamingChecked).toBeGreaterThan(0);
  });
});

describe('a kept reading, on a copy of what it read', () => {
  it('holds no plan while a call before the newest accepted one is still open, as it was when first read', () => {
    // A subagent's message in a call's output: a create still streaming, an update answered after it, a list running.
    const conversation = () => [
      {
        role: 'assistant',
        parts: [
          {
            type: 'tool-task',
            toolCallId: 'd0',
            state: 'input-streaming',
            preliminary: true,
            output: {
              id: 'sub',
              role: 'assistant',
              parts: [
                { type: 'tool-TaskCreate', toolCallId: 'c0', state: 'input-streaming', input: {} },
                {
                  type: 'tool-TaskUpdate',
                  toolCallId: 'c1',
                  state: 'output-available',
                  input: { taskId: '1', status: 'in_progress' },
                  output: 'Updated task #1 status',
                },
                { type: 'tool-TaskList', toolCallId: 'c2', state: 'input-streaming', input: {} },
              ],
            },
          },
        ],
      },
    ];
    const reading = createReading(bindTodoTool(taskShape as TodoToolOption<never>));
    for (const messages of [conversation(), conversation()]) {
      reading.read(messages as never, 'streaming');
      expect(reading.state(undefined, 'd0')).toEqual(
        selectTodoState(messages as never, { status: 'streaming', agent: 'd0', tool: taskShape }),
      );
      expect(reading.state(undefined, 'd0').todos).toEqual([]);
    }
  });
});

describe.each([
  ['todo_write', undefined],
  ['task-by-task tools', agentTodoTools.claudeCodeTasks],
] as const)('a kept reading along a long session of %s (property)', (_, tool) => {
  // One call: accepted, refused or still streaming its input; other parts between calls.
  const call = (at: number, kind: number, state: string): unknown => {
    const toolCallId = `call_${at % 7}`;
    if (tool === undefined) {
      const todos = [0, 1, 2].map((each) => ({
        content: `Task ${(at + each) % 5}`,
        status: each < kind % 3 ? 'completed' : 'pending',
      }));
      const output = state === 'output-error' ? undefined : { pending: 1, in_progress: 0, completed: 0 };
      return { type: 'tool-todo_write', toolCallId, state, input: { todos }, output, errorText: 'Error: no' };
    }
    if (kind % 2 === 0)
      return {
        type: 'tool-TaskCreate',
        toolCallId,
        state,
        input: { subject: `Task ${at % 5}` },
        output: `Task #${(at % 4) + 1} created successfully: Task ${at % 5}`,
      };
    return {
      type: 'tool-TaskUpdate',
      toolCallId,
      state,
      input: { taskId: String((at % 4) + 1), status: kind % 3 === 0 ? 'completed' : 'in_progress' },
      output: `Updated task #${(at % 4) + 1} status`,
    };
  };
  const callSpec = fc.tuple(
    fc.nat(9),
    fc.constantFrom('output-available', 'output-available', 'output-available', 'output-error', 'input-available'),
    fc.constantFrom(
      undefined,
      { type: 'text', text: 'Done.' },
      { type: 'tool-bash', toolCallId: 'b', state: 'output-available' },
      { type: 'step-start' },
    ),
  );
  const history = fc.oneof(
    fc.array(callSpec, { maxLength: 12 }),
    fc.array(callSpec, { minLength: 150, maxLength: 250 }),
  );
  // The newest call's input at each length of its text, as the SDK parses it.
  const inputs: unknown[] = [];
  beforeAll(async () => {
    const text = JSON.stringify(
      tool === undefined
        ? {
            todos: [
              { content: 'Task 1', status: 'in_progress' },
              { content: 'New task', status: 'pending' },
            ],
          }
        : { subject: 'A new task', activeForm: 'Adding a new task' },
    );
    for (let end = 0; end <= text.length; end++) inputs.push((await parsePartialJson(text.slice(0, end))).value);
  });

  it('answers like a fresh derivation at every delta: one answer or turns, shared or copied, edited or cut', () => {
    fc.assert(
      fc.property(
        history,
        fc.constantFrom('one answer', 'turns'),
        fc.array(fc.tuple(fc.constantFrom('delta', 'delta', 'delta', 'copy', 'edit', 'cut'), fc.nat()), {
          minLength: 1,
          maxLength: 12,
        }),
        fc.boolean(),
        (specs, layout, steps, withIds) => {
          const parts = specs.flatMap(([kind, state, other], at) => [
            call(at, kind, state),
            ...(other === undefined ? [] : [other]),
          ]);
          const id = (name: string) => (withIds ? { id: name } : {});
          let messages: unknown[] =
            layout === 'one answer'
              ? [
                  { ...id('u'), role: 'user', parts: [{ type: 'text', text: 'Go.' }] },
                  { ...id('a'), role: 'assistant', parts },
                ]
              : parts.map((part, at) => ({ ...id(`a${at}`), role: 'assistant', parts: [part] }));
          const reading = createReading(bindTodoTool(tool as TodoToolOption<never>));
          const selector = createReading(bindTodoTool(tool as TodoToolOption<never>));
          let length = 0;
          for (const [step, at] of steps) {
            if (step === 'delta') {
              length = Math.min(inputs.length - 1, length + 1 + (at % 9));
              const input = inputs[length];
              const part = {
                type: tool === undefined ? 'tool-todo_write' : 'tool-TaskCreate',
                toolCallId: 'streaming',
                state: 'input-streaming',
                input,
              };
              const last = messages.at(-1) as { parts: unknown[] } | undefined;
              const isOwn =
                last?.parts.at(-1) !== undefined &&
                (last.parts.at(-1) as { toolCallId?: unknown }).toolCallId === 'streaming';
              // As useChat does: the streaming message and its parts copied shallowly, the messages before it shared.
              messages =
                layout === 'one answer' && last
                  ? [
                      ...messages.slice(0, -1),
                      {
                        ...last,
                        parts: [
                          ...last.parts.slice(0, isOwn ? -1 : undefined).map((each) => ({ ...(each as object) })),
                          part,
                        ],
                      },
                    ]
                  : [
                      ...messages.slice(0, isOwn ? -1 : undefined),
                      { ...id('streaming'), role: 'assistant', parts: [part] },
                    ];
            } else if (step === 'copy') messages = structuredClone(messages);
            else if (step === 'cut') messages = messages.slice(0, at % (messages.length + 1));
            else {
              const places = messages.flatMap((message, position) =>
                (message as { parts: unknown[] }).parts.map((_part, index) => [position, index] as const),
              );
              if (places.length === 0) continue;
              const [position, index] = places[at % places.length]!;
              const message = messages[position] as { parts: Record<string, unknown>[] };
              const changed = message.parts.map((each, place) =>
                place === index ? { ...each, state: 'output-error', errorText: 'Error: later' } : each,
              );
              messages = messages.map((each, place) => (place === position ? { ...message, parts: changed } : each));
            }
            for (const status of ['streaming', 'ready'] as const) {
              reading.read(messages as never, status);
              // While the chat streams, a kept reading holds the newest plan of a message replayed from its start.
              if (status === 'streaming' && withIds) continue;
              const fresh = selectTodoState(messages as never, { status, tool: tool as never });
              expect(reading.state()).toEqual(fresh);
              expect(selector.select(messages as never, { status })).toEqual(fresh);
            }
          }
        },
      ),
      { numRuns: 150 },
    );
  }, 120_000);
});
