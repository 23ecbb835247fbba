/**
 * The demo's scripted coding agent: a `todo-write/testing` model whose every step is decided from the prompt.
 *
 * It does not replay a recording: on every step it reads the prompt it receives (the last accepted list, whether its
 * last call was rejected, what the user asked) and decides what to do next (`decideNextStep`).
 *
 * The scenario's own prompt gets the scenario's plan; any other request gets a plan about that request
 * (`planRequest`), which also scripts revisions: tasks finished together, added, dropped, renamed.
 * A task the plan hands to research is a `research` call first; the main model reads back only the
 * subagent's findings. `decide` swaps the whole-list tool for another way of planning (task-steps.ts).
 */
import type { LanguageModel } from 'ai';
import { validateTodos } from 'todo-write';
import { createScriptedModel, type ScriptedPrompt } from 'todo-write/testing';
import { toActiveForm } from './active-form.js';
import { planRequest } from './plan-request.js';
import { describeRevision, revisePlan } from './revise-plan.js';
import type { Scenario, ScenarioTask, ScriptedPlan, TaskRevision } from './scenarios.js';

/** The key of todo_write's output that holds a list the person edited: the model reads their plan there. */
const EDITED_OUTPUT_KEY = 'edited_by_user';

/** A todo as the scripted agent writes it. `status` is a string: the model can make mistakes. */
export interface AgentTodo {
  content: string;
  status: string;
}

/** What the agent does in one step: say something, then (maybe) call tools. */
export interface AgentStep {
  text: string;
  /** The list to send with the plan tool; absent when the agent ends its turn or calls other tools. */
  todos?: AgentTodo[];
  /** Other tool calls of the step, side by side, in order. */
  calls?: AgentCall[];
}

/** A tool call the agent makes, by the tool's registered name. */
export interface AgentCall {
  toolName: string;
  input: Record<string, unknown>;
}

/** The tool the main agent hands a research question to. */
export const RESEARCH_TOOL = 'research';

/** What the main model reads of a research run stopped before it finished. */
export const RESEARCH_STOPPED = 'The research was stopped before it finished.';

export interface CodingAgentOptions {
  scenario: Scenario;
  /**
   * Streaming speed multiplier (2 = twice as fast), or a function read before every delta so a UI can change it
   * mid-stream. `Infinity` streams without delays. Default 1.
   */
  speed?: number | (() => number);
  /** The tool name to call. Default `'todo_write'`. */
  toolName?: string;
  /** Writes each task's present tense as `activeForm`, as Claude Code's `TodoWrite` does. Default `false`. */
  activeForm?: boolean;
  /** Reported as `modelId`. Default `scripted-${scenario.id}`. */
  modelId?: string;
  /** Decides each step from the prompt. Default {@link decideNextStep}: the plan as one list per call. */
  decide?: (prompt: ScriptedPrompt, scenario: Scenario) => AgentStep;
  /** Starts every tool call id, so a subagent's ids differ from its parent's. Default `'call_scripted'`. */
  callIdPrefix?: string;
}

/** Delay before the first delta of a step (the model "thinking"), at speed 1. */
const FIRST_DELTA_DELAY_MS = 350;
/** Delay between two deltas, at speed 1. */
const DELTA_DELAY_MS = 25;
/** A user message that asks the agent to pick up where it stopped. */
export const CONTINUE_PATTERN = /\b(continue|resume|go on|keep going|retry|try again)\b/i;

