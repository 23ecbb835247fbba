/**
 * The demo's research scenario: the main agent hands its first task to a scripted subagent through the AI SDK's
 * subagent pattern (a `research` tool yielding the subagent's message), in the browser's transport and through the
 * chat route. The subagent's plan is read from the research call by its id, live while it runs; it never reaches the
 * main plan, and the main model reads only the subagent's findings.
 */
import { describe, expect, it, vi } from 'vitest';
import { convertToModelMessages, isToolUIPart, readUIMessageStream, type UIMessage } from 'ai';
import { toActiveForm } from '../demo/agent/active-form.js';
import { createResearchTool, findingsOf, NO_FINDINGS, RESEARCH_STOPPED } from '../demo/agent/research-tool.js';
import { researchScenario, scenarios } from '../demo/agent/scenarios.js';
import { createCodingAgentModel } from '../demo/agent/coding-agent-model.js';
import { createChatHandler } from '../demo/server/chat-handler.js';
import { createScriptedTransport } from '../demo/src/scripted-transport.js';
import type { AgentTool } from '../demo/src/demo-settings.js';
import { agentTodoTools } from '../src/agents.js';
import { createTodoSelector, todoWrite, type TodoRowStatus, type TodoToolShape } from '../src/index.js';
import { asConversations, checkTodoSnapshots } from './support/check-todo-snapshots.js';
import { runDemoTurn } from './support/demo-turn.js';

// The chat route imports the package by name, as an app does; run it against the sources.
vi.mock('todo-write', () => import('../src/index.js'));

const scenario = scenarios.research;
const research = scenario.tasks[0]!.research!;
const MAIN_TASKS = scenario.tasks.map((task) => task.content);
const SUBAGENT_TASKS = research.plan.tasks.map((task) => task.content);
const ACTIVE_FORMS = [...MAIN_TASKS, ...SUBAGENT_TASKS].map(toActiveForm);

const SHAPES: Record<AgentTool, TodoToolShape<TodoRowStatus> | undefined> = {
  todo_write: undefined,
  'claude-code': agentTodoTools.claudeCode,
  'claude-code-tasks': agentTodoTools.claudeCodeTasks,
};

type ResearchPart = { toolCallId: string; state: string; preliminary?: boolean; input?: unknown; output?: UIMessage };

const researchPartOf = (message: UIMessage): ResearchPart | undefined =>
  message.parts.find((part) => part.type === 'tool-research') as ResearchPart | undefined;

const contents = (state: { todos: readonly { content: string }[] }): string[] => state.todos.map((row) => row.content);
const startOfOneOf = (tasks: readonly string[], content: string): boolean =>
  tasks.some((task) => task.startsWith(content));

