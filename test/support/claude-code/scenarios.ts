/**
 * Claude Code sessions as the SDK messages of each turn: a plan kept with TodoWrite (one subagent, then
 * two at once) and one kept with the Task tools, with what Claude Code itself holds after each call.
 */
import { sdkTranscript, type SdkMessage, type SdkTranscript } from './sdk-messages.js';
import {
  type ClaudeCodeTask,
  type ClaudeCodeTaskList,
  createClaudeCodeTaskList,
  type TaskCreateInput,
  type TaskUpdateInput,
} from '../../../demo/agent/claude-code-task-list.js';

/** One chat turn: what the user writes and what Claude Code's `query()` yields for it. */
export type ScenarioTurn = { prompt: string; sdkMessages: SdkMessage[] };

/** A TodoWrite item (`TodoWriteInput` of the SDK's `sdk-tools.d.ts`). */
export type Todo = { content: string; status: 'pending' | 'in_progress' | 'completed'; activeForm: string };

/** A Task tool call and Claude Code's list right after it. */
export type TaskToolCall = {
  toolCallId: string;
  toolName: 'TaskCreate' | 'TaskUpdate' | 'TaskList';
  input: Record<string, unknown>;
  /** The `tool_result` text, which `@ai-sdk/harness-claude-code` 1.0.41 forwards as the part's output. */
  content: string;
  parent: string | null;
  tasks: ClaudeCodeTask[];
};

/** The text Claude Code 2.1.213 answers every TodoWrite call with. */
export const TODO_WRITE_RESULT =
  'Todos have been modified successfully. Ensure that you continue to use the todo list to track your progress. Please proceed with the current tasks if applicable';

const SESSION_ID = '6f1c2a4e-0d3b-4c7a-9e15-2b8d7c4f0a91';

/**
 * The main agent plans with TodoWrite, hands the investigation to a general-purpose subagent that keeps
 * its own TodoWrite list, then updates its plan; in a second turn it finishes the plan.
 */
export function todoWriteWithSubagent(): { turns: ScenarioTurn[]; mainTodos: Todo[]; subagentTodos: Todo[] } {
  const first = sdkTranscript({ sessionId: SESSION_ID });
  const todos = todoWriter(first);
  const plan = (statuses: Todo['status'][]) => withStatuses(SESSION_EXPIRY_PLAN, statuses);
  const research = (statuses: Todo['status'][]) => withStatuses(MIDDLEWARE_RESEARCH, statuses);

  first.text("I'll track this in a todo list.");
  todos.write({ id: 'toolu_main_todo_1', todos: plan(['in_progress', 'pending', 'pending']) });
  first.text("I'll have a subagent read the session code.");
  const investigation = { id: 'toolu_agent_1', description: 'Investigate session expiry', prompt: MIDDLEWARE_PROMPT };
  callAgents(first, [investigation]);
  todos.write({ id: 'toolu_sub_todo_1', todos: research(['in_progress', 'pending']), parent: 'toolu_agent_1' });
  first.text('The middleware sets maxAge from the config.', { parent: 'toolu_agent_1' });
  todos.write({ id: 'toolu_sub_todo_2', todos: research(['completed', 'completed']), parent: 'toolu_agent_1' });
  answerAgent(first, { agent: investigation, agentId: 'a1b2c3d4e5f60718', report: MIDDLEWARE_REPORT, toolUses: 2 });
  first.text('The expiry is computed in seconds but read as milliseconds.');
  todos.write({ id: 'toolu_main_todo_2', todos: plan(['completed', 'in_progress', 'pending']) });
  first.finish('I found the cause and started on the fix.');

  const second = sdkTranscript({ sessionId: SESSION_ID });
  const more = todoWriter(second, todos.stored);
  more.write({ id: 'toolu_main_todo_3', todos: plan(['completed', 'completed', 'in_progress']) });
  more.write({ id: 'toolu_main_todo_4', todos: plan(['completed', 'completed', 'completed']) });
  second.finish('Sessions now last as long as configured, and a test covers it.');

  return {
    turns: [
      { prompt: 'Sessions expire too early. Find out why and fix it.', sdkMessages: first.messages },
      { prompt: 'Go ahead and finish.', sdkMessages: second.messages },
    ],
    mainTodos: plan(['completed', 'completed', 'completed']),
    subagentTodos: research(['completed', 'completed']),
  };
}