/** Creates the scripted coding agent's model for one scenario. */
export function createCodingAgentModel(
  options: CodingAgentOptions,
): Extract<LanguageModel, { specificationVersion: 'v4' }> {
  const { scenario, toolName = 'todo_write', decide = decideNextStep, callIdPrefix = 'call_scripted' } = options;
  const planCall = (todos: AgentTodo[]): AgentCall => ({
    toolName,
    input: {
      todos: options.activeForm ? todos.map((todo) => ({ ...todo, activeForm: toActiveForm(todo.content) })) : todos,
    },
  });
  const pace = scenario.pace ?? 1;
  const readSpeed = (): number => {
    const speed = typeof options.speed === 'function' ? options.speed() : (options.speed ?? 1);
    return (Number.isFinite(speed) || speed === Infinity ? Math.max(speed, 0.05) : 1) / pace;
  };
  return createScriptedModel({
    steps: (prompt) => {
      const step = decide(prompt, scenario);
      return { text: step.text, toolCalls: step.todos === undefined ? (step.calls ?? []) : [planCall(step.todos)] };
    },
    speed: readSpeed,
    initialDelayInMs: FIRST_DELTA_DELAY_MS,
    chunkDelayInMs: DELTA_DELAY_MS,
    toolCallIdPrefix: callIdPrefix,
    modelId: options.modelId ?? `scripted-${scenario.id}`,
  });
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
export function decideNextStep(prompt: ScriptedPrompt, scenario: Scenario): AgentStep {
  const history = readAgentCalls(prompt);
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
  list: readonly AgentTodo[],
  plan: ScriptedPlan,
  personsPlan: boolean,
  findings: ReadonlyMap<string, string>,
): AgentStep {
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
): AgentStep | undefined {
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
function isPersonsList(list: readonly AgentTodo[], history: readonly TodoCall[]): boolean {
  const edit = history.findLast((call) => call.edited === true);
  if (edit === undefined || edit.todos.length !== list.length) return false;
  return edit.todos.every((todo, index) => todo.content === list[index]!.content);
}

/** Whose revisions apply when a list moves on: the scripted plan's, none for the person's. */
function revisionsFor(
  list: readonly AgentTodo[],
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
  todos: AgentTodo[];
  outcome: 'accepted' | 'rejected' | 'denied' | 'pending';
  error?: string;
  /** The person's words when they sent the plan back. */
  reason?: string;
  /** The person edited the list before approving it: `todos` is their list, read from the result. */
  edited?: boolean;
}

/** Every todo_write call in the prompt with its outcome, oldest first. */
function readAgentCalls(prompt: ScriptedPrompt): TodoCall[] {
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
            call.todos = (edited as AgentTodo[]).map(({ content, status }) => ({ content, status }));
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
function firstProblem(todos: readonly AgentTodo[], message: string): string {
  return validateTodos({ todos }).problems?.[0]?.message ?? message.split('\n')[0]!;
}

function isTodoInput(input: unknown): input is { todos: AgentTodo[] } {
  if (typeof input !== 'object' || input === null || !Array.isArray((input as { todos?: unknown }).todos)) return false;
  return (input as { todos: unknown[] }).todos.every(
    (todo) => typeof todo === 'object' && todo !== null && typeof (todo as AgentTodo).content === 'string',
  );
}

export function readUserText(message: ScriptedPrompt[number] | undefined): string {
  if (message?.role !== 'user') return '';
  return message.content.map((part) => (part.type === 'text' ? part.text : '')).join(' ');
}

function isFinished(list: readonly AgentTodo[], scenario: Scenario): boolean {
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
function advance(list: readonly AgentTodo[], plan: ScriptedPlan | undefined): AgentTodo[] {
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
function revise(todos: AgentTodo[], current: AgentTodo, revision: TaskRevision): AgentTodo[] {
  const open = (todo: AgentTodo): boolean => todo !== current && todo.status !== 'completed';
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
  list: readonly AgentTodo[],
  plan: ScriptedPlan,
  findings: ReadonlyMap<string, string>,
): AgentStep {
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
function startNextKeepingCurrent(list: readonly AgentTodo[]): AgentTodo[] {
  const currentIndex = list.findIndex((todo) => todo.status === 'in_progress');
  const nextIndex = list.findIndex((todo, index) => index > currentIndex && todo.status === 'pending');
  return list.map((todo, index) => ({
    content: todo.content,
    status: index === nextIndex ? 'in_progress' : todo.status,
  }));
}

/** The mistake: gives the current task a status the schema does not know. */
function markCurrent(list: readonly AgentTodo[], status: string): AgentTodo[] {
  return list.map((todo) => ({ content: todo.content, status: todo.status === 'in_progress' ? status : todo.status }));
}

export function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
