/**
 * A scripted language model that behaves like a coding agent using `todo_write`.
 *
 * It implements the AI SDK's LanguageModelV4 interface, so it runs anywhere `streamText` or
 * `ToolLoopAgent` runs (the browser, Node, a Next.js route). It does not replay a recording: on
 * every step it reads the prompt it receives (the last accepted list, whether its last call was
 * rejected, what the user asked) and decides what to do next (`decideNextStep`). It then streams
 * that step the way real models do: text and tool-argument deltas of a few characters, tens of
 * milliseconds apart.
 *
 * The scenario's own prompt gets the scenario's plan; any other request gets a plan about that
 * request (`planRequest`), which also scripts revisions: tasks finished together, added, dropped, renamed.
 * A task the plan hands to research is a `research` call first; the main model reads back only the
 * subagent's findings. `decide` swaps the whole-list tool for another way of planning (task-steps.ts).
 */
import type { LanguageModel } from 'ai';
import { toActiveForm } from './active-form.js';
import { planRequest } from './plan-request.js';
import { describeRevision, revisePlan } from './revise-plan.js';
import { seededRandom } from './seeded-random.js';
import { EDITED_OUTPUT_KEY } from '../plan/todo-edit-reason.js';
import { validateTodos } from '../tool/validate-todos.js';
import type { Scenario, ScenarioTask, ScriptedPlan, TaskRevision } from './scenarios.js';

/** The conversation as the model receives it. */
export type ScriptedPrompt = Parameters<
  Extract<LanguageModel, { specificationVersion: 'v4' }>['doStream']
>[0]['prompt'];

type LanguageModelV4 = Extract<LanguageModel, { specificationVersion: 'v4' }>;
type StreamResult = Awaited<ReturnType<LanguageModelV4['doStream']>>;
type StreamPart = StreamResult['stream'] extends ReadableStream<infer Part> ? Part : never;
type GenerateResult = Awaited<ReturnType<LanguageModelV4['doGenerate']>>;

/** A todo as the scripted model writes it. `status` is a string: the model can make mistakes. */
export interface ScriptedTodo {
  content: string;
  status: string;
}

/** What the model does in one step: say something, then (maybe) call tools. */
export interface ScriptedStep {
  text: string;
  /** The list to send with `todo_write`; absent when the model ends its turn or calls other tools. */
  todos?: ScriptedTodo[];
  /** Other tool calls of the step, side by side, in order. */
  calls?: ScriptedCall[];
}

/** A tool call the model makes, by the tool's registered name. */
export interface ScriptedCall {
  toolName: string;
  input: Record<string, unknown>;
}

/** The tool the main agent hands a research question to. */
export const RESEARCH_TOOL = 'research';

/** What the main model reads of a research run stopped before it finished. */
export const RESEARCH_STOPPED = 'The research was stopped before it finished.';

export interface ScriptedModelOptions {
  scenario: Scenario;
  /**
   * Streaming speed multiplier (2 = twice as fast), or a function read before every delta so a
   * UI can change it mid-stream. `Infinity` streams without delays. Default 1.
   */
  speed?: number | (() => number);
  /** The tool name to call. Default `'todo_write'`. */
  toolName?: string;
  /** Writes each task's present tense as `activeForm`, as Claude Code's `TodoWrite` does. Default `false`. */
  activeForm?: boolean;
  /** Reported as `modelId`. Default `scripted-${scenario.id}`. */
  modelId?: string;
  /** Decides each step from the prompt. Default {@link decideNextStep}: the plan as one list per call. */
  decide?: (prompt: ScriptedPrompt, scenario: Scenario) => ScriptedStep;
  /** Starts every tool call id, so a subagent's ids differ from its parent's. Default `'call_scripted'`. */
  callIdPrefix?: string;
}

/** Delay before the first delta of a step (the model "thinking"), at speed 1. */
const FIRST_DELTA_DELAY_MS = 350;
/** Delay between two text deltas, at speed 1. */
const TEXT_DELTA_DELAY_MS = 28;
/** Delay between two tool-argument deltas, at speed 1. */
const ARGUMENT_DELTA_DELAY_MS = 22;
/** A user message that asks the agent to pick up where it stopped. */
export const CONTINUE_PATTERN = /\b(continue|resume|go on|keep going|retry|try again)\b/i;