describe.each(Object.keys(SHAPES) as AgentTool[])("the research scenario with the demo's %s", (agentTool) => {
  const shape = SHAPES[agentTool];
  // `todo_write` by its name: the helper hands the selector any tool option.
  const plan = (shape ?? 'todo_write') as TodoToolShape<TodoRowStatus>;
  const run = () =>
    runDemoTurn(
      createScriptedTransport(
        scenario,
        () => Infinity,
        () => false,
        agentTool,
      ),
      [],
      scenario.prompt,
    );

  it("keeps the subagent's calls in the research call's output, never in the main message", async () => {
    const { snapshots } = await run();
    const final = snapshots.at(-1)!;
    const part = researchPartOf(final)!;
    expect(part).toMatchObject({ state: 'output-available', input: { question: research.question } });
    expect(part.preliminary).toBeUndefined();
    for (const snapshot of snapshots) {
      const ids = snapshot.parts.filter(isToolUIPart).map((each) => each.toolCallId);
      expect(ids.filter((id) => id.startsWith('call_research'))).toEqual([]);
    }
    const subagentCalls = part.output!.parts.filter(isToolUIPart).map((each) => each.toolCallId);
    expect(subagentCalls.length).toBeGreaterThanOrEqual(SUBAGENT_TASKS.length);
    expect(subagentCalls.every((id) => id.startsWith('call_research_'))).toBe(true);
  });

  // Every snapshot is read twice, by a kept selector and a fresh one: a loaded machine needs more than 5 s.
  it('shows the main plan alone in the main list and the subagent’s under its call: live while it runs, finished after', async () => {
    const { prompt, snapshots } = await run();
    const conversations = asConversations(prompt, snapshots);
    const researchId = researchPartOf(snapshots.at(-1)!)!.toolCallId;
    const main = checkTodoSnapshots(conversations, plan, { activeForms: ACTIVE_FORMS });
    const nested = checkTodoSnapshots(conversations, plan, { activeForms: ACTIVE_FORMS }, researchId);
    // Rows whose text still streams show its start.
    for (const state of main)
      for (const content of contents(state)) expect(startOfOneOf(MAIN_TASKS, content)).toBe(true);
    for (const state of nested)
      for (const content of contents(state)) expect(startOfOneOf(SUBAGENT_TASKS, content)).toBe(true);
    // While the subagent works (its message arrives as preliminary output), its list is live and grows.
    const workingAt = conversations.flatMap(({ messages }, at) => {
      const part = researchPartOf(messages.at(-1)!);
      return part?.state === 'output-available' && part.preliminary === true ? [at] : [];
    });
    const working = workingAt.map((at) => nested[at]!);
    expect(working.length).toBeGreaterThan(10);
    expect(working.filter((state) => state.todos.length > 0).every((state) => state.live)).toBe(true);
    expect(working.some((state) => state.todos.some((row) => row.status === 'in_progress'))).toBe(true);
    // Meanwhile the main plan holds its first task in progress.
    for (const at of workingAt) expect(main[at]!.todos[0]?.status).toBe('in_progress');
    // Once it answered: the subagent's plan finished, no longer live; the main plan goes on to the end.
    expect(contents(nested.at(-1)!)).toEqual(SUBAGENT_TASKS);
    expect(nested.at(-1)!.todos.every((row) => row.status === 'completed')).toBe(true);
    expect(nested.at(-1)!.live).toBe(false);
    expect(contents(main.at(-1)!)).toEqual(MAIN_TASKS);
    expect(main.at(-1)!.todos.every((row) => row.status === 'completed')).toBe(true);
    expect(main.at(-1)!.agents).toEqual([researchId]);
  }, 20_000);

  it("goes on from the subagent's findings", async () => {
    const { messages } = await run();
    const texts = messages.at(-1)!.parts.flatMap((part) => (part.type === 'text' ? [part.text] : []));
    expect(texts).toContain(`The research is in. ${research.plan.summary} Next: ${nextOf(agentTool)}.`);
    expect(texts.at(-1)).toBe(scenario.summary);
  });
});

/** How the main agent names its second task, per tool. */
function nextOf(agentTool: AgentTool): string {
  const task = 'index sessions by user in Redis';
  return agentTool === 'claude-code-tasks' ? `#2, ${task}` : task;
}

/** The research tool the scripted main agent calls, its subagent on `todo_write`. */
const scriptedResearch = () =>
  createResearchTool({
    subagent: (question) => ({
      model: createCodingAgentModel({
        scenario: researchScenario(scenario, question),
        speed: Infinity,
        callIdPrefix: 'call_research',
      }),
      tools: { todo_write: todoWrite },
    }),
  });

describe("the research tool's output for the main model", () => {
  it('is the subagent’s last text only, when the conversation is sent again', async () => {
    const tools = { todo_write: todoWrite, research: scriptedResearch() };
    const { messages } = await runDemoTurn(
      createScriptedTransport(
        scenario,
        () => Infinity,
        () => false,
      ),
      [],
      scenario.prompt,
    );
    const modelMessages = await convertToModelMessages(messages, { tools });
    const results = modelMessages.flatMap((message) =>
      message.role === 'tool' ? message.content.filter((part) => part.type === 'tool-result') : [],
    );
    const answer = results.find((part) => part.toolName === 'research');
    expect(answer?.output).toEqual({ type: 'text', value: research.plan.summary });
  });

  it('says the research found nothing when the subagent wrote no text, and that it stopped when it did not finish', () => {
    const message = (parts: UIMessage['parts'], metadata?: unknown): UIMessage => ({
      id: '',
      role: 'assistant',
      parts,
      ...(metadata === undefined ? {} : { metadata }),
    });
    const note: UIMessage['parts'][number] = { type: 'text', text: 'Sessions live in Redis.', state: 'done' };
    expect(findingsOf(message([{ type: 'step-start' }], { finished: true }))).toBe(NO_FINDINGS);
    expect(findingsOf(undefined)).toBe(NO_FINDINGS);
    expect(findingsOf(message([{ type: 'step-start' }, note], { finished: true }))).toBe('Sessions live in Redis.');
    // A Stop keeps the subagent's last message as the call's output: its words so far are not its answer.
    expect(findingsOf(message([{ type: 'step-start' }, note]))).toBe(RESEARCH_STOPPED);
  });

  it('after a Stop midway through the research, "continue" hands the task to research again', async () => {
    const transport = createScriptedTransport(
      scenario,
      () => Infinity,
      () => false,
    );
    const tools = { todo_write: todoWrite, research: scriptedResearch() };
    // Stopped once the subagent finished its first task.
    const stopped = await runDemoTurn(transport, [], scenario.prompt, {
      stopWhen: (message) =>
        createTodoSelector().select([message], { agent: researchPartOf(message)?.toolCallId ?? '' }).todos[0]
          ?.status === 'completed',
    });
    const cut = researchPartOf(stopped.messages.at(-1)!)!;
    expect(cut).toMatchObject({ state: 'output-available', preliminary: true });
    const results = (await convertToModelMessages(stopped.messages, { tools })).flatMap((message) =>
      message.role === 'tool' ? message.content : [],
    );
    expect(results.find((part) => part.type === 'tool-result' && part.toolName === 'research')).toMatchObject({
      output: { type: 'text', value: RESEARCH_STOPPED },
    });
    const resumed = await runDemoTurn(transport, stopped.messages, 'continue');
    const again = researchPartOf(resumed.messages.at(-1)!)!;
    expect(again).toMatchObject({ state: 'output-available', input: { question: research.question } });
    expect(again.preliminary).toBeUndefined();
    const state = createTodoSelector().select(resumed.messages, { status: 'ready' });
    expect(state.todos.every((row) => row.status === 'completed')).toBe(true);
    expect(state.agents).toEqual([cut.toolCallId, again.toolCallId]);
    const texts = resumed.messages.at(-1)!.parts.flatMap((part) => (part.type === 'text' ? [part.text] : []));
    expect(texts).toContain(`The research is in. ${research.plan.summary} Next: index sessions by user in Redis.`);
  });
});