/** Two subagents started in one response, their TodoWrite calls interleaved, then the main plan moves on. */
export function todoWriteWithTwoSubagents(): {
  turns: ScenarioTurn[];
  mainTodos: Todo[];
  subagentTodos: Record<string, Todo[]>;
} {
  const transcript = sdkTranscript({ sessionId: SESSION_ID });
  const todos = todoWriter(transcript);
  const plan = (statuses: Todo['status'][]) => withStatuses(REVIEW_PLAN, statuses);
  const api = (statuses: Todo['status'][]) => withStatuses(API_REVIEW, statuses);
  const ui = (statuses: Todo['status'][]) => withStatuses(UI_REVIEW, statuses);

  todos.write({ id: 'toolu_main_todo_1', todos: plan(['in_progress', 'in_progress', 'pending']) });
  const apiReview = { id: 'toolu_agent_api', description: 'Review the API module', prompt: 'Review src/api errors.' };
  const uiReview = { id: 'toolu_agent_ui', description: 'Review the UI module', prompt: 'Review src/ui labels.' };
  callAgents(transcript, [apiReview, uiReview]);
  todos.call({ id: 'toolu_api_todo_1', todos: api(['in_progress', 'pending']), parent: 'toolu_agent_api' });
  todos.call({ id: 'toolu_ui_todo_1', todos: ui(['in_progress', 'pending']), parent: 'toolu_agent_ui' });
  todos.answer('toolu_api_todo_1');
  todos.answer('toolu_ui_todo_1');
  todos.write({ id: 'toolu_ui_todo_2', todos: ui(['completed', 'in_progress']), parent: 'toolu_agent_ui' });
  todos.write({ id: 'toolu_api_todo_2', todos: api(['completed', 'completed']), parent: 'toolu_agent_api' });
  answerAgent(transcript, {
    agent: apiReview,
    agentId: 'aa11bb22cc33dd44',
    report: 'Two handlers swallow errors.',
    toolUses: 2,
  });
  todos.write({ id: 'toolu_ui_todo_3', todos: ui(['completed', 'completed']), parent: 'toolu_agent_ui' });
  answerAgent(transcript, {
    agent: uiReview,
    agentId: 'ee55ff66aa77bb88',
    report: 'Three buttons lack labels.',
    toolUses: 3,
  });
  todos.write({ id: 'toolu_main_todo_2', todos: plan(['completed', 'completed', 'in_progress']) });
  transcript.finish('Both reviews are in. Summarizing now.');

  return {
    turns: [{ prompt: 'Review the API and the UI modules.', sdkMessages: transcript.messages }],
    mainTodos: plan(['completed', 'completed', 'in_progress']),
    subagentTodos: { toolu_agent_api: api(['completed', 'completed']), toolu_agent_ui: ui(['completed', 'completed']) },
  };
}

/**
 * A plan kept with TaskCreate / TaskUpdate / TaskList over two turns: four tasks, a dependency, a subagent
 * working on the shared list, then a delete, an update of a task that does not exist and a re-sync.
 */