/** Creates the scripted model for one scenario. */
export function createScriptedModel(
  options: ScriptedModelOptions,
): Extract<LanguageModel, { specificationVersion: 'v4' }> {
  const { scenario, toolName = 'todo_write', decide = decideNextStep, callIdPrefix = 'call_scripted' } = options;
  const callsOf = (step: ScriptedStep, prompt: ScriptedPrompt): ToolCall[] => {
    const calls: ScriptedCall[] = step.todos === undefined ? (step.calls ?? []) : [planCall(step.todos)];
    const first = countToolCalls(prompt) + 1;
    return calls.map((call, index) => ({
      toolCallId: `${callIdPrefix}_${first + index}`,
      toolName: call.toolName,
      input: JSON.stringify(call.input),
    }));
  };
  const planCall = (todos: ScriptedTodo[]): ScriptedCall => ({
    toolName,
    input: {
      todos: options.activeForm ? todos.map((todo) => ({ ...todo, activeForm: toActiveForm(todo.content) })) : todos,
    },
  });
  const readSpeed = (): number => {
    const speed = typeof options.speed === 'function' ? options.speed() : (options.speed ?? 1);
    return Number.isFinite(speed) || speed === Infinity ? Math.max(speed, 0.05) : 1;
  };
  return {
    specificationVersion: 'v4',
    provider: 'todo-write-demo',
    modelId: options.modelId ?? `scripted-${scenario.id}`,
    supportedUrls: {},
    async doGenerate(callOptions): Promise<GenerateResult> {
      const step = decide(callOptions.prompt, scenario);
      const calls = callsOf(step, callOptions.prompt);
      const content: GenerateResult['content'] = [
        { type: 'text', text: step.text },
        ...calls.map((call) => ({ type: 'tool-call' as const, ...call })),
      ];
      return { content, finishReason: finishReasonOf(calls), usage: usageOf(callOptions.prompt, step), warnings: [] };
    },
    async doStream(callOptions): Promise<StreamResult> {
      const step = decide(callOptions.prompt, scenario);
      const stepId = `${callIdPrefix}_${countToolCalls(callOptions.prompt) + 1}`;
      const parts = streamPartsOf(step, callOptions.prompt, stepId, callsOf(step, callOptions.prompt));
      const pace = scenario.pace ?? 1;
      return { stream: paceParts(parts, (delayMs) => (delayMs * pace) / readSpeed(), callOptions.abortSignal) };
    },
  };
}

/**
 * Decides the model's next step from the prompt alone:
 * - a new user turn: write the plan (or, on "continue", pick up the last accepted list);
 * - the last call was rejected: correct it (or, in a pausing scenario, explain and stop);
 * - the last call was accepted: finish the current task and start the next, making the
 *   scenario's one mistake when its moment comes; everything done: summarise and stop;
 * - a list the person edited: their tasks as written, in their order, one task forward per call,
 *   with none of the plan's revisions and no mistake;
 * - a task in progress that the plan hands to research: a `research` call first, then the task is
 *   done with what the subagent found.
 */
