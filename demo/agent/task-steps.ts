/**
 * The scripted agent's steps with Claude Code's task tools, for `createCodingAgentModel({ decide })`: a TaskCreate per
 * task, side by side; a dependency (TaskUpdate `addBlockedBy`: the third task waits on the second); each task claimed
 * and started, then completed with its plan's revisions, by TaskUpdate; and a TaskList re-sync once all is done.
 * Like `decideNextStep` it reads only the prompt: the list is what its calls' answers say.
 */
import type { ScriptedPrompt } from 'todo-write/testing';
import { toActiveForm } from './active-form.js';
import {
  CONTINUE_PATTERN,
  lowerFirst,
  noteOf,
  planFor,
  planOf,
  plansOf,
  readFindings,
  readUserText,
  researchStep,
  type AgentCall,
  type AgentStep,
  taskOf,
} from './coding-agent-model.js';
import type { Scenario, ScriptedPlan, TaskRevision } from './scenarios.js';

/** The names of Claude Code's task tools, as `agentTodoTools.claudeCodeTasks` reads them. */
export const TASK_TOOLS = { create: 'TaskCreate', update: 'TaskUpdate', list: 'TaskList' } as const;

/** A task as the model knows it from its own calls and their answers. */
export interface KnownTask {
  id: string;
  subject: string;
  status: string;
  blockedBy: string[];
}

/**
 * Decides the next step:
 * - a new request: a TaskCreate per task of its plan (on "continue" with tasks open: carry on instead);
 * - right after the creates: the third task is marked as waiting on the second;
 * - a task in progress: research first when the plan asks, else complete it (with the plan's revisions) and start
 *   the next task whose blockers are all done;
 * - no task in progress: start the next one; none left: re-sync with TaskList, then summarise.
 */
export function decideNextTaskStep(prompt: ScriptedPrompt, scenario: Scenario): AgentStep {
  const turnStart = prompt.findLastIndex((message) => message.role === 'user');
  const userText = readUserText(prompt[turnStart]);
  const { tasks, lastStep } = readTaskCalls(prompt, turnStart);
  const open = tasks.filter((task) => task.status !== 'completed');
  if (lastStep === undefined && !(open.length > 0 && CONTINUE_PATTERN.test(userText))) {
    return createStep(planFor(userText, scenario));
  }
  const plan = planOf(
    plansOf(prompt, scenario),
    open.map(({ subject }) => ({ content: subject })),
  );
  const created = lastStep?.every((name) => name === TASK_TOOLS.create) ? tasks.slice(-lastStep.length) : [];
  if (created.length >= 3) return dependencyStep(created[1]!, created[2]!);
  const findings = readFindings(prompt);
  const current = tasks.find((task) => task.status === 'in_progress');
  if (current)
    return researchStep(plan, current.subject, findings) ?? finishStep(tasks, current, plan, findings, scenario);
  const next = isDone(tasks, scenario) ? undefined : nextTask(tasks);
  if (next)
    return { text: `Starting with #${next.id}: ${lowerFirst(next.subject)}.`, calls: [startCall(next, scenario)] };
  if (!lastStep?.includes(TASK_TOOLS.list)) {
    return {
      text: 'That is everything. Checking the list once more.',
      calls: [{ toolName: TASK_TOOLS.list, input: {} }],
    };
  }
  return { text: plan.summary };
}

function createStep(plan: ScriptedPlan): AgentStep {
  return { text: plan.intro, calls: plan.tasks.map((task) => createCall(task.content)) };
}

function dependencyStep(blocker: KnownTask, waiting: KnownTask): AgentStep {
  return {
    text: `#${waiting.id} builds on #${blocker.id}, so it waits until #${blocker.id} is done.`,
    calls: [updateCall(waiting.id, { addBlockedBy: [blocker.id] })],
  };
}

/** Completes the task in progress with its plan's revisions, and starts the next task that can start. */
function finishStep(
  tasks: readonly KnownTask[],
  current: KnownTask,
  plan: ScriptedPlan,
  findings: ReadonlyMap<string, string>,
  scenario: Scenario,
): AgentStep {
  const revision = taskOf(plan, current.subject)?.then;
  const { calls, after } = revise(tasks, current, revision ?? {});
  const next = isDone(after, scenario) ? undefined : nextTask(after);
  const note = noteOf(plan, current.subject, false, findings);
  return {
    text: next ? `${note} Next: #${next.id}, ${lowerFirst(next.subject)}.` : `${note} That was the last task.`,
    calls: next ? [...calls, startCall(next, scenario)] : calls,
  };
}

