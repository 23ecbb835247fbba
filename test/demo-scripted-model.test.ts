import { describe, expect, it } from 'vitest';
import {
  readUIMessageStream,
  streamText,
  isStepCount,
  toUIMessageStream,
  convertToModelMessages,
  type UIMessage,
} from 'ai';
import { createTodoWrite, readTodos, selectTodoState, todoWrite, validateTodos, type Todo } from '../src/index.js';
import { diffTodos } from '../src/index.js';
import { createCodingAgentModel, decideNextStep } from '../demo/agent/coding-agent-model.js';
import { parseRequest, planRequest, SUGGESTED_PROMPTS } from '../demo/agent/plan-request.js';
import { scenarios, type Scenario } from '../demo/agent/scenarios.js';

type TodoPart = Extract<UIMessage['parts'][number], { type: `tool-${string}` }> & {
  input?: unknown;
  errorText?: string;
};

/** Runs one user turn of a scenario through streamText, as the demo's agent does; returns every UI snapshot. */
async function runTurn(
  scenario: Scenario,
  history: UIMessage[],
  userText: string,
  options: { maxTodos?: number; abortAfterChunks?: number; keepSnapshots?: boolean } = {},
): Promise<{ messages: UIMessage[]; snapshots: UIMessage[] }> {
  const user: UIMessage = { id: `user-${history.length}`, role: 'user', parts: [{ type: 'text', text: userText }] };
  const messages = [...history, user];
  const tools = {
    todo_write: options.maxTodos === undefined ? todoWrite : createTodoWrite({ maxTodos: options.maxTodos }),
  };
  const abortController = new AbortController();
  const result = streamText({
    model: createCodingAgentModel({ scenario, speed: Infinity }),
    messages: await convertToModelMessages(messages, { tools, ignoreIncompleteToolCalls: true }),
    tools,
    stopWhen: isStepCount(40),
    abortSignal: abortController.signal,
  });
  const snapshots: UIMessage[] = [];
  let chunks = 0;
  const stream = toUIMessageStream({ stream: result.stream, tools }).pipeThrough(
    new TransformStream({
      transform(chunk, controller) {
        controller.enqueue(chunk);
        chunks += 1;
        if (chunks === options.abortAfterChunks) abortController.abort();
      },
    }),
  );
  let last: UIMessage | undefined;
  for await (const message of readUIMessageStream({ stream })) {
    last = message;
    if (options.keepSnapshots === true) snapshots.push(structuredClone(message));
  }
  return { messages: last === undefined ? messages : [...messages, last], snapshots };
}

function todoParts(message: UIMessage | undefined): TodoPart[] {
  return (message?.parts ?? []).filter((part): part is TodoPart => part.type === 'tool-todo_write');
}

function inputOf(part: TodoPart): { content: string; status: string }[] {
  return (part.input as { todos: { content: string; status: string }[] }).todos;
}