export function decideNextStep(prompt: ScriptedPrompt, scenario: Scenario): ScriptedStep {
  const history = readScriptedCalls(prompt);
  const turnStart = prompt.findLastIndex((message) => message.role === 'user');
  const userText = readUserText(prompt[turnStart]);
  const turnCalls = history.filter((call) => call.messageIndex > turnStart);
  const lastAccepted = history.findLast((call) => call.outcome === 'accepted')?.todos;
  const lastCall = turnCalls.at(-1);
  const plans = plansOf(prompt, scenario);
  const findings = readFindings(prompt);

  if (lastCall === undefined) {
    if (lastAccepted !== undefined && !isFinished(lastAccepted, scenario) && CONTINUE_PATTERN.test(userText)) {
      const current = lastAccepted.find((todo) => todo.status === 'in_progress');
      const plan = planOf(plans, lastAccepted);
      const research = current && researchStep(plan, current.content, findings);
      if (research) return research;
      // Research done again after a Stop: the task is done with what it found.
      if (current && taskOf(plan, current.content)?.research)
        return advanceStep(lastAccepted, plan, isPersonsList(lastAccepted, history), findings);
      return {
        text: `Picking up where I left off${current ? `: ${lowerFirst(current.content)}` : ''}.`,
        todos: advance(lastAccepted, revisionsFor(lastAccepted, history, plans)),
      };
    }
    const plan = planFor(userText, scenario);
    return {
      text: plan.intro,
      todos: plan.tasks.map((task, index) => ({
        content: task.content,
        status: index === 0 ? 'in_progress' : 'pending',
      })),
    };
  }
  if (lastCall.outcome === 'denied') {
    if (lastCall.reason === undefined) return { text: 'What should change? Tell me, and I will revise the plan.' };
    const revision = revisePlan(lastCall.todos, lastCall.reason);
    return { text: describeRevision(revision), todos: revision.todos };
  }
  if (lastCall.outcome === 'rejected') {
    const base = lastAccepted ?? [];
    if (scenario.pauseAfterRejection === true) {
      return {
        text: `The tool rejected that update: ${lastCall.error} Nothing was saved, so the checklist still shows the last accepted plan. Send "continue" and I will retry with a valid status.`,
      };
    }
    return {
      text: `That update was rejected: ${lastCall.error} I'll complete the current task before starting the next one.`,
      todos: advance(base, revisionsFor(base, history, plans)),
    };
  }
  const list = lastCall.todos;
  const plan = planOf(plans, list);
  const personsPlan = isPersonsList(list, history);
  if (isFinished(list, scenario)) return { text: personsPlan ? PERSONS_PLAN_DONE : plan.summary };
  if (lastCall.edited === true) return startEditedPlan(list, plan, findings);
  const current = list.find((todo) => todo.status === 'in_progress');
  const research = current && researchStep(plan, current.content, findings);
  if (research) return research;
  const step = advanceStep(list, plan, personsPlan, findings);
  const completed = list.filter((todo) => todo.status === 'completed').length;
  const madeMistake = history.some((call) => call.outcome === 'rejected');
  // The person's own plan is worked as approved: no scripted mistake in it.
  if (
    scenario.mistake !== undefined &&
    !personsPlan &&
    !madeMistake &&
    completed >= scenario.mistake.afterCompleted &&
    current !== undefined
  ) {
    return {
      text: step.text,
      todos: scenario.mistake.kind === 'two-in-progress' ? startNextKeepingCurrent(list) : markCurrent(list, 'done'),
    };
  }
  return step;
}

/** What the agent says when every task of the person's plan is done (the scripted summary may name tasks they removed). */
const PERSONS_PLAN_DONE = 'Done: every task of your plan is finished.';

/** One step forward: the task in progress completed, the next one started, and a line about it. */
function advanceStep(
  list: readonly ScriptedTodo[],
  plan: ScriptedPlan,
  personsPlan: boolean,
  findings: ReadonlyMap<string, string>,
): ScriptedStep {
  const current = list.find((todo) => todo.status === 'in_progress');
  const todos = advance(list, personsPlan ? undefined : plan);
  const next = todos.find((todo) => todo.status === 'in_progress');
  const note = current === undefined ? 'Starting.' : noteOf(plan, current.content, personsPlan, findings);
  return {
    text: next === undefined ? `${note} That was the last task.` : `${note} Next: ${lowerFirst(next.content)}.`,
    todos,
  };
}

/**
 * What the agent says once a task is done; a researched task's note leads into what the subagent found. In the
 * person's plan a note that tells of a revision (a task added, dropped or finished along) would not be true, so it
 * says what was finished.
 */