export function taskToolsSession(): { turns: ScenarioTurn[]; calls: TaskToolCall[] } {
  const list = createClaudeCodeTaskList();
  const calls: TaskToolCall[] = [];
  const first = sdkTranscript({ sessionId: SESSION_ID });
  const tasks = taskTools(first, list, calls);

  first.text("I'll break this into tasks.");
  tasks.step(RATE_LIMIT_TASKS.map((input, index) => create(`toolu_create_${index + 1}`, input)));
  tasks.step([update('toolu_update_1', { taskId: '3', addBlockedBy: ['2'] }), listCall('toolu_list_1')]);
  tasks.step([update('toolu_update_2', { taskId: '1', status: 'in_progress' })]);
  tasks.step([
    update('toolu_update_3', { taskId: '1', status: 'completed' }),
    update('toolu_update_4', { taskId: '2', owner: 'limiter-writer' }),
  ]);
  const limiter = { id: 'toolu_agent_1', description: 'Write the rate limiter', prompt: LIMITER_PROMPT };
  callAgents(first, [limiter]);
  tasks.step([update('toolu_sub_update_1', { taskId: '2', status: 'in_progress' })], 'toolu_agent_1');
  tasks.step([update('toolu_sub_update_2', { taskId: '2', status: 'completed' })], 'toolu_agent_1');
  answerAgent(first, { agent: limiter, agentId: 'f0e1d2c3b4a59687', report: LIMITER_REPORT, toolUses: 2 });
  first.finish('The limiter is in; the tests are next.');

  const second = sdkTranscript({ sessionId: SESSION_ID });
  const more = taskTools(second, list, calls);
  more.step([update('toolu_update_5', { taskId: '4', status: 'deleted' })]);
  more.step([update('toolu_update_6', { taskId: '9', status: 'completed' })]);
  more.step([listCall('toolu_list_2')]);
  more.step([update('toolu_update_7', { taskId: '3', status: 'in_progress' })]);
  more.step([update('toolu_update_8', { taskId: '3', status: 'completed', subject: 'Test the rate limiter' })]);
  second.finish('Done: the endpoint is rate limited and tested.');

  return {
    turns: [
      { prompt: 'Add rate limiting to the login endpoint.', sdkMessages: first.messages },
      { prompt: 'Skip the changelog and finish up.', sdkMessages: second.messages },
    ],
    calls,
  };
}

type TaskToolUse = { id: string; name: TaskToolCall['toolName']; input: Record<string, unknown> };

function create(id: string, input: TaskCreateInput): TaskToolUse {
  return { id, name: 'TaskCreate', input };
}

function update(id: string, input: TaskUpdateInput): TaskToolUse {
  return { id, name: 'TaskUpdate', input };
}

function listCall(id: string): TaskToolUse {
  return { id, name: 'TaskList', input: {} };
}

// A response's tool calls come first, then their results in order, each computed on Claude Code's list.
function taskTools(transcript: SdkTranscript, list: ClaudeCodeTaskList, calls: TaskToolCall[]) {
  const answer = (toolUse: TaskToolUse) => {
    if (toolUse.name === 'TaskCreate') return list.create(toolUse.input as TaskCreateInput);
    if (toolUse.name === 'TaskUpdate') return list.update(toolUse.input as TaskUpdateInput);
    return list.list();
  };
  return {
    step: (toolUses: TaskToolUse[], parent: string | null = null) => {
      transcript.toolUses(toolUses, { parent });
      for (const toolUse of toolUses) {
        const { content, toolUseResult, tasks } = answer(toolUse);
        transcript.toolResult({ toolUseId: toolUse.id, content, toolUseResult, parent });
        calls.push({ toolCallId: toolUse.id, toolName: toolUse.name, input: toolUse.input, content, parent, tasks });
      }
    },
  };
}

// Claude Code keeps one TodoWrite list per agent and empties it once every item is completed.
function todoWriter(transcript: SdkTranscript, stored = new Map<string, Todo[]>()) {
  const pending = new Map<string, { todos: Todo[]; parent: string | null }>();
  const call = ({ id, todos, parent = null }: { id: string; todos: Todo[]; parent?: string | null }) => {
    transcript.toolUses([{ id, name: 'TodoWrite', input: { todos } }], { parent });
    pending.set(id, { todos, parent });
  };
  const answer = (id: string) => {
    const { todos, parent } = pending.get(id)!;
    const oldTodos = stored.get(parent ?? 'main') ?? [];
    stored.set(parent ?? 'main', todos.every((todo) => todo.status === 'completed') ? [] : todos);
    transcript.toolResult({
      toolUseId: id,
      content: TODO_WRITE_RESULT,
      toolUseResult: { oldTodos, newTodos: todos },
      parent,
    });
  };
  return {
    stored,
    call,
    answer,
    write: (options: { id: string; todos: Todo[]; parent?: string | null }) => {
      call(options);
      answer(options.id);
    },
  };
}

type AgentCall = { id: string; description: string; prompt: string };