/** The calls that complete `current` and apply a revision, and the list as the model expects it after them. */
function revise(
  tasks: readonly KnownTask[],
  current: KnownTask,
  revision: TaskRevision,
): { calls: AgentCall[]; after: KnownTask[] } {
  const calls = [updateCall(current.id, { status: 'completed' })];
  const after: KnownTask[] = [];
  for (const task of tasks) {
    const isOpen = task !== current && task.status !== 'completed';
    const renamed = isOpen ? revision.rename?.find((rename) => rename.from === task.subject)?.to.content : undefined;
    if (isOpen && revision.drop?.includes(task.subject)) {
      calls.push(updateCall(task.id, { status: 'deleted' }));
      continue;
    }
    if (isOpen && revision.complete?.includes(task.subject)) calls.push(updateCall(task.id, { status: 'completed' }));
    if (renamed !== undefined) calls.push(updateCall(task.id, { subject: renamed, activeForm: toActiveForm(renamed) }));
    const completes = task === current || (isOpen && revision.complete?.includes(task.subject) === true);
    after.push({ ...task, subject: renamed ?? task.subject, status: completes ? 'completed' : task.status });
  }
  // A task found along the way comes last: Claude Code lists tasks by id.
  for (const task of revision.add ?? []) {
    if (!after.some((known) => known.subject === task.content)) calls.push(createCall(task.content));
  }
  return { calls, after };
}

/** The first pending task, by id, whose blockers are all completed (or gone). */
function nextTask(tasks: readonly KnownTask[]): KnownTask | undefined {
  const unfinished = new Set(tasks.filter((task) => task.status !== 'completed').map((task) => task.id));
  return tasks.find((task) => task.status === 'pending' && !task.blockedBy.some((id) => unfinished.has(id)));
}

/** Whether the scenario stops here: its `workLimit` of completed tasks reached. */
function isDone(tasks: readonly KnownTask[], scenario: Scenario): boolean {
  const completed = tasks.filter((task) => task.status === 'completed').length;
  return scenario.workLimit !== undefined && completed >= scenario.workLimit;
}

function createCall(subject: string): AgentCall {
  return {
    toolName: TASK_TOOLS.create,
    input: { subject, description: `${subject}.`, activeForm: toActiveForm(subject) },
  };
}

/** Starts a task and claims it under the agent's name. */
function startCall(task: KnownTask, scenario: Scenario): AgentCall {
  return updateCall(task.id, { status: 'in_progress', owner: scenario.agentName ?? 'main' });
}

function updateCall(taskId: string, fields: Record<string, unknown>): AgentCall {
  return { toolName: TASK_TOOLS.update, input: { taskId, ...fields } };
}

/**
 * The list as the answers to the model's task calls tell it, oldest call first, and the tools of the turn's last step
 * (`undefined` before the turn's first). A call without its answer, or with a refusal, changed nothing.
 */
export function readTaskCalls(
  prompt: ScriptedPrompt,
  turnStart: number,
): { tasks: KnownTask[]; lastStep: string[] | undefined } {
  const inputs = new Map<string, { toolName: string; input: Record<string, unknown> }>();
  let tasks: KnownTask[] = [];
  let lastStep: string[] | undefined;
  prompt.forEach((message, at) => {
    if (message.role === 'assistant') {
      const calls = message.content.filter((part) => part.type === 'tool-call');
      for (const call of calls) inputs.set(call.toolCallId, { toolName: call.toolName, input: objectOf(call.input) });
      if (at > turnStart && calls.length > 0) lastStep = calls.map((call) => call.toolName);
    }
    if (message.role !== 'tool') return;
    for (const part of message.content) {
      const call = part.type === 'tool-result' ? inputs.get(part.toolCallId) : undefined;
      if (call && part.type === 'tool-result' && part.output.type === 'text')
        tasks = applyAnswer(tasks, call.toolName, call.input, part.output.value);
    }
  });
  return { tasks, lastStep };
}

/** One answered call laid over the list: a created task, or an update that went through. */
function applyAnswer(
  tasks: KnownTask[],
  toolName: string,
  input: Record<string, unknown>,
  answer: string,
): KnownTask[] {
  const created = toolName === TASK_TOOLS.create ? /^Task #(\S+) created successfully/.exec(answer) : null;
  if (created) return [...tasks, { id: created[1]!, subject: String(input.subject), status: 'pending', blockedBy: [] }];
  if (toolName !== TASK_TOOLS.update || !answer.startsWith('Updated task #')) return tasks;
  const taskId = String(input.taskId);
  if (input.status === 'deleted') return tasks.filter((task) => task.id !== taskId);
  return tasks.map((task) => {
    if (task.id !== taskId) return task;
    const blockedBy = Array.isArray(input.addBlockedBy) ? input.addBlockedBy.map(String) : [];
    return {
      ...task,
      subject: typeof input.subject === 'string' ? input.subject : task.subject,
      status: typeof input.status === 'string' ? input.status : task.status,
      blockedBy: [...task.blockedBy, ...blockedBy.filter((id) => !task.blockedBy.includes(id))],
    };
  });
}

function objectOf(input: unknown): Record<string, unknown> {
  return typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
}