export function noteOf(
  plan: ScriptedPlan,
  content: string,
  personsPlan: boolean,
  findings: ReadonlyMap<string, string>,
): string {
  const task = taskOf(plan, content);
  if (task === undefined || (personsPlan && task.then !== undefined)) return `Finished: ${content}.`;
  const found = task.research && findings.get(task.research.question);
  return found ? `${task.note} ${found}` : task.note;
}

/** The step that hands the task in progress to research, while its plan asks for it and no finding came back. */
export function researchStep(
  plan: ScriptedPlan,
  content: string,
  findings: ReadonlyMap<string, string>,
): ScriptedStep | undefined {
  const research = taskOf(plan, content)?.research;
  if (research === undefined || findings.has(research.question)) return undefined;
  return {
    text: "I'll hand the research to a subagent, so its reading stays out of my context.",
    calls: [{ toolName: RESEARCH_TOOL, input: { question: research.question } }],
  };
}

/** What research answered, by question: the text the main model read back (a failed or stopped run has none). */
export function readFindings(prompt: ScriptedPrompt): Map<string, string> {
  const questions = new Map<string, string>();
  const findings = new Map<string, string>();
  for (const message of prompt) {
    if (message.role !== 'assistant' && message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type === 'tool-call' && part.toolName === RESEARCH_TOOL) {
        const question = (part.input as { question?: unknown } | null)?.question;
        if (typeof question === 'string') questions.set(part.toolCallId, question);
      } else if (part.type === 'tool-result' && part.output.type === 'text') {
        const question = questions.get(part.toolCallId);
        if (question !== undefined && part.output.value !== RESEARCH_STOPPED) findings.set(question, part.output.value);
      }
    }
  }
  return findings;
}

/**
 * Whether a list is the person's edit: exactly the tasks of the newest plan they edited, in their
 * order. The agent never renames, drops or adds a task of such a list, so it stays theirs to the end.
 */
function isPersonsList(list: readonly ScriptedTodo[], history: readonly TodoCall[]): boolean {
  const edit = history.findLast((call) => call.edited === true);
  if (edit === undefined || edit.todos.length !== list.length) return false;
  return edit.todos.every((todo, index) => todo.content === list[index]!.content);
}

/** Whose revisions apply when a list moves on: the scripted plan's, none for the person's. */
function revisionsFor(
  list: readonly ScriptedTodo[],
  history: readonly TodoCall[],
  plans: readonly ScriptedPlan[],
): ScriptedPlan | undefined {
  return isPersonsList(list, history) ? undefined : planOf(plans, list);
}

/** The plan a request gets: the scenario's own for its prompt (or always, for a fixed plan), else one about the request. */
export function planFor(userText: string, scenario: Scenario): ScriptedPlan {
  const asked = userText.trim().replace(/\s+/g, ' ');
  return scenario.fixedPlan === true || asked === scenario.prompt ? scenario : planRequest(asked);
}

/** The plans of every request in the conversation, newest first, the scenario's own last. */
export function plansOf(prompt: ScriptedPrompt, scenario: Scenario): ScriptedPlan[] {
  const plans = prompt
    .filter((message) => message.role === 'user')
    .map((message) => planFor(readUserText(message), scenario))
    .reverse();
  return plans.includes(scenario) ? plans : [...plans, scenario];
}

/** The plan a list was written from: the one that knows most of its tasks (the newest on a tie). */
export function planOf(plans: readonly ScriptedPlan[], list: readonly { content: string }[]): ScriptedPlan {
  let best = plans[0]!;
  let bestScore = -1;
  for (const plan of plans) {
    const score = list.filter((todo) => taskOf(plan, todo.content) !== undefined).length;
    if (score > bestScore) [best, bestScore] = [plan, score];
  }
  return best;
}

interface TodoCall {
  messageIndex: number;
  todos: ScriptedTodo[];
  outcome: 'accepted' | 'rejected' | 'denied' | 'pending';
  error?: string;
  /** The person's words when they sent the plan back. */
  reason?: string;
  /** The person edited the list before approving it: `todos` is their list, read from the result. */
  edited?: boolean;
}

