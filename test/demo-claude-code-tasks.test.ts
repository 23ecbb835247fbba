/**
 * The demo with Claude Code's task tools: its stand-in list answers as Claude Code's does, and its scripted agent
 * plans with TaskCreate, makes the third task wait on the second, claims and works through the tasks with TaskUpdate
 * and re-syncs with TaskList. After every call, the checklist's fold of the calls equals the stand-in's list.
 */
import { describe, expect, it } from 'vitest';
import { isToolUIPart, type UIMessage } from 'ai';
import { toActiveForm } from '../demo/agent/active-form.js';
import {
  type ClaudeCodeTaskList,
  createClaudeCodeTaskList,
  type TaskUpdateInput,
} from '../demo/agent/claude-code-task-list.js';
import { SUGGESTED_PROMPTS } from '../demo/agent/plan-request.js';
import { scenarios, type ScenarioId } from '../demo/agent/scenarios.js';
import { createScriptedTransport } from '../demo/src/scripted-transport.js';
import { agentTodoTools } from '../src/agents.js';
import { createTodoSelector } from '../src/index.js';
import { asConversations, checkTodoSnapshots } from './support/check-todo-snapshots.js';
import { expectedRows, shownRows } from './support/claude-code/shown-tasks.js';
import { runDemoTurn } from './support/demo-turn.js';

const shape = agentTodoTools.claudeCodeTasks;
const TASK_TOOLS = Object.values(shape.tasks) as string[];

type TaskPart = { type: string; toolCallId: string; state: string; input: Record<string, unknown>; output: unknown };

const taskParts = (message: UIMessage | undefined): TaskPart[] =>
  (message?.parts ?? []).filter(
    (part) => isToolUIPart(part) && TASK_TOOLS.includes(part.type.slice(5)),
  ) as unknown as TaskPart[];

const toolOf = (part: { type: string }): string => part.type.slice(5);

function send(list: ClaudeCodeTaskList, toolName: string, input: Record<string, unknown>): string {
  if (toolName === 'TaskCreate') return list.create(input as { subject: string; description: string }).content;
  if (toolName === 'TaskUpdate') return list.update(input as unknown as TaskUpdateInput).content;
  return list.list().content;
}

/**
 * Replays a message's task calls, in order, on a new stand-in list: each answers as it did in the run, and the
 * checklist read up to that call (the main plan, or `agent`'s) shows exactly the list.
 */
function expectFoldToFollowTheList(prompt: UIMessage[], message: UIMessage, agent?: string): number {
  const list = createClaudeCodeTaskList();
  let calls = 0;
  message.parts.forEach((part, at) => {
    if (!isToolUIPart(part) || !TASK_TOOLS.includes(toolOf(part))) return;
    const call = part as unknown as TaskPart;
    expect(send(list, toolOf(part), call.input), call.toolCallId).toBe(call.output);
    const upTo = { ...message, parts: message.parts.slice(0, at + 1) };
    const state = createTodoSelector({ tool: shape }).select([...prompt, upTo], { status: 'ready', agent });
    expect(shownRows(state.todos), `after ${call.toolCallId}`).toEqual(expectedRows(list.list().tasks));
    calls += 1;
  });
  return calls;
}

const transportFor = (id: ScenarioId) =>
  createScriptedTransport(
    scenarios[id],
    () => Infinity,
    () => false,
    'claude-code-tasks',
  );

