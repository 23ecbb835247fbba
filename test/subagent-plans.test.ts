import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { agentTodoTools } from '../src/agents.js';
import { createTodoSelector, pruneTodoWrites, readTodos, selectTodoState } from '../src/index.js';

const todos = (...texts: string[]) => ({
  todos: texts.map((content, at) => ({ content, status: at === 0 ? 'in_progress' : 'pending', activeForm: content })),
});
const step = { type: 'step-start' };

/** A tool part of `name` as Claude Code's bridge streams it: static, provider-executed, its result a text. */
function part(name: string, toolCallId: string, input: unknown, output: unknown = 'ok', extra: object = {}) {
  const state = output === undefined ? 'input-available' : 'output-available';
  return { type: `tool-${name}`, toolCallId, state, input, output, providerExecuted: true, ...extra };
}

const texts = (state: { todos: readonly { content: string }[] }) => state.todos.map((row) => row.content);

/** Every snapshot of a message whose parts arrive one by one (a part's output arriving counts as a snapshot too). */
function snapshotsOf(parts: readonly Record<string, unknown>[]) {
  const snapshots: { id: string; role: 'assistant'; parts: unknown[] }[] = [];
  for (let at = 1; at <= parts.length; at++) {
    const last = parts[at - 1]!;
    if ('output' in last && last.output !== undefined)
      snapshots.push({
        id: 'm',
        role: 'assistant',
        parts: [...parts.slice(0, at - 1), { ...last, state: 'input-available', output: undefined }],
      });
    snapshots.push({ id: 'm', role: 'assistant', parts: parts.slice(0, at) });
  }
  return snapshots;
}

describe("Claude Code's TodoWrite with an Agent subagent (no metadata: by place)", () => {
  const parts = [
    step,
    part('TodoWrite', 'main-1', todos('Trace the expiry bug', 'Fix it', 'Run the suite')),
    step,
    part('Agent', 'agent-1', { description: 'Read the middleware', prompt: '…' }, 'Found it.'),
    part('TodoWrite', 'sub-1', todos('Reading the session middleware', 'Report back')),
    part('TodoWrite', 'sub-2', {
      todos: [
        { content: 'Reading the session middleware', status: 'completed', activeForm: 'Reading' },
        { content: 'Report back', status: 'in_progress', activeForm: 'Reporting back' },
      ],
    }),
    step,
    part('TodoWrite', 'main-2', {
      todos: [
        { content: 'Trace the expiry bug', status: 'completed', activeForm: 'Tracing' },
        { content: 'Fix it', status: 'in_progress', activeForm: 'Fixing it' },
        { content: 'Run the suite', status: 'pending', activeForm: 'Running the suite' },
      ],
    }),
  ];
  const tool = agentTodoTools.claudeCode;

  it('never shows the subagent’s list as the main plan, at any snapshot, with a kept selector or a fresh one', () => {
    const kept = createTodoSelector({ tool });
    for (const snapshot of snapshotsOf(parts)) {
      const messages = [snapshot];
      for (const state of [
        kept.select(messages, { status: 'streaming' }),
        selectTodoState(messages, { tool, status: 'streaming' }),
      ]) {
        expect(texts(state)).not.toContain('Reading the session middleware');
        expect(texts(state)).not.toContain('Report back');
      }
    }
    const final = selectTodoState([{ id: 'm', parts }], { tool, status: 'ready' });
    expect(final.toolCallId).toBe('main-2');
    expect(final.agents).toEqual(['agent-1']);
  });

  it('shows the subagent’s plan under its Agent call, live while the call runs and over once it answered', () => {
    const running = parts
      .slice(0, 6)
      .map((each) => (each === parts[3] ? { ...each, state: 'input-available', output: undefined } : each));
    const live = selectTodoState([{ id: 'm', parts: running }], { tool, status: 'streaming', agent: 'agent-1' });
    expect(live.toolCallId).toBe('sub-2');
    expect(live.todos.map((row) => [row.content, row.status])).toEqual([
      ['Reading the session middleware', 'completed'],
      ['Report back', 'in_progress'],
    ]);
    expect(live.live).toBe(true);
    const over = selectTodoState([{ id: 'm', parts }], { tool, status: 'streaming', agent: 'agent-1' });
    expect(over.toolCallId).toBe('sub-2');
    expect(over.live).toBe(false);
  });

  it('replays the main plan alone from UI messages and from model messages', () => {
    expect(readTodos([{ id: 'm', role: 'assistant', parts }] as never, { tool }).map((todo) => todo.content)).toEqual([
      'Trace the expiry bug',
      'Fix it',
      'Run the suite',
    ]);
    const call = (toolCallId: string, toolName: string, input: unknown) => ({
      type: 'tool-call',
      toolCallId,
      toolName,
      input,
    });
    const result = (toolCallId: string, toolName: string) => ({
      type: 'tool-result',
      toolCallId,
      toolName,
      output: { type: 'text', value: 'ok' },
    });
    const model: ModelMessage[] = [
      { role: 'assistant', content: [call('main-1', 'TodoWrite', todos('A', 'B')), result('main-1', 'TodoWrite')] },
      {
        role: 'assistant',
        content: [
          call('agent-1', 'Agent', { prompt: '…' }),
          call('sub-1', 'TodoWrite', todos('Sub task')),
          result('sub-1', 'TodoWrite'),
          result('agent-1', 'Agent'),
        ],
      },
    ] as never;
    expect(readTodos(model, { tool }).map((todo) => todo.content)).toEqual(['A', 'B']);
    // The subagent's plan is its own: pruning the main plan's older copies leaves it.
    const more: ModelMessage[] = [
      ...model,
      { role: 'assistant', content: [call('main-2', 'TodoWrite', todos('A', 'C')), result('main-2', 'TodoWrite')] },
    ] as never;
    const pruned = pruneTodoWrites(more, { tool });
    const ids = pruned.flatMap((message) =>
      (message.content as { toolCallId?: string }[]).map((each) => each.toolCallId),
    );
    expect(ids).not.toContain('main-1');
    expect(ids).toContain('sub-1');
  });

  it("places a call by its parent id when its result's metadata names no agent (a bridge's timing, say)", () => {
    const tagged = [
      part('TodoWrite', 'main-1', todos('Trace the expiry bug')),
      {
        ...part('TodoWrite', 'sub-1', todos('Reading the session middleware')),
        callProviderMetadata: { bridge: { parentToolCallId: 'agent-1' } },
        resultProviderMetadata: { bridge: { durationMs: 12 } },
      },
    ];
    const messages = [{ id: 'm', role: 'assistant' as const, parts: tagged }];
    expect(readTodos(messages as never, { tool }).map((todo) => todo.content)).toEqual(['Trace the expiry bug']);
    const main = selectTodoState(messages, { tool, status: 'ready' });
    expect(main.todos.map((row) => row.content)).toEqual(['Trace the expiry bug']);
    expect(main.agents).toEqual(['agent-1']);
  });

  it('cannot tell two Agent calls of one step apart: their subagents’ plans share one key, and the main plan stays', () => {
    const two = [
      step,
      part('TodoWrite', 'main-1', todos('Plan')),
      step,
      part('Agent', 'agent-a', { prompt: 'a' }, undefined),
      part('Agent', 'agent-b', { prompt: 'b' }, undefined),
      part('TodoWrite', 'sub-a', todos('A’s task')),
    ];
    const state = selectTodoState([{ id: 'm', parts: two }], { tool, status: 'streaming' });
    expect(texts(state)).toEqual(['Plan']);
    expect(state.agents).toEqual(['agent-a agent-b']);
    expect(
      texts(selectTodoState([{ id: 'm', parts: two }], { tool, status: 'streaming', agent: 'agent-a agent-b' })),
    ).toEqual(['A’s task']);
  });
});