/** Every todo_write call in the prompt with its outcome, oldest first. */
function readScriptedCalls(prompt: ScriptedPrompt): TodoCall[] {
  const calls = new Map<string, TodoCall>();
  prompt.forEach((message, messageIndex) => {
    if (message.role !== 'assistant' && message.role !== 'tool') return;
    for (const part of message.content) {
      if (part.type === 'tool-call' && isTodoInput(part.input)) {
        calls.set(part.toolCallId, { messageIndex, todos: part.input.todos, outcome: 'pending' });
      } else if (part.type === 'tool-result') {
        const call = calls.get(part.toolCallId);
        if (call === undefined) continue;
        const output = part.output;
        if (output.type === 'execution-denied') {
          call.outcome = 'denied';
          call.reason = personsReason(output.reason);
        } else if (output.type === 'error-text' || output.type === 'error-json') {
          call.outcome = 'rejected';
          const detail = output.value;
          call.error = firstProblem(
            call.todos,
            typeof detail === 'string' ? detail : JSON.stringify(detail ?? 'rejected'),
          );
        } else {
          call.outcome = 'accepted';
          // The tool's result holds the person's edit, when they made one: that is the plan now.
          const edited =
            output.type === 'json' ? (output.value as Record<string, unknown> | null)?.[EDITED_OUTPUT_KEY] : undefined;
          if (isTodoInput({ todos: edited })) {
            call.todos = (edited as ScriptedTodo[]).map(({ content, status }) => ({ content, status }));
            call.edited = true;
          }
        }
      }
    }
  });
  return [...calls.values()];
}

/**
 * What the person said, out of the denial the model reads (`todoDenialMessage`: "... asked for
 * changes: <reason>\nSend the whole revised list."), or the bare reason; none for a plain "no".
 */
function personsReason(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const quoted = /asked for changes: ([^\n]*)/.exec(text);
  if (quoted) return quoted[1]!.trim() || undefined;
  return text.startsWith('Nothing was saved: the user') ? undefined : text.trim() || undefined;
}

/** The first problem the tool found in the list it refused ("Items 3 and 4 are all in_progress; ..."), else the message's first line. */
function firstProblem(todos: readonly ScriptedTodo[], message: string): string {
  return validateTodos({ todos }).problems?.[0]?.message ?? message.split('\n')[0]!;
}

function isTodoInput(input: unknown): input is { todos: ScriptedTodo[] } {
  if (typeof input !== 'object' || input === null || !Array.isArray((input as { todos?: unknown }).todos)) return false;
  return (input as { todos: unknown[] }).todos.every(
    (todo) => typeof todo === 'object' && todo !== null && typeof (todo as ScriptedTodo).content === 'string',
  );
}

export function readUserText(message: ScriptedPrompt[number] | undefined): string {
  if (message?.role !== 'user') return '';
  return message.content.map((part) => (part.type === 'text' ? part.text : '')).join(' ');
}

function isFinished(list: readonly ScriptedTodo[], scenario: Scenario): boolean {
  const completed = list.filter((todo) => todo.status === 'completed').length;
  return completed === list.length || (scenario.workLimit !== undefined && completed >= scenario.workLimit);
}

/** A task of the plan by its text: one of its tasks, or one its revisions add or rename to. */
export function taskOf(plan: ScriptedPlan, content: string): ScenarioTask | undefined {
  for (const task of plan.tasks) {
    if (task.content === content) return task;
    const revised = [...(task.then?.add ?? []), ...(task.then?.rename ?? []).map((rename) => rename.to)];
    const match = revised.find((candidate) => candidate.content === content);
    if (match !== undefined) return match;
  }
  return undefined;
}

/**
 * Completes the task in progress, applies the plan's revision for it (complete, rename, drop, add),
 * then starts the next pending task after it. Without a plan (the person's list), no revision.
 */