describe('the scripted model, normal plan', () => {
  it('writes a plan, works through it one call per change, corrects its one rejected call and finishes', async () => {
    const { messages, snapshots } = await runTurn(scenarios.plan, [], scenarios.plan.prompt, { keepSnapshots: true });
    const calls = todoParts(messages.at(-1));
    const tasks = scenarios.plan.tasks.map((task) => task.content);

    expect(inputOf(calls[0]!)).toEqual(
      tasks.map((content, index) => ({ content, status: index === 0 ? 'in_progress' : 'pending' })),
    );
    expect(calls.map((call) => call.state)).toEqual([
      'output-available',
      'output-available',
      'output-available',
      'output-error', // two tasks in_progress
      'output-available',
      'output-available',
      'output-available',
      'output-available',
      'output-available',
    ]);
    expect(calls[3]!.errorText).toMatch(/in_progress/);
    expect(inputOf(calls[3]!).filter((todo) => todo.status === 'in_progress')).toHaveLength(2);
    // The correction completes the task it had left in progress, then starts the next one.
    expect(inputOf(calls[4]!).map((todo) => todo.status)).toEqual([
      'completed',
      'completed',
      'completed',
      'in_progress',
      'pending',
      'pending',
      'pending',
    ]);
    // Every accepted call changes exactly one task's completion.
    const accepted = calls.filter((call) => call.state === 'output-available').map(inputOf);
    for (let index = 1; index < accepted.length; index++) {
      const completed = (list: (typeof accepted)[number]) => list.filter((todo) => todo.status === 'completed').length;
      expect(completed(accepted[index]!) - completed(accepted[index - 1]!)).toBe(1);
    }
    expect(readTodos(messages)).toEqual(tasks.map((content) => ({ content, status: 'completed' })));
    // Short text between steps, and a summary at the end.
    const texts = (messages.at(-1)?.parts ?? []).filter((part) => part.type === 'text');
    expect(texts.length).toBeGreaterThanOrEqual(calls.length);
    expect(texts.at(-1)).toMatchObject({ text: scenarios.plan.summary });
    // The checklist built item by item during the first call (through the package's own derivation).
    const firstCallLengths = snapshots
      .map((message) => ({ parts: todoParts(message), state: selectTodoState([message]) }))
      .filter(({ parts }) => parts.length === 1 && parts[0]!.state === 'input-streaming')
      .map(({ state }) => state.todos.length);
    expect(new Set(firstCallLengths)).toEqual(new Set([0, 1, 2, 3, 4, 5, 6, 7]));
  });

  it('streams tool arguments in deltas of 1 to 7 characters', async () => {
    const model = createCodingAgentModel({ scenario: scenarios.plan, speed: Infinity });
    const { stream } = await model.doStream({ prompt: [{ role: 'user', content: [{ type: 'text', text: 'go' }] }] });
    const deltas: string[] = [];
    for await (const part of stream as unknown as AsyncIterable<{ type: string; delta?: string }>) {
      if (part.type === 'tool-input-delta') deltas.push(part.delta!);
    }
    expect(deltas.length).toBeGreaterThan(50);
    expect(deltas.every((delta) => delta.length >= 1 && delta.length <= 7)).toBe(true);
    expect(JSON.parse(deltas.join(''))).toHaveProperty('todos');
  });
});

describe('the scripted model decides from the prompt', () => {
  const plan = scenarios.plan;
  const list = (statuses: string[]) =>
    plan.tasks.slice(0, statuses.length).map((task, index) => ({ content: task.content, status: statuses[index]! }));
  const user = { role: 'user' as const, content: [{ type: 'text' as const, text: plan.prompt }] };
  const call = (toolCallId: string, todos: unknown) => ({
    role: 'assistant' as const,
    content: [{ type: 'tool-call' as const, toolCallId, toolName: 'todo_write', input: { todos } }],
  });
  const result = (
    toolCallId: string,
    output: { type: 'json'; value: { pending: number } } | { type: 'error-text'; value: string },
  ) => ({
    role: 'tool' as const,
    content: [{ type: 'tool-result' as const, toolCallId, toolName: 'todo_write', output }],
  });
  const ok = { type: 'json' as const, value: { pending: 1 } };

  it('picks up from whatever list was last accepted, not from a fixed script', () => {
    const accepted = list(['completed', 'completed', 'completed', 'completed', 'in_progress', 'pending', 'pending']);
    const step = decideNextStep([user, call('a', accepted), result('a', ok)], { ...plan, mistake: undefined });
    expect(step.todos?.map((todo) => todo.status)).toEqual([
      'completed',
      'completed',
      'completed',
      'completed',
      'completed',
      'in_progress',
      'pending',
    ]);
    expect(step.text).toContain('Eight tests');
  });

  it('answers a rejected call with the corrected list, built from the last accepted one', () => {
    const accepted = list(['completed', 'in_progress', 'pending', 'pending', 'pending', 'pending', 'pending']);
    const wrong = list(['completed', 'in_progress', 'in_progress', 'pending', 'pending', 'pending', 'pending']);
    const step = decideNextStep(
      [
        user,
        call('a', accepted),
        result('a', ok),
        call('b', wrong),
        result('b', {
          type: 'error-text',
          value: 'Nothing was saved. Fix:\n- Items 2 and 3 are all in_progress; at most one.',
        }),
      ],
      plan,
    );
    expect(step.text).toContain('are both in_progress');
    expect(step.todos?.map((todo) => todo.status)).toEqual([
      'completed',
      'completed',
      'in_progress',
      'pending',
      'pending',
      'pending',
      'pending',
    ]);
  });

  it('ends its turn with a summary once everything is completed', () => {
    const done = list(Array(7).fill('completed'));
    expect(decideNextStep([user, call('a', done), result('a', ok)], plan)).toEqual({ text: plan.summary });
  });
});

