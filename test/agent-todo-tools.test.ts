import { describe, expect, it } from 'vitest';
import { selectTodoState } from '../src/index.js';
import type { UIMessage } from 'ai';
import { agentTodoTools } from '../src/agents.js';
import { bindTodoTool } from '../src/plan/todo-tool-shape.js';
import { parseTodos } from '../src/plan/parse-todos.js';
import { readTodos } from '../src/index.js';
import type { TodoRowStatus } from '../src/index.js';
import type { TodoListToolShape } from '../src/index.js';
import { asConversations, checkTodoSnapshots, shownRows, type WholeTexts } from './support/check-todo-snapshots.js';
import { claudeCodeChunks, readChunks, standIns } from './support/agent-streams.js';
import { collectSnapshots, scriptedModel, textStep, todoCallStep } from './support/stream-todo-call.js';

const prompt: UIMessage[] = [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Fix the login bug' }] }];
/** Streams `inputs` as the tool's calls, one step each, then a text step, through streamText; every snapshot checked. */
async function streamCalls(
  shape: TodoListToolShape<TodoRowStatus>,
  standIn: (typeof standIns)[keyof typeof standIns],
  inputs: unknown[],
  whole?: WholeTexts,
) {
  const model = scriptedModel([
    ...inputs.map((input, at) =>
      todoCallStep(`call-${at + 1}`, input, { toolName: shape.name, seed: at + 1, min: 1, max: 4 }),
    ),
    textStep('Done.'),
  ]);
  const snapshots = await collectSnapshots(model, prompt, {
    tools: { [shape.name]: standIn },
    maxSteps: inputs.length + 1,
  });
  const states = checkTodoSnapshots(asConversations(prompt, snapshots), shape, whole);
  return { states, final: states.at(-1)!, messages: [...prompt, snapshots.at(-1)!] };
}

describe("Gemini CLI's write_todos (description, five statuses)", () => {
  const shape = agentTodoTools.geminiCli;
  const plan = [
    { description: 'Reproduce the login bug', status: 'in_progress' },
    { description: 'Write a failing test', status: 'pending' },
    { description: 'Rewrite the session store', status: 'pending' },
  ];
  const replanned = [
    { description: 'Reproduce the login bug', status: 'completed' },
    { description: 'Write a failing test', status: 'in_progress' },
    { description: 'Rewrite the session store', status: 'cancelled' },
  ];

  it('shows a cancelled task as its own state, counted apart from completed, on every snapshot', async () => {
    const { states, final, messages } = await streamCalls(
      shape,
      standIns.geminiCli,
      [plan, replanned].map((todos) => ({ todos })),
    );
    expect(shownRows(final)).toEqual([
      'Reproduce the login bug [completed]',
      'Write a failing test [in_progress]',
      'Rewrite the session store [cancelled]',
    ]);
    expect(final.counts).toEqual({ pending: 0, in_progress: 1, completed: 1, cancelled: 1, blocked: 0 });
    expect(states.some((state) => state.phase === 'streaming' && state.todos.length === 3)).toBe(true);
    // While "cancelled" streams in ("c", "cance", …) the task keeps its accepted status until the word is whole.
    const storeStatuses = states
      .filter((state) => state.toolCallId === 'call-2')
      .map((state) => state.todos.find((row) => row.content === 'Rewrite the session store')?.status);
    expect(new Set(storeStatuses)).toEqual(new Set(['pending', 'cancelled']));
    expect(storeStatuses.indexOf('cancelled')).toBeGreaterThan(storeStatuses.lastIndexOf('pending'));
    expect(readTodos(messages, { tool: shape }).map((todo) => todo.status)).toEqual([
      'completed',
      'in_progress',
      'cancelled',
    ]);
  });

  it('falls back to the last accepted list when a call fails the schema', async () => {
    const bad = { todos: [{ description: 'Reproduce the login bug', status: 'done' }] };
    const { final } = await streamCalls(shape, standIns.geminiCli, [{ todos: plan }, bad]);
    expect(final.phase).toBe('rejected');
    expect(shownRows(final)).toEqual([
      'Reproduce the login bug [in_progress]',
      'Write a failing test [pending]',
      'Rewrite the session store [pending]',
    ]);
  });

  it('reads no cut-off status: "cancel" is not cancelled, and cancelled is no status of todo_write', () => {
    const statusOf = (item: unknown, tool = bindTodoTool(shape).toolOf(shape.name)!) =>
      tool.kind === 'plan' ? parseTodos({ todos: [item] }, false, tool.keys)?.[0]?.status : undefined;
    expect(statusOf({ description: 'A', status: 'cancel' })).toBeUndefined();
    expect(statusOf({ description: 'A', status: 'cancelled' })).toBe('cancelled');
    expect(
      statusOf({ content: 'A', status: 'cancelled' }, bindTodoTool('todo_write').toolOf('todo_write')!),
    ).toBeUndefined();
  });
});

describe("Codex's update_plan (explanation, plan of steps)", () => {
  const shape = agentTodoTools.codex;
  const first = {
    explanation: 'The token expires before the refresh runs.',
    plan: [
      { step: 'Trace the refresh timer', status: 'in_progress' },
      { step: 'Move the refresh before expiry', status: 'pending' },
    ],
  };
  const second = {
    explanation: 'Found it: the timer uses seconds, the token milliseconds.',
    plan: [
      { step: 'Trace the refresh timer', status: 'completed' },
      { step: 'Move the refresh before expiry', status: 'in_progress' },
    ],
  };

  it('gives the view the plan note once it is whole, and the steps as rows', async () => {
    const explanations = [first.explanation, second.explanation];
    const { states, final } = await streamCalls(shape, standIns.codex, [first, second], { explanations });
    expect(final.explanation).toBe(second.explanation);
    expect(shownRows(final)).toEqual([
      'Trace the refresh timer [completed]',
      'Move the refresh before expiry [in_progress]',
    ]);
    // While the first note streams there is none to show; it never appears cut off.
    expect(states.find((state) => state.todos.length > 0)?.explanation).toBe(first.explanation);
    expect(states.filter((state) => state.explanation === undefined).length).toBeGreaterThan(0);
  });
});

describe("Mastra's task_write (tasks, activeForm)", () => {
  const shape = agentTodoTools.mastra;
  const tasks = (statuses: string[]) =>
    [
      ['Run the tests', 'Running the tests'],
      ['Fix the flaky test', 'Fixing the flaky test'],
    ].map(([content, activeForm], at) => ({ content, status: statuses[at], activeForm }));

  it('shows the present tense of the task in progress, and only once it is whole', async () => {
    const activeForms = ['Running the tests', 'Fixing the flaky test'];
    const inputs = [{ tasks: tasks(['in_progress', 'pending']) }, { tasks: tasks(['completed', 'in_progress']) }];
    const { states, final } = await streamCalls(shape, standIns.mastra, inputs, { activeForms });
    expect(states.some((state) => shownRows(state)[0] === 'Running the tests [in_progress]')).toBe(true);
    expect(shownRows(final)).toEqual(['Run the tests [completed]', 'Fixing the flaky test [in_progress]']);
  });
});

describe("opencode's todowrite (priority besides, four statuses)", () => {
  const shape = agentTodoTools.opencode;
  const todo = (_id: string, content: string, status: string) => ({ content, status, priority: 'high' });

  it('reads its rows past the extra fields, cancelled apart', async () => {
    const inputs = [
      { todos: [todo('1', 'Bump the SDK', 'in_progress'), todo('2', 'Drop the polyfill', 'pending')] },
      { todos: [todo('1', 'Bump the SDK', 'completed'), todo('2', 'Drop the polyfill', 'cancelled')] },
    ];
    const { final } = await streamCalls(shape, standIns.opencode, inputs);
    expect(shownRows(final)).toEqual(['Bump the SDK [completed]', 'Drop the polyfill [cancelled]']);
    expect(final.counts).toEqual({ pending: 0, in_progress: 0, completed: 1, cancelled: 1 });
  });
});

describe("Claude Code's TodoWrite through the harness's stream shape (content, status, activeForm)", () => {
  const shape = agentTodoTools.claudeCode;
  const todos = (statuses: string[]) =>
    [
      ['Run the tests', 'Running the tests'],
      ['Fix the failing assertion', 'Fixing the failing assertion'],
      ['Commit the fix', 'Committing the fix'],
    ].map(([content, activeForm], at) => ({ content, status: statuses[at], activeForm }));
  const activeForms = ['Running the tests', 'Fixing the failing assertion', 'Committing the fix'];

  it('renders "Running the tests" while in progress, "Run the tests" otherwise, on every snapshot', async () => {
    const snapshots = await readChunks(
      claudeCodeChunks([
        { id: 'toolu_1', input: { todos: todos(['in_progress', 'pending', 'pending']) } },
        { id: 'toolu_2', input: { todos: todos(['completed', 'in_progress', 'pending']) } },
      ]),
    );
    const states = checkTodoSnapshots(asConversations(prompt, snapshots), shape, { activeForms });
    expect(snapshots.at(-1)!.parts.find((part) => part.type === 'tool-TodoWrite')).toMatchObject({
      state: 'output-available',
      providerExecuted: true,
    });
    // Each call arrives whole: executing, then accepted, never streaming.
    expect(new Set(states.map((state) => state.phase))).toEqual(new Set(['empty', 'executing', 'accepted']));
    expect(states.some((state) => shownRows(state)[0] === 'Running the tests [in_progress]')).toBe(true);
    expect(shownRows(states.at(-1)!)).toEqual([
      'Run the tests [completed]',
      'Fixing the failing assertion [in_progress]',
      'Commit the fix [pending]',
    ]);
  });

  it('keeps a re-sent task in its present tense while a streamed call arrives, and falls back when the call fails', async () => {
    const snapshots = await readChunks(
      claudeCodeChunks(
        [
          { id: 'toolu_1', input: { todos: todos(['in_progress', 'pending', 'pending']) } },
          {
            id: 'toolu_2',
            input: { todos: todos(['in_progress', 'in_progress', 'pending']) },
            error: 'Only one task may be in progress.',
          },
        ],
        { streamed: true },
      ),
    );
    const states = checkTodoSnapshots(asConversations(prompt, snapshots), shape, { activeForms });
    const streaming = states.filter((state) => state.phase === 'streaming' && state.toolCallId === 'toolu_2');
    expect(streaming.length).toBeGreaterThan(10);
    for (const state of streaming) expect(shownRows(state)[0]).toBe('Running the tests [in_progress]');
    expect(states.at(-1)).toMatchObject({ phase: 'rejected', error: 'Only one task may be in progress.' });
    expect(shownRows(states.at(-1)!)[0]).toBe('Running the tests [in_progress]');
  });
});

describe("shapes whose tool refuses a call by its output (read from the tools' sources)", () => {
  const part = (name: string, toolCallId: string, input: unknown, output: unknown) => ({
    type: `tool-${name}`,
    toolCallId,
    state: 'output-available',
    input,
    output,
  });
  const conversation = (...parts: unknown[]) => [{ id: 'm', role: 'assistant', parts }];
  const tasks = [
    { content: 'Reproduce the bug', status: 'in_progress', activeForm: 'Reproducing the bug' },
    { content: 'Fix it', status: 'pending', activeForm: 'Fixing it' },
  ];
  const twoInProgress = tasks.map((task) => ({ ...task, status: 'in_progress' }));

  it("Mastra's task_write: a broken rule ({ content, tasks, isError: true }) and a bad shape ({ error: true, message })", () => {
    const shape = agentTodoTools.mastra;
    const ok = part('task_write', 'a', { tasks }, { content: 'Tasks updated: [0/2 completed]', tasks, isError: false });
    const rule = part(
      'task_write',
      'b',
      { tasks: twoInProgress },
      { content: 'Only one task can be in_progress at a time.', tasks, isError: true },
    );
    const malformed = part('task_write', 'c', { tasks: 'x' }, { error: true, message: 'Invalid input: tasks' });
    for (const [refused, text] of [
      [rule, 'Only one task can be in_progress at a time.'],
      [malformed, 'Invalid input: tasks'],
    ] as const) {
      const state = selectTodoState(conversation(ok, refused), { tool: shape, status: 'ready' });
      expect(state).toMatchObject({ phase: 'rejected', rejection: 'error', error: text, toolCallId: 'a' });
      expect(state.todos.map((row) => row.content)).toEqual(['Reproduce the bug', 'Fix it']);
      expect(readTodos(conversation(ok, refused) as never, { tool: shape }).map((todo) => todo.status)).toEqual([
        'in_progress',
        'pending',
      ]);
    }
  });

  it("Gemini CLI's write_todos: a broken rule comes back as { error }", () => {
    const shape = agentTodoTools.geminiCli;
    const plan = [{ description: 'Reproduce the bug', status: 'blocked' }];
    const ok = part('write_todos', 'a', { todos: plan }, 'Successfully updated the todo list.');
    const refused = part(
      'write_todos',
      'b',
      { todos: [...plan, { description: 'Fix it', status: 'in_progress' }] },
      { error: 'Invalid parameters: Only one task can be "in_progress" at a time.' },
    );
    const state = selectTodoState(conversation(ok, refused), { tool: shape, status: 'ready' });
    expect(state).toMatchObject({ phase: 'rejected', rejection: 'error', toolCallId: 'a' });
    expect(state.todos.map((row) => [row.content, row.status])).toEqual([['Reproduce the bug', 'blocked']]);
    expect(state.counts).toMatchObject({ blocked: 1, pending: 0 });
  });
});