describe('deepagents through LangChain’s adapter with subgraphs (by namespace)', () => {
  const tool = agentTodoTools.langchain;
  const namespace = (...path: string[]) => ({ callProviderMetadata: { langchain: { namespace: path } } });
  const dynamic = (toolName: string, toolCallId: string, input: unknown, extra: object) => ({
    type: 'dynamic-tool',
    toolName,
    toolCallId,
    state: 'output-available',
    input,
    output: 'Updated todo list',
    ...extra,
  });

  it('ties a subagent’s namespace to the one task call open, and keeps two at once apart from the main plan', () => {
    const one = [
      step,
      dynamic('write_todos', 'main-1', todos('Reproduce', 'Fix'), namespace()),
      step,
      dynamic('task', 'task-1', { description: 'Write a test', subagent_type: 'tester' }, namespace()),
      dynamic('write_todos', 'tester-1', todos('Write a failing expiry test'), namespace('tools:1')),
      step,
      dynamic('write_todos', 'main-2', todos('Reproduce', 'Fix', 'Ship'), namespace()),
    ];
    const main = selectTodoState([{ id: 'm', parts: one }], { tool, status: 'ready' });
    expect(texts(main)).toEqual(['Reproduce', 'Fix', 'Ship']);
    expect(main.agents).toEqual(['task-1']);
    expect(texts(selectTodoState([{ id: 'm', parts: one }], { tool, status: 'ready', agent: 'task-1' }))).toEqual([
      'Write a failing expiry test',
    ]);

    const two = [
      ...one.slice(0, 4),
      dynamic('task', 'task-2', { description: 'Review', subagent_type: 'reviewer' }, namespace()),
      dynamic('write_todos', 'tester-1', todos('Tester’s task'), namespace('tools:1')),
      dynamic('write_todos', 'reviewer-1', todos('Reviewer’s task'), namespace('tools:2')),
    ];
    const both = selectTodoState([{ id: 'm', parts: two }], { tool, status: 'streaming' });
    expect(texts(both)).toEqual(['Reproduce', 'Fix']);
    expect(both.agents).toEqual(['tools:1', 'tools:2']);
    expect(texts(selectTodoState([{ id: 'm', parts: two }], { tool, status: 'streaming', agent: 'tools:2' }))).toEqual([
      'Reviewer’s task',
    ]);
  });

  it('ties a subagent that works a step before it plans: its first part of any kind places it', () => {
    const parts = [
      step,
      dynamic('task', 'task-1', { description: 'Write a test', subagent_type: 'tester' }, namespace()),
      {
        type: 'text',
        text: 'Looking around.',
        state: 'done',
        providerMetadata: { langchain: { namespace: ['tools:1'] } },
      },
      dynamic('ls', 'ls-1', { path: '/' }, namespace('tools:1')),
      step,
      dynamic('write_todos', 'tester-1', todos('Write a failing expiry test'), namespace('tools:1')),
    ];
    const main = selectTodoState([{ id: 'm', parts }], { tool, status: 'streaming' });
    expect(main.agents).toEqual(['task-1']);
    expect(texts(selectTodoState([{ id: 'm', parts }], { tool, status: 'streaming', agent: 'task-1' }))).toEqual([
      'Write a failing expiry test',
    ]);
  });

  it('reads the namespace of a call’s result over the call’s own, which the adapter can stamp with another subagent’s', () => {
    const parts = [
      dynamic('write_todos', 'reviewer-1', todos('Reviewer’s task'), {
        ...namespace('tools:1'),
        resultProviderMetadata: { langchain: { namespace: ['tools:2'] } },
      }),
      dynamic('write_todos', 'tester-1', todos('Tester’s task'), namespace('tools:1')),
    ];
    const state = selectTodoState([{ id: 'm', parts }], { tool, status: 'ready', agent: 'tools:2' });
    expect(texts(state)).toEqual(['Reviewer’s task']);
  });
});

