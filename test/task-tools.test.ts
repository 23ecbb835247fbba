/**
 * Claude Code's task tools with streamed inputs (a harness that forwards input deltas), through `streamText`: tools
 * that keep a list as Claude Code does and answer with its texts. The fold follows the streaming rules and equals
 * Claude Code's list after every call; objects as later bridges forward them read the same.
 */
import { type Tool, tool, type UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { agentTodoTools } from '../src/agents.js';
import { placeTaskCall } from '../src/agents/task-rows.js';
import type { Row } from '../src/plan/todo-row.js';
import { createTodoSelector, readTodos, selectTodoState } from '../src/index.js';
import { asConversations, checkTodoSnapshots } from './support/check-todo-snapshots.js';
import { type ClaudeCodeTask, createClaudeCodeTaskList } from '../demo/agent/claude-code-task-list.js';
import { expectedRows, shownRows } from './support/claude-code/shown-tasks.js';
import { collectSnapshots, scriptedModel, textStep, toolCallsStep } from './support/stream-todo-call.js';

const shape = agentTodoTools.claudeCodeTasks;
const prompt: UIMessage[] = [
  { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Rate-limit the login endpoint' }] },
];

/** The three tools over one Claude Code list, answering as the harness forwards: the result's text, or its object. */
function taskTools(answer: 'text' | 'object') {
  const list = createClaudeCodeTaskList();
  const after: Record<string, ClaudeCodeTask[]> = {};
  const reply = (id: string, call: { content: string; toolUseResult: unknown; tasks: ClaudeCodeTask[] }) => {
    after[id] = call.tasks;
    return answer === 'text' ? call.content : call.toolUseResult;
  };
  const tools: Record<string, Tool> = {
    TaskCreate: tool({
      inputSchema: z.object({ subject: z.string(), description: z.string(), activeForm: z.string().optional() }),
      execute: (input, { toolCallId }) => reply(toolCallId, list.create(input)),
    }),
    TaskUpdate: tool({
      inputSchema: z.object({
        taskId: z.string(),
        subject: z.string().optional(),
        activeForm: z.string().optional(),
        status: z.enum(['pending', 'in_progress', 'completed', 'deleted']).optional(),
        addBlockedBy: z.array(z.string()).optional(),
        addBlocks: z.array(z.string()).optional(),
        owner: z.string().optional(),
      }),
      execute: (input, { toolCallId }) => reply(toolCallId, list.update(input)),
    }),
    TaskList: tool({
      inputSchema: z.object({}),
      execute: (_input, { toolCallId }) => reply(toolCallId, list.list()),
    }),
  };
  return { tools, after };
}

const SCRIPT = [
  [
    {
      toolCallId: 'c1',
      toolName: 'TaskCreate',
      input: { subject: 'Add the limiter', description: 'Token bucket per IP', activeForm: 'Adding the limiter' },
    },
    {
      toolCallId: 'c2',
      toolName: 'TaskCreate',
      input: { subject: 'Test the limiter', description: 'Unit tests', activeForm: 'Testing the limiter' },
    },
    { toolCallId: 'c3', toolName: 'TaskCreate', input: { subject: 'Write the changelog', description: 'One line' } },
  ],
  [
    { toolCallId: 'u1', toolName: 'TaskUpdate', input: { taskId: '2', addBlockedBy: ['1'] } },
    { toolCallId: 'u2', toolName: 'TaskUpdate', input: { taskId: '1', status: 'in_progress', owner: 'main' } },
  ],
  [{ toolCallId: 'u3', toolName: 'TaskUpdate', input: { taskId: '7', status: 'completed' } }],
  [
    { toolCallId: 'u4', toolName: 'TaskUpdate', input: { taskId: '1', status: 'completed' } },
    { toolCallId: 'u5', toolName: 'TaskUpdate', input: { taskId: '3', status: 'deleted' } },
    { toolCallId: 'l1', toolName: 'TaskList', input: {} },
  ],
  [
    {
      toolCallId: 'u6',
      toolName: 'TaskUpdate',
      input: { taskId: '2', status: 'in_progress', subject: 'Test the limiter under load' },
    },
  ],
];

describe.each(['text', 'object'] as const)(
  "Claude Code's task tools, streamed, answered with the result's %s",
  (answer) => {
    it("follows the streaming rules on every snapshot and equals Claude Code's list after every call", async () => {
      const { tools, after } = taskTools(answer);
      const model = scriptedModel([...SCRIPT.map((calls) => toolCallsStep(calls)), textStep('Done.')]);
      const snapshots = await collectSnapshots(model, prompt, { tools, maxSteps: SCRIPT.length + 1 });
      const activeForms = ['Adding the limiter', 'Testing the limiter'];
      const states = checkTodoSnapshots(asConversations(prompt, snapshots), shape, { activeForms });
      // A create's row appears while its subject streams, before the call is whole.
      expect(states.some((state) => state.todos.some((row) => row.streaming))).toBe(true);
      const messages = [...prompt, snapshots.at(-1)!];
      for (const calls of SCRIPT)
        for (const { toolCallId } of calls) {
          const state = selectTodoState(messages, { tool: shape, status: 'ready', toolCallId });
          expect(shownRows(state.todos), toolCallId).toEqual(expectedRows(after[toolCallId]!));
          expect(state.phase, toolCallId).toBe(toolCallId === 'u3' ? 'rejected' : 'accepted');
        }
      const final = after.u6!;
      expect(readTodos(messages, { tool: shape })).toEqual(
        expectedRows(final).map(({ content, status }) => ({ content, status })),
      );
      const refused = selectTodoState(messages, { tool: shape, status: 'ready', toolCallId: 'u3' });
      expect(refused.error).toBe('Task not found');
    });
  },
);

describe('a task written task by task, row by row', () => {
  const part = (name: string, toolCallId: string, input: unknown, output?: unknown, state = 'output-available') => ({
    type: `tool-${name}`,
    toolCallId,
    state: output === undefined && state === 'output-available' ? 'input-available' : state,
    input,
    output,
  });
  const messages = (...parts: unknown[]) => [{ id: 'm', role: 'assistant' as const, parts }];
  const create = part(
    'TaskCreate',
    'c1',
    { subject: 'Add the limiter', description: '…' },
    'Task #1 created successfully: Add the limiter',
  );

  it('keeps its key from the create call on, before and after its id arrives, and shows its present tense in progress', () => {
    const executing = selectTodoState(
      messages(part('TaskCreate', 'c1', { subject: 'Add the limiter', description: '…' })),
      {
        tool: shape,
        status: 'streaming',
      },
    );
    expect(executing.phase).toBe('executing');
    expect(executing.todos).toMatchObject([
      { key: 'created:c1', content: 'Add the limiter', status: 'pending', change: 'added' },
    ]);
    expect(executing.todos[0]!.id).toBeUndefined();
    const started = selectTodoState(
      messages(
        create,
        part(
          'TaskUpdate',
          'u1',
          { taskId: '1', status: 'in_progress', activeForm: 'Adding the limiter' },
          'Updated task #1 activeForm, status',
        ),
      ),
      { tool: shape, status: 'ready' },
    );
    expect(started.todos).toMatchObject([
      { key: 'created:c1', id: '1', status: 'in_progress', activeForm: 'Adding the limiter', change: 'started' },
    ]);
  });

  it('never applies a status cut off mid-stream, and shows the last accepted plan while a call runs or after it fails', () => {
    const cut = selectTodoState(
      messages(create, part('TaskUpdate', 'u1', { taskId: '1', status: 'in_progr' }, undefined, 'input-streaming')),
      {
        tool: shape,
        status: 'streaming',
      },
    );
    expect(cut.todos.map((row) => row.status)).toEqual(['pending']);
    const failed = selectTodoState(
      messages(create, part('TaskUpdate', 'u1', { taskId: '1', status: 'completed' }, 'Task not found')),
      {
        tool: shape,
        status: 'ready',
      },
    );
    expect(failed.phase).toBe('rejected');
    expect(failed.todos.map((row) => row.status)).toEqual(['pending']);
  });

  it('re-syncs from a list answer, text or object: unknown tasks join, missing ones go, and what it does not say stays', () => {
    const listText = '#1 [in_progress] Add the limiter (main)\n#4 [pending] Ship it [blocked by #1]';
    for (const output of [
      listText,
      {
        tasks: [
          { id: '1', subject: 'Add the limiter', status: 'in_progress', owner: 'main', blockedBy: [] },
          { id: '4', subject: 'Ship it', status: 'pending', blockedBy: ['1'] },
        ],
      },
    ]) {
      const state = selectTodoState(
        messages(
          part(
            'TaskCreate',
            'c1',
            { subject: 'Add the limiter', description: '…', activeForm: 'Adding the limiter' },
            { task: { id: '1', subject: 'Add the limiter' } },
          ),
          part('TaskCreate', 'c2', { subject: 'Old task', description: '…' }, 'Task #2 created successfully: Old task'),
          part('TaskList', 'l1', {}, output),
        ),
        { tool: shape, status: 'ready' },
      );
      expect(state.todos).toMatchObject([
        { key: 'created:c1', id: '1', status: 'in_progress', owner: 'main', activeForm: 'Adding the limiter' },
        { key: 'id:4', id: '4', content: 'Ship it', status: 'blocked', blockedBy: ['1'], change: 'added' },
      ]);
      expect(state.removed).toMatchObject([{ id: '2', change: 'removed' }]);
    }
    expect(
      selectTodoState(messages(create, part('TaskList', 'l1', {}, 'No tasks found')), { tool: shape, status: 'ready' })
        .todos,
    ).toEqual([]);
  });

  it('keeps a subject that ends in parentheses when a text list answer could read them as an owner', () => {
    const docs = part(
      'TaskCreate',
      'c1',
      { subject: 'Update the docs (README)', description: '…' },
      'Task #1 created successfully: Update the docs (README)',
    );
    const owned = part(
      'TaskCreate',
      'c2',
      { subject: 'Ship it', description: '…' },
      'Task #2 created successfully: Ship it',
    );
    const listed = part('TaskList', 'l1', {}, '#1 [pending] Update the docs (README)\n#2 [pending] Ship it (tester)');
    const conversation = messages(docs, owned, listed);
    const rows = selectTodoState(conversation, { tool: shape, status: 'ready' }).todos;
    expect(rows).toMatchObject([{ content: 'Update the docs (README)' }, { content: 'Ship it', owner: 'tester' }]);
    expect(rows[0]).not.toHaveProperty('owner');
    expect(readTodos(conversation as never, { tool: shape }).map((todo) => todo.content)).toEqual([
      'Update the docs (README)',
      'Ship it',
    ]);
  });

  it('frees the tasks a deleted task blocked, with no blockers left behind', () => {
    const state = selectTodoState(
      messages(
        create,
        part('TaskCreate', 'c2', { subject: 'Ship it', description: '…' }, 'Task #2 created successfully: Ship it'),
        part('TaskUpdate', 'u1', { taskId: '2', addBlockedBy: ['1'] }, 'Updated task #2 blockedBy'),
        part('TaskUpdate', 'u2', { taskId: '1', status: 'deleted' }, 'Updated task #1 deleted'),
      ),
      { tool: shape, status: 'ready' },
    );
    expect(state.todos).toHaveLength(1);
    expect(state.todos[0]).toMatchObject({ id: '2', status: 'pending', change: 'unblocked' });
    expect(state.todos[0]).not.toHaveProperty('blockedBy');
  });

  it('a task call stopped in an earlier answer stays out of the plan while the next answer streams', () => {
    const conversation = [
      {
        id: 'a1',
        role: 'assistant' as const,
        parts: [create, part('TaskCreate', 'c2', { subject: 'Stopped', description: '…' })],
      },
      { id: 'u2', role: 'user' as const, parts: [{ type: 'text', text: 'go on' }] },
      {
        id: 'a2',
        role: 'assistant' as const,
        parts: [part('TaskUpdate', 'u1', { taskId: '1', status: 'in_progress' })],
      },
    ];
    const streaming = selectTodoState(conversation, { tool: shape, status: 'streaming' });
    // The running update shows; the create stopped before its answer does not.
    expect(streaming.todos.map((row) => `${row.content}:${row.status}`)).toEqual(['Add the limiter:in_progress']);
    expect(streaming.counts).toEqual({ pending: 0, in_progress: 1, completed: 0, blocked: 0 });
    expect(readTodos(conversation as never, { tool: shape })).toEqual([
      { content: 'Add the limiter', status: 'pending' },
    ]);
  });

  it('shows the plan the last answer made while that answer replays, though only a call of it was shown before', () => {
    const selector = createTodoSelector({ tool: shape });
    const user = { id: 'u1', role: 'user' as const, parts: [{ type: 'text', text: 'Rate-limit the login endpoint' }] };
    const answer = (...parts: unknown[]) => [user, { id: 'a1', role: 'assistant' as const, parts }];
    const update = part('TaskUpdate', 'u1', { taskId: '1', status: 'in_progress' }, 'Updated task #1 status');
    const second = part(
      'TaskCreate',
      'c2',
      { subject: 'Ship it', description: '…' },
      'Task #2 created successfully: Ship it',
    );
    selector.select(answer(create, second, update), { status: 'streaming', toolCallId: 'u1' });
    // The resumed stream starts the answer again from its first call.
    const replayed = selector.select(
      answer(part('TaskCreate', 'c1', { subject: 'Add the limiter' }, undefined, 'input-streaming')),
      { status: 'streaming' },
    );
    expect(replayed.todos.map((row) => `${row.content}:${row.status}`)).toEqual([
      'Add the limiter:in_progress',
      'Ship it:pending',
    ]);
  });

  it("is one list for every agent: a subagent's task call, tagged with its parent, changes the main plan", () => {
    const conversation = messages(create, part('Agent', 'ag1', { prompt: 'write it' }), {
      ...part('TaskUpdate', 'u1', { taskId: '1', status: 'completed' }, 'Updated task #1 status'),
      callProviderMetadata: { bridge: { parentToolCallId: 'ag1' } },
    });
    const state = selectTodoState(conversation, { tool: shape, status: 'ready' });
    expect(state.todos.map((row) => row.status)).toEqual(['completed']);
    expect(state.agents).toBeUndefined();
    expect(readTodos(conversation as never, { tool: shape })).toEqual([
      { content: 'Add the limiter', status: 'completed' },
    ]);
  });
});

describe('a TaskCreate while it streams', () => {
  const before: Row[] = [
    {
      key: 'created:a',
      content: 'Add the limiter',
      status: 'in_progress',
      streaming: false,
      id: '1',
      change: 'started',
    },
    {
      key: 'created:b',
      content: 'Test it',
      status: 'blocked',
      streaming: false,
      id: '2',
      blockedBy: ['1'],
      change: undefined,
    },
  ];
  const input = { subject: 'Write the changelog', description: 'One line' };

  it('shows the rows before it as the whole call will, reusing each one that carries no mark', () => {
    const streaming = placeTaskCall('create', { toolCallId: 'c3', input, output: undefined }, before, true)!;
    const whole = placeTaskCall(
      'create',
      { toolCallId: 'c3', input, output: 'Task #3 created successfully: Write the changelog' },
      before,
      false,
    )!;
    expect(streaming.todos.slice(0, 2)).toEqual(whole.todos.slice(0, 2));
    expect(streaming.todos[1]).toBe(before[1]);
    expect(streaming.todos[0]).toEqual({ ...before[0], change: undefined });
    expect(streaming.todos[2]).toMatchObject({
      content: 'Write the changelog',
      status: 'pending',
      change: 'added',
      streaming: false,
    });
    expect(streaming.removed).toEqual([]);
  });
});