// `run_in_background: false`: in 2.1.213 an Agent runs in the background unless told otherwise.
function callAgents(transcript: SdkTranscript, agents: AgentCall[]): void {
  transcript.toolUses(
    agents.map(({ id, description, prompt }) => ({
      id,
      name: 'Agent',
      input: { description, prompt, subagent_type: 'general-purpose', run_in_background: false },
    })),
  );
}

// The report, then the trailer Claude Code adds for a general-purpose agent (`AgentOutput`, status completed).
function answerAgent(
  transcript: SdkTranscript,
  options: { agent: AgentCall; agentId: string; report: string; toolUses: number },
): void {
  const { agent, agentId, report, toolUses } = options;
  const usage = { totalTokens: 1200 * toolUses, totalDurationMs: 4000 * toolUses };
  const trailer =
    `agentId: ${agentId} (use SendMessage with to: '${agentId}', summary: '<5-10 word recap>' to continue this agent)\n` +
    `<usage>subagent_tokens: ${usage.totalTokens}\ntool_uses: ${toolUses}\nduration_ms: ${usage.totalDurationMs}</usage>`;
  transcript.toolResult({
    toolUseId: agent.id,
    content: [
      { type: 'text', text: report },
      { type: 'text', text: trailer },
    ],
    toolUseResult: {
      status: 'completed',
      agentId,
      agentType: 'general-purpose',
      content: [{ type: 'text', text: report }],
      totalToolUseCount: toolUses,
      ...usage,
      usage: { input_tokens: usage.totalTokens - 200, output_tokens: 200 },
      prompt: agent.prompt,
    },
  });
}

function withStatuses(items: Omit<Todo, 'status'>[], statuses: Todo['status'][]): Todo[] {
  return items.map((item, index) => ({ content: item.content, status: statuses[index]!, activeForm: item.activeForm }));
}

const SESSION_EXPIRY_PLAN = [
  { content: 'Investigate the session expiry', activeForm: 'Investigating the session expiry' },
  { content: 'Fix the expiry calculation', activeForm: 'Fixing the expiry calculation' },
  { content: 'Add a regression test', activeForm: 'Adding a regression test' },
];

const MIDDLEWARE_RESEARCH = [
  { content: 'Read the session middleware', activeForm: 'Reading the session middleware' },
  { content: 'Trace where maxAge is set', activeForm: 'Tracing where maxAge is set' },
];

const MIDDLEWARE_PROMPT = 'Read the session middleware and report how the session expiry is computed.';
const MIDDLEWARE_REPORT =
  'The middleware passes config.sessionTtl (seconds) to cookie maxAge, which expects milliseconds.';

const REVIEW_PLAN = [
  { content: 'Review the API module', activeForm: 'Reviewing the API module' },
  { content: 'Review the UI module', activeForm: 'Reviewing the UI module' },
  { content: 'Summarize the findings', activeForm: 'Summarizing the findings' },
];

const API_REVIEW = [
  { content: 'Read the route handlers', activeForm: 'Reading the route handlers' },
  { content: 'List unhandled errors', activeForm: 'Listing unhandled errors' },
];

const UI_REVIEW = [
  { content: 'Read the components', activeForm: 'Reading the components' },
  { content: 'List missing labels', activeForm: 'Listing missing labels' },
];

const RATE_LIMIT_TASKS: TaskCreateInput[] = [
  {
    subject: 'Read the auth middleware',
    description: 'Find where login requests are handled.',
    activeForm: 'Reading the auth middleware',
  },
  {
    subject: 'Write the rate limiter',
    description: 'Limit login attempts per IP.',
    activeForm: 'Writing the rate limiter',
  },
  {
    subject: 'Add tests for the limiter',
    description: 'Cover the limit and the reset.',
    activeForm: 'Adding tests for the limiter',
  },
  { subject: 'Update the changelog', description: 'Mention the new limit.', activeForm: 'Updating the changelog' },
];

const LIMITER_PROMPT = 'Write a rate limiter for POST /login: 5 attempts per IP per minute. Task #2 is yours.';
const LIMITER_REPORT = 'Added src/auth/rate-limit.ts and wired it into the login route.';