describe('the AI SDK’s subagent pattern (the subagent’s messages in the call’s output)', () => {
  const subagentMessage = (status: string) => ({
    id: '',
    role: 'assistant',
    parts: [
      step,
      {
        type: 'tool-todo_write',
        toolCallId: 'sub-1',
        state: 'output-available',
        input: { todos: [{ content: 'Search the docs', status }] },
        output: { pending: 0, in_progress: 1, completed: 0 },
      },
    ],
  });
  const research = (output: unknown, preliminary: boolean) => ({
    type: 'tool-research',
    toolCallId: 'research-1',
    state: 'output-available',
    input: { question: '?' },
    output,
    ...(preliminary ? { preliminary: true } : {}),
  });

  it('reads a subagent’s plan from the output by the call’s id, live while the output is preliminary', () => {
    const selector = createTodoSelector();
    const running = [{ id: 'm', parts: [research(subagentMessage('in_progress'), true)] }];
    const live = selector.select(running, { status: 'streaming', agent: 'research-1' });
    expect(live.todos.map((row) => [row.content, row.status])).toEqual([['Search the docs', 'in_progress']]);
    expect(live.live).toBe(true);
    expect(selector.select(running, { status: 'streaming' }).agents).toEqual(['research-1']);
    const finished = [{ id: 'm', parts: [research(subagentMessage('completed'), false)] }];
    const over = selector.select(finished, { status: 'streaming', agent: 'research-1' });
    expect(over.todos.map((row) => row.status)).toEqual(['completed']);
    expect(over.live).toBe(false);
    // The main plan has no call of its own.
    expect(selector.select(finished, { status: 'streaming' }).phase).toBe('empty');
  });

  it('while a replay holds the main plan, lists only the subagents the replayed message holds so far', () => {
    const selector = createTodoSelector();
    const plan = {
      type: 'tool-todo_write',
      toolCallId: 'main-1',
      state: 'output-available',
      input: { todos: [{ content: 'Plan the research', status: 'in_progress' }] },
      output: { pending: 0, in_progress: 1, completed: 0 },
    };
    const user = { id: 'u', role: 'user', parts: [] };
    const running = [user, { id: 'm', parts: [plan, research(subagentMessage('in_progress'), true)] }];
    expect(selector.select(running, { status: 'streaming' }).agents).toEqual(['research-1']);
    // A resumed stream rebuilds the message from its start: the plan's call is open again, the research not there yet.
    const reopened = { ...plan, state: 'input-streaming', input: { todos: [{ content: 'Plan' }] }, output: undefined };
    const replaying = selector.select([user, { id: 'm', parts: [reopened] }], { status: 'streaming' });
    expect(replaying.todos.map((row) => row.content)).toEqual(['Plan the research']);
    expect(replaying.agents).toBeUndefined();
    expect(selector.select(running, { status: 'streaming' }).agents).toEqual(['research-1']);
  });
});