describe('the research scenario through the chat route', () => {
  /** The main model, recording every prompt it is sent. */
  function recordingModel() {
    const model = createCodingAgentModel({ scenario, speed: Infinity });
    const prompts: unknown[] = [];
    const doStream: typeof model.doStream = (options) => {
      prompts.push(options.prompt);
      return model.doStream(options);
    };
    return { model: { ...model, doStream }, prompts };
  }

  async function post(handler: (request: Request) => Promise<Response>, messages: UIMessage[]) {
    const response = await handler(
      new Request('http://demo.test/api/chat', {
        method: 'POST',
        body: JSON.stringify({ messages }),
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(response.status).toBe(200);
    const snapshots: UIMessage[] = [];
    for await (const message of readUIMessageStream({ stream: uiChunks(response.body!) }))
      snapshots.push(structuredClone(message));
    return snapshots;
  }

  it("streams the subagent's plan inside the research call, and the next request hands the model its findings alone", async () => {
    const { model, prompts } = recordingModel();
    const handler = createChatHandler({ model, tools: { todo_write: todoWrite, research: scriptedResearch() } });
    const user: UIMessage = { id: 'u1', role: 'user', parts: [{ type: 'text', text: scenario.prompt }] };
    const snapshots = await post(handler, [user]);
    const final = snapshots.at(-1)!;
    const researchId = researchPartOf(final)!.toolCallId;
    const selector = createTodoSelector();
    const preliminary = snapshots.filter((snapshot) => researchPartOf(snapshot)?.preliminary === true);
    expect(preliminary.length).toBeGreaterThan(10);
    const midway = selector.select([user, preliminary.at(-1)!], { status: 'streaming', agent: researchId });
    expect(contents(midway)).toEqual(SUBAGENT_TASKS);
    expect(midway.live).toBe(true);
    const conversation = [user, { ...final, id: 'a1' }];
    const after = createTodoSelector().select(conversation, { status: 'ready', agent: researchId });
    expect(after.todos.every((row) => row.status === 'completed')).toBe(true);
    expect(after.live).toBe(false);
    expect(contents(createTodoSelector().select(conversation, { status: 'ready' }))).toEqual(MAIN_TASKS);

    prompts.length = 0;
    await post(handler, [...conversation, { id: 'u2', role: 'user', parts: [{ type: 'text', text: 'continue' }] }]);
    const sent = JSON.stringify(prompts[0]);
    expect(sent).toContain(JSON.stringify({ type: 'text', value: research.plan.summary }));
    expect(sent).not.toContain(SUBAGENT_TASKS[0]);
  });
});

/** The route's server-sent events as UI message chunks. */
function uiChunks(body: ReadableStream<Uint8Array>) {
  let buffer = '';
  return body.pipeThrough(new TextDecoderStream() as unknown as TransformStream<Uint8Array, string>).pipeThrough(
    new TransformStream({
      transform(text, controller) {
        buffer += text;
        const events = buffer.split('\n\n');
        buffer = events.pop() ?? '';
        for (const event of events) {
          const data = event.replace(/^data: /, '');
          if (data !== '[DONE]') controller.enqueue(JSON.parse(data));
        }
      },
    }),
  );
}