function advance(list: readonly ScriptedTodo[], plan: ScriptedPlan | undefined): ScriptedTodo[] {
  let todos = list.map((todo) => ({ content: todo.content, status: todo.status }));
  const current = todos.find((todo) => todo.status === 'in_progress');
  if (current !== undefined) {
    current.status = 'completed';
    const revision = plan === undefined ? undefined : taskOf(plan, current.content)?.then;
    if (revision !== undefined) todos = revise(todos, current, revision);
  }
  const from = current === undefined ? -1 : todos.indexOf(current);
  const next = todos.find((todo, index) => index > from && todo.status === 'pending');
  if (next !== undefined) next.status = 'in_progress';
  return todos;
}

/** Applies a revision around `current` (just completed); finished tasks are never dropped or renamed. */
function revise(todos: ScriptedTodo[], current: ScriptedTodo, revision: TaskRevision): ScriptedTodo[] {
  const open = (todo: ScriptedTodo): boolean => todo !== current && todo.status !== 'completed';
  for (const todo of todos) {
    if (open(todo) && revision.complete?.includes(todo.content)) todo.status = 'completed';
    const rename = revision.rename?.find((candidate) => candidate.from === todo.content);
    if (open(todo) && rename !== undefined) todo.content = rename.to.content;
  }
  const kept = todos.filter((todo) => !(open(todo) && revision.drop?.includes(todo.content)));
  const added = (revision.add ?? [])
    .filter((task) => !kept.some((todo) => todo.content === task.content))
    .map((task) => ({ content: task.content, status: 'pending' }));
  kept.splice(kept.indexOf(current) + 1, 0, ...added);
  return kept;
}

/**
 * A plan the person edited is worked in their order: the first open task starts, the others wait.
 * When that is already so, the first task is done in this step, as after a plain approval.
 */
function startEditedPlan(
  list: readonly ScriptedTodo[],
  plan: ScriptedPlan,
  findings: ReadonlyMap<string, string>,
): ScriptedStep {
  const intro = 'Working from your edited plan, in your order.';
  const first = list.find((todo) => todo.status !== 'completed');
  const todos = list.map((todo) => ({
    content: todo.content,
    status: todo.status === 'completed' ? 'completed' : todo === first ? 'in_progress' : 'pending',
  }));
  if (todos.some((todo, index) => todo.status !== list[index]!.status)) {
    return { text: `${intro} First: ${lowerFirst(first!.content)}.`, todos };
  }
  const step = advanceStep(list, plan, true, findings);
  return { text: `${intro} ${step.text}`, todos: step.todos };
}

/** The mistake: starts the next task while the current one is still in progress. */
function startNextKeepingCurrent(list: readonly ScriptedTodo[]): ScriptedTodo[] {
  const currentIndex = list.findIndex((todo) => todo.status === 'in_progress');
  const nextIndex = list.findIndex((todo, index) => index > currentIndex && todo.status === 'pending');
  return list.map((todo, index) => ({
    content: todo.content,
    status: index === nextIndex ? 'in_progress' : todo.status,
  }));
}

/** The mistake: gives the current task a status the schema does not know. */
function markCurrent(list: readonly ScriptedTodo[], status: string): ScriptedTodo[] {
  return list.map((todo) => ({ content: todo.content, status: todo.status === 'in_progress' ? status : todo.status }));
}

export function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** A tool call as the model sends it, its input as JSON. */
interface ToolCall {
  toolCallId: string;
  toolName: string;
  input: string;
}

/** Tool call ids count the calls already in the prompt, so they are unique within a conversation. */
function countToolCalls(prompt: ScriptedPrompt): number {
  let count = 0;
  for (const message of prompt) {
    if (message.role === 'assistant') count += message.content.filter((part) => part.type === 'tool-call').length;
  }
  return count;
}

function finishReasonOf(calls: readonly ToolCall[]): GenerateResult['finishReason'] {
  return calls.length === 0 ? { unified: 'stop', raw: 'stop' } : { unified: 'tool-calls', raw: 'tool_use' };
}

function usageOf(prompt: ScriptedPrompt, step: ScriptedStep): GenerateResult['usage'] {
  const inputTokens = Math.ceil(JSON.stringify(prompt).length / 4);
  const calls = step.todos ?? step.calls;
  const textTokens = Math.ceil((step.text.length + (calls ? JSON.stringify(calls).length : 0)) / 4);
  return {
    inputTokens: { total: inputTokens, noCache: inputTokens, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: textTokens, text: textTokens, reasoning: 0 },
  };
}