describe('the scripted model, other scenarios', () => {
  it('rejected call: pauses with the last accepted list, then continues when asked', async () => {
    const scenario = scenarios.rejected;
    const first = await runTurn(scenario, [], scenario.prompt);
    const calls = todoParts(first.messages.at(-1));
    expect(calls.map((call) => call.state)).toEqual(['output-available', 'output-available', 'output-error']);
    expect(calls[2]!.errorText).toMatch(/status "done"/);
    const state = selectTodoState(first.messages, { status: 'ready' });
    expect(state.phase).toBe('rejected');
    expect(state.todos.map((todo) => todo.status)).toEqual(['completed', 'in_progress', 'pending', 'pending']);

    const second = await runTurn(scenario, first.messages, 'continue');
    expect(readTodos(second.messages).every((todo) => todo.status === 'completed')).toBe(true);
    expect(selectTodoState(second.messages, { status: 'ready' }).phase).toBe('accepted');
  });

  it('long run: a stop mid-call leaves the last accepted list, and "continue" resumes from it', async () => {
    const scenario = scenarios.stop;
    // Abort somewhere inside the third call's arguments.
    const stopped = await runTurn(scenario, [], scenario.prompt, { abortAfterChunks: 1200 });
    const calls = todoParts(stopped.messages.at(-1));
    expect(calls.at(-1)!.state).toBe('input-streaming');
    const lastAccepted = readTodos(stopped.messages);
    const state = selectTodoState(stopped.messages, { status: 'ready' });
    expect(state.phase).toBe('rejected');
    expect(state.todos.map(({ content, status }) => ({ content, status }))).toEqual(lastAccepted);

    const resumed = await runTurn(scenario, stopped.messages, 'continue');
    const firstResumed = inputOf(todoParts(resumed.messages.at(-1))[0]!);
    const completedBefore = lastAccepted.filter((todo) => todo.status === 'completed').length;
    expect(firstResumed.filter((todo) => todo.status === 'completed')).toHaveLength(completedBefore + 1);
    expect(readTodos(resumed.messages).every((todo) => todo.status === 'completed')).toBe(true);
  });

  it('200 items: one call writes them all (with maxTodos raised)', async () => {
    // workLimit 0: stop after the plan (the demo's three updates re-send the same 200 items).
    const { messages } = await runTurn({ ...scenarios.large, workLimit: 0 }, [], scenarios.large.prompt, {
      maxTodos: 250,
    });
    expect(todoParts(messages.at(-1)).map((call) => call.state)).toEqual(['output-available']);
    const todos = readTodos(messages);
    expect(todos).toHaveLength(200);
    expect(new Set(todos.map((todo) => todo.content)).size).toBe(200);
  }, 60_000);

  it('200 items need maxTodos raised: the default tool allows 50', () => {
    const todos = scenarios.large.tasks.map((task) => ({ content: task.content, status: 'pending' as const }));
    expect(validateTodos({ todos }).valid).toBe(false);
    expect(validateTodos({ todos }, { maxTodos: 250 }).valid).toBe(true);
  });
});