describe("the demo's scripted agent with Claude Code's task tools", () => {
  it('creates every task at once, makes #3 wait on #2, claims and works the tasks in order, and ends with a TaskList', async () => {
    const { messages } = await runDemoTurn(transportFor('plan'), [], scenarios.plan.prompt);
    const agent = messages.at(-1)!;
    const tasks = scenarios.plan.tasks.map((task) => task.content);
    const steps = agent.parts
      .map((part) => (part.type === 'step-start' ? '|' : isToolUIPart(part) ? toolOf(part) : ''))
      .join(' ')
      .split('|')
      .map((step) => step.trim().replace(/\s+/g, ' '))
      .filter((step) => step !== '');
    expect(steps[0]).toBe(Array(tasks.length).fill('TaskCreate').join(' '));
    expect(steps.slice(1, 3)).toEqual(['TaskUpdate', 'TaskUpdate']);
    expect(steps.slice(3, -2)).toEqual(Array(tasks.length - 1).fill('TaskUpdate TaskUpdate'));
    expect(steps.slice(-2)).toEqual(['TaskUpdate', 'TaskList']);
    const calls = taskParts(agent);
    expect(calls.map((call) => call.state).every((state) => state === 'output-available')).toBe(true);
    expect(calls[tasks.length]!).toMatchObject({ input: { taskId: '3', addBlockedBy: ['2'] } });
    expect(calls[tasks.length + 1]!).toMatchObject({
      input: { taskId: '1', status: 'in_progress', owner: 'main' },
      output: 'Updated task #1 owner, status',
    });
    expect(calls.at(-1)!.output).toBe(tasks.map((task, at) => `#${at + 1} [completed] ${task} (main)`).join('\n'));
    const texts = agent.parts.filter((part) => part.type === 'text').map((part) => part.text);
    expect(texts.at(-1)).toBe(scenarios.plan.summary);
    // Claude Code's list has no rule against two tasks in progress: the scripted mistake is todo_write's alone.
    expect(calls.every((call) => !String(call.output).startsWith('Task not found'))).toBe(true);
  });

  // Every snapshot is read twice, by a kept selector and a fresh one: a loaded machine needs more than 5 s.
  it('shows #3 blocked by #2 until #2 is done, then pending, then claimed; every snapshot keeps the invariants', async () => {
    const { prompt, snapshots } = await runDemoTurn(transportFor('plan'), [], scenarios.plan.prompt);
    const activeForms = scenarios.plan.tasks.map((task) => toActiveForm(task.content));
    const states = checkTodoSnapshots(asConversations(prompt, snapshots), shape, { activeForms });
    const third = states.map((state) => state.todos.find((row) => row.id === '3'));
    const blocked = third.findIndex((row) => row?.status === 'blocked');
    const unblocked = third.findIndex((row, at) => at > blocked && row?.status !== 'blocked');
    expect(third[blocked]).toMatchObject({ content: scenarios.plan.tasks[2]!.content, blockedBy: ['2'] });
    expect(states[unblocked]!.todos.find((row) => row.id === '2')?.status).toBe('completed');
    expect(third.slice(unblocked).every((row) => row?.status !== 'blocked')).toBe(true);
    expect(third.some((row) => row?.status === 'in_progress' && row.owner === 'main')).toBe(true);
    expect(states.at(-1)!.todos.every((row) => row.status === 'completed' && row.owner === 'main')).toBe(true);
    expect(states.at(-1)!.live).toBe(false);
  }, 20_000);

  it.each(['plan', 'research', 'rejected', 'stop'] as const)(
    '%s: after every call the checklist shows exactly the stand-in list',
    async (id) => {
      const { prompt, messages } = await runDemoTurn(transportFor(id), [], scenarios[id].prompt);
      expect(expectFoldToFollowTheList(prompt, messages.at(-1)!)).toBeGreaterThan(scenarios[id].tasks.length * 2);
    },
  );

  it.each(SUGGESTED_PROMPTS)(
    '"%s": revisions as task calls (deleted, renamed, created along the way), the fold following the list',
    async (request) => {
      const { prompt, messages } = await runDemoTurn(transportFor('plan'), [], request);
      const agent = messages.at(-1)!;
      expectFoldToFollowTheList(prompt, agent);
      const state = createTodoSelector({ tool: shape }).select(messages, { status: 'ready' });
      expect(state.todos.every((row) => row.status === 'completed')).toBe(true);
      expect(state.phase).toBe('accepted');
    },
  );

  it('uses every kind of revision across the suggested requests', async () => {
    const kinds = new Set<string>();
    for (const request of SUGGESTED_PROMPTS) {
      const { messages } = await runDemoTurn(transportFor('plan'), [], request);
      const calls = taskParts(messages.at(-1));
      const created = calls.filter((call) => toolOf(call) === 'TaskCreate').length;
      if (created > planCount(calls)) kinds.add('created along the way');
      for (const call of calls) {
        if (call.input.status === 'deleted') kinds.add('deleted');
        if (call.input.subject !== undefined && toolOf(call) === 'TaskUpdate') kinds.add('renamed');
      }
    }
    expect([...kinds].sort()).toEqual(['created along the way', 'deleted', 'renamed']);
  });

  it('after Stop, "continue" picks up from the list the calls left, to the end', async () => {
    const transport = transportFor('stop');
    // Stopped while the agent writes an update once the first task is done.
    const stopped = await runDemoTurn(transport, [], scenarios.stop.prompt, {
      stopWhen: (message) => {
        const updates = taskParts(message).filter((call) => toolOf(call) === 'TaskUpdate');
        return updates[2]?.state === 'output-available' && updates.at(-1)!.state === 'input-streaming';
      },
    });
    expect(taskParts(stopped.messages.at(-1)).at(-1)!.state).toBe('input-streaming');
    const before = createTodoSelector({ tool: shape }).select(stopped.messages, { status: 'ready' });
    expect(before.todos.some((row) => row.status === 'completed')).toBe(true);
    expect(before.todos.every((row) => row.status === 'completed')).toBe(false);
    const resumed = await runDemoTurn(transport, stopped.messages, 'continue');
    const after = createTodoSelector({ tool: shape }).select(resumed.messages, { status: 'ready' });
    expect(after.todos.map((row) => row.content)).toEqual(scenarios.stop.tasks.map((task) => task.content));
    expect(after.todos.every((row) => row.status === 'completed')).toBe(true);
    expect(taskParts(resumed.messages.at(-1)).at(-1)!.output).toMatch(/^#1 \[completed\]/);
  });
});

/** How many tasks the first step created: the plan. */
function planCount(calls: TaskPart[]): number {
  const first = calls.findIndex((call) => toolOf(call) !== 'TaskCreate');
  return first < 0 ? calls.length : first;
}