/** A stream part with the delay (at speed 1) to wait before it. */
interface TimedPart {
  delayMs: number;
  part: StreamPart;
}

/** The parts of one step, with realistic pacing: text in word-ish deltas, arguments in 1-7 characters. */
function streamPartsOf(
  step: ScriptedStep,
  prompt: ScriptedPrompt,
  stepId: string,
  calls: readonly ToolCall[],
): TimedPart[] {
  const random = seededRandom(hashString(`${stepId}:${step.text}`));
  const parts: TimedPart[] = [
    { delayMs: 0, part: { type: 'stream-start', warnings: [] } },
    {
      delayMs: 0,
      part: { type: 'response-metadata', id: `resp_${stepId}`, modelId: 'scripted', timestamp: new Date(0) },
    },
  ];
  const textId = `text_${stepId}`;
  parts.push({ delayMs: FIRST_DELTA_DELAY_MS, part: { type: 'text-start', id: textId } });
  for (const delta of splitText(step.text, random, 2, 9)) {
    parts.push({ delayMs: TEXT_DELTA_DELAY_MS, part: { type: 'text-delta', id: textId, delta } });
  }
  parts.push({ delayMs: 0, part: { type: 'text-end', id: textId } });
  for (const { toolCallId, toolName, input } of calls) {
    parts.push({ delayMs: TEXT_DELTA_DELAY_MS * 4, part: { type: 'tool-input-start', id: toolCallId, toolName } });
    for (const delta of splitText(input, random, 1, 7)) {
      parts.push({ delayMs: ARGUMENT_DELTA_DELAY_MS, part: { type: 'tool-input-delta', id: toolCallId, delta } });
    }
    parts.push({ delayMs: 0, part: { type: 'tool-input-end', id: toolCallId } });
    parts.push({ delayMs: 0, part: { type: 'tool-call', toolCallId, toolName, input } });
  }
  parts.push({
    delayMs: 0,
    part: { type: 'finish', finishReason: finishReasonOf(calls), usage: usageOf(prompt, step) },
  });
  return parts;
}

/** Splits text into pieces of `min`..`max` characters (never splitting a surrogate pair). */
function splitText(text: string, random: () => number, min: number, max: number): string[] {
  const characters = Array.from(text);
  const pieces: string[] = [];
  for (let start = 0; start < characters.length; ) {
    const size = min + Math.floor(random() * (max - min + 1));
    pieces.push(characters.slice(start, start + size).join(''));
    start += size;
  }
  return pieces;
}

/** Emits the parts with their delays; errors with the abort reason when `abortSignal` fires. */
function paceParts(
  parts: TimedPart[],
  scaleDelay: (delayMs: number) => number,
  abortSignal?: AbortSignal,
): ReadableStream<StreamPart> {
  let index = 0;
  return new ReadableStream<StreamPart>({
    async pull(controller) {
      const next = parts[index++];
      if (next === undefined) return controller.close();
      const delayMs = scaleDelay(next.delayMs);
      if (delayMs >= 1) await sleep(delayMs, abortSignal);
      // Very high speeds: still one task per delta, as from a network (never one long task).
      else if (delayMs > 0) await yieldToEventLoop();
      if (abortSignal?.aborted === true) return controller.error(abortSignal.reason);
      controller.enqueue(next.part);
    },
  });
}

/** Resolves in a new task, without setTimeout's 4 ms clamp. */
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

function sleep(delayMs: number, abortSignal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, delayMs);
    function done(): void {
      clearTimeout(timer);
      abortSignal?.removeEventListener('abort', done);
      resolve();
    }
    abortSignal?.addEventListener('abort', done, { once: true });
  });
}

function hashString(text: string): number {
  let hash = 2166136261;
  for (let index = 0; index < text.length; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 16777619);
  return hash >>> 0;
}