describe('the scripted model plans from what the user typed', () => {
  it.each([
    ['Add a dark mode toggle to the settings page', 'build', 'the dark mode toggle', 'the settings page'],
    ['Please build a CSV export for invoices.', 'build', 'the CSV export', undefined],
    ['Fix the flaky checkout test', 'fix', 'the flaky checkout test', undefined],
    ['can you debug why login fails on Safari?', 'fix', 'the bug', undefined],
    ['Write unit tests for src/lib/date.ts', 'test', 'src/lib/date.ts', undefined],
    ['cover the parser with tests', 'test', 'the parser', undefined],
    ["Clean up the user service, it's a mess", 'refactor', 'the user service', undefined],
    ['Refactor the auth middleware', 'refactor', 'the auth middleware', undefined],
    ['Review the payment module', 'review', 'the payment module', undefined],
    ['Explain how the cache invalidation works', 'explain', 'the cache invalidation', undefined],
    ['How does the router work?', 'explain', 'the router', undefined],
    ['Make the website faster', 'other', 'Make the website faster', undefined],
    ['hi!', 'other', 'the request', undefined],
    ['', 'other', 'the request', undefined],
  ])('reads "%s" as a %s request about %s', (message, shape, thing, place) => {
    const request = parseRequest(message);
    expect(request).toMatchObject({ shape, thing });
    expect(request.place).toBe(place);
  });

  it.each(SUGGESTED_PROMPTS)('plans "%s" with short, valid tasks that name what was asked', (prompt) => {
    const plan = planRequest(prompt);
    const { thing } = parseRequest(prompt);
    const contents = plan.tasks.map((task) => task.content);
    expect(contents.length).toBeGreaterThanOrEqual(4);
    expect(contents.filter((content) => content.includes(thing)).length).toBeGreaterThanOrEqual(2);
    expect(plan.intro.includes(thing) || plan.intro.includes(parseRequest(prompt).subject)).toBe(true);
    for (const content of contents) {
      expect(content.length).toBeLessThanOrEqual(80);
      expect(content).toMatch(/^[A-Z]/); // an imperative line
    }
    const todos = contents.map((content) => ({ content, status: 'pending' }));
    expect(validateTodos({ todos }).valid).toBe(true);
  });

  it('keeps a long request’s subject short, cut after a whole word', () => {
    const { subject } = parseRequest(
      'Add a retry with exponential backoff and jitter to every outgoing request of the HTTP client library',
    );
    expect(subject.length).toBeLessThanOrEqual(48);
    expect(subject).toBe('a retry with exponential backoff and jitter');
  });

  it("answers each scenario's own prompt with the scenario's plan, and anything else with a plan about it", () => {
    const first = (scenario: Scenario, text: string) =>
      decideNextStep([{ role: 'user', content: [{ type: 'text', text }] }], scenario).todos?.map(
        (todo) => todo.content,
      );
    for (const scenario of Object.values(scenarios)) {
      expect(first(scenario, scenario.prompt)).toEqual(scenario.tasks.map((task) => task.content));
    }
    expect(first(scenarios.plan, 'Fix the flaky checkout test')).toContain('Reproduce the flaky checkout test');
    expect(first(scenarios.rejected, 'Fix the flaky checkout test')).toContain('Reproduce the flaky checkout test');
    // The 200-item list is the point of its scenario: it writes it whatever is asked.
    expect(first(scenarios.large, 'Fix the flaky checkout test')).toHaveLength(200);
  });

  it.each(SUGGESTED_PROMPTS)(
    '"%s": works through the plan, revising it as it goes, and finishes with a summary about it',
    async (prompt) => {
      const { messages } = await runTurn({ ...scenarios.plan, mistake: undefined }, [], prompt);
      const calls = todoParts(messages.at(-1));
      expect(calls.every((call) => call.state === 'output-available')).toBe(true);
      const lists = calls.map(inputOf) as Todo[][];
      const changes = lists.map((list, index) => diffTodos(lists[index - 1] ?? [], list));
      // Every update after the plan finishes something, and exactly one task is in progress until the end.
      for (const change of changes.slice(1)) expect(change.completed.length).toBeGreaterThanOrEqual(1);
      for (const list of lists.slice(0, -1)) {
        expect(list.filter((todo) => todo.status === 'in_progress')).toHaveLength(1);
      }
      expect(readTodos(messages).every((todo) => todo.status === 'completed')).toBe(true);
      // Real sessions revise the list: each plan adds, drops, renames or finishes several at once.
      const revisions = changes.slice(1).filter((change) => change.added.length + change.removed.length > 0);
      const several = changes.filter((change) => change.completed.length > 1);
      expect(revisions.length + several.length).toBeGreaterThanOrEqual(2);
      const texts = (messages.at(-1)?.parts ?? []).filter((part) => part.type === 'text');
      expect(texts.at(-1)).toMatchObject({ text: planRequest(prompt).summary });
    },
  );

  it('exercises every kind of change across the suggested requests', async () => {
    const kinds = new Set<string>();
    for (const prompt of SUGGESTED_PROMPTS) {
      const { messages } = await runTurn({ ...scenarios.plan, mistake: undefined }, [], prompt);
      const lists = todoParts(messages.at(-1)).map(inputOf) as Todo[][];
      lists.slice(1).forEach((list, index) => {
        const change = diffTodos(lists[index]!, list);
        if (change.completed.length === 1 && change.started.length === 1) kinds.add('finish one, start the next');
        if (change.completed.length > 1) kinds.add('finish several');
        if (change.added.length > 0 && change.removed.length === 0) kinds.add('add');
        if (change.removed.length > 0 && change.added.length === 0) kinds.add('drop');
        if (change.removed.length === 1 && change.added.length === 1) kinds.add('rename');
      });
    }
    expect([...kinds].sort()).toEqual(['add', 'drop', 'finish one, start the next', 'finish several', 'rename']);
  });

  it('keeps the scenario’s behaviour: a request in the rejected scenario pauses, then "continue" finishes it', async () => {
    const scenario = scenarios.rejected;
    const request = 'Refactor the auth middleware';
    const first = await runTurn(scenario, [], request);
    expect(todoParts(first.messages.at(-1)).map((call) => call.state)).toEqual([
      'output-available',
      'output-available',
      'output-error',
    ]);
    expect(inputOf(todoParts(first.messages.at(-1))[0]!)[0]!.content).toBe('Find every caller of the auth middleware');

    const second = await runTurn(scenario, first.messages, 'continue');
    expect(readTodos(second.messages).every((todo) => todo.status === 'completed')).toBe(true);
    const texts = (second.messages.at(-1)?.parts ?? []).filter((part) => part.type === 'text');
    expect(texts.at(-1)).toMatchObject({ text: planRequest(request).summary });
  });

  it('a new request in the same chat gets a new plan, and its notes and summary', async () => {
    const scenario = { ...scenarios.plan, mistake: undefined };
    const first = await runTurn(scenario, [], 'Fix the flaky checkout test');
    const second = await runTurn(scenario, first.messages, 'Review the payment module');
    const calls = todoParts(second.messages.at(-1));
    expect(inputOf(calls[0]!).map((todo) => todo.content)).toEqual(
      planRequest('Review the payment module').tasks.map((task) => task.content),
    );
    const texts = (second.messages.at(-1)?.parts ?? []).filter((part) => part.type === 'text').map((part) => part.text);
    expect(texts).toContain('Read the payment module and the code that calls it. Next: check the error handling.');
    expect(texts.at(-1)).toBe(planRequest('Review the payment module').summary);
  });
});
