/**
 * Claude Code through the real `HarnessAgent`, the real `@ai-sdk/harness-claude-code` bridge and a stand-in for the
 * Claude Agent SDK's `query()`: each agent's plan apart on every snapshot, and the task tools' fold equal to Claude
 * Code's own list after every call.
 */
import type { UIMessage } from 'ai';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentTodoTools } from '../src/agents.js';
import { readTodos, selectTodoState, type TodoRow, type TodoRowStatus } from '../src/index.js';
import { type ClaudeCodeTurn, runClaudeCodeSession } from './support/claude-code-harness.js';
import { expectedRows, shownRows } from './support/claude-code/shown-tasks.js';
import {
  taskToolsSession,
  type Todo,
  todoWriteWithSubagent,
  todoWriteWithTwoSubagents,
} from './support/claude-code/scenarios.js';
import { asConversations, checkTodoSnapshots, type ConversationSnapshot } from './support/check-todo-snapshots.js';

/** Every conversation a chat client saw over the turns, each turn's messages before it included. */
function conversations(turns: readonly ClaudeCodeTurn[]): ConversationSnapshot[] {
  return turns.flatMap((turn) => asConversations(turn.messages.slice(0, -1), turn.snapshots));
}

const plain = (todos: readonly Todo[]) => todos.map(({ content, status }) => ({ content, status }));
const rowsOf = (state: { todos: readonly TodoRow<TodoRowStatus>[] }) =>
  state.todos.map(({ content, status }) => ({ content, status }));

describe("Claude Code's TodoWrite with an Agent subagent", () => {
  const tool = agentTodoTools.claudeCode;
  const scenario = todoWriteWithSubagent();
  let turns: ClaudeCodeTurn[];
  beforeAll(async () => {
    turns = await runClaudeCodeSession(scenario.turns);
  }, 60_000);

  it("never shows the subagent's list as the main plan, at any snapshot, and holds the streaming invariants", () => {
    const subagentTexts = new Set(scenario.subagentTodos.map((todo) => todo.content));
    const activeForms = [...scenario.mainTodos, ...scenario.subagentTodos].map((todo) => todo.activeForm);
    const states = checkTodoSnapshots(conversations(turns), tool, { activeForms });
    for (const state of states) for (const row of state.todos) expect(subagentTexts).not.toContain(row.content);
    const afterFirst = selectTodoState(turns[0]!.messages, { tool, status: 'ready' });
    expect(afterFirst.toolCallId).toBe('toolu_main_todo_2');
    expect(afterFirst.agents).toEqual(['toolu_agent_1']);
  });

  it("shows the subagent's plan under its Agent call, live on every snapshot while it runs", () => {
    const activeForms = scenario.subagentTodos.map((todo) => todo.activeForm);
    const states = checkTodoSnapshots(conversations(turns.slice(0, 1)), tool, { activeForms }, 'toolu_agent_1');
    expect(states.some((state) => state.live)).toBe(true);
    expect(rowsOf(states.at(-1)!)).toEqual(plain(scenario.subagentTodos));
    expect(states.at(-1)!.live).toBe(false);
  });

  it('replays the main plan after a reload: the same plan from the stored messages and from the model messages', () => {
    const stored: UIMessage[] = structuredClone(turns.at(-1)!.messages);
    expect(readTodos(stored, { tool })).toEqual(plain(scenario.mainTodos));
    expect(rowsOf(selectTodoState(stored, { tool, status: 'ready' }))).toEqual(plain(scenario.mainTodos));
  });
});

describe("Claude Code's TodoWrite with two Agent subagents at once", () => {
  const tool = agentTodoTools.claudeCode;
  const scenario = todoWriteWithTwoSubagents();
  let turns: ClaudeCodeTurn[];
  beforeAll(async () => {
    turns = await runClaudeCodeSession(scenario.turns);
  }, 60_000);

  it('keeps the main plan on every snapshot, and says the subagents of one step cannot be told apart', () => {
    const subagentTexts = new Set(
      Object.values(scenario.subagentTodos).flatMap((todos) => todos.map((todo) => todo.content)),
    );
    const activeForms = [scenario.mainTodos, ...Object.values(scenario.subagentTodos)]
      .flat()
      .map((todo) => todo.activeForm);
    const states = checkTodoSnapshots(conversations(turns), tool, { activeForms });
    for (const state of states) for (const row of state.todos) expect(subagentTexts).not.toContain(row.content);
    const final = states.at(-1)!;
    expect(rowsOf(final)).toEqual(plain(scenario.mainTodos));
    // Both Agent calls were open when the subagents' first calls came: their plans share one key.
    expect(final.agents).toEqual(['toolu_agent_api toolu_agent_ui']);
    const shared = selectTodoState(turns[0]!.messages, {
      tool,
      status: 'ready',
      agent: 'toolu_agent_api toolu_agent_ui',
    });
    expect(rowsOf(shared)).toEqual(plain(scenario.subagentTodos.toolu_agent_ui!));
  });
});

describe("Claude Code's task tools (TaskCreate, TaskUpdate, TaskList)", () => {
  const tool = agentTodoTools.claudeCodeTasks;
  const scenario = taskToolsSession();
  let turns: ClaudeCodeTurn[];
  beforeAll(async () => {
    turns = await runClaudeCodeSession(scenario.turns);
  }, 60_000);

  it("folds to Claude Code's own list after every call: creates, blockers, an owner, a subagent's updates, a delete, a failed update and a re-sync", () => {
    const conversation = turns.at(-1)!.messages;
    expect(scenario.calls.length).toBeGreaterThan(15);
    for (const call of scenario.calls) {
      const state = selectTodoState(conversation, { tool, status: 'ready', toolCallId: call.toolCallId });
      expect(shownRows(state.todos), `after ${call.toolCallId} (${call.content})`).toEqual(expectedRows(call.tasks));
      expect(state.phase, call.toolCallId).toBe(call.content === 'Task not found' ? 'rejected' : 'accepted');
    }
    expect(shownRows(selectTodoState(conversation, { tool, status: 'ready' }).todos)).toEqual(
      expectedRows(scenario.calls.at(-1)!.tasks),
    );
  });

  it('holds the streaming invariants on every snapshot, and a reload replays the same plan', () => {
    const activeForms = scenario.calls.flatMap((call) => call.tasks.map((task) => task.activeForm ?? ''));
    const states = checkTodoSnapshots(conversations(turns), tool, { activeForms });
    const final = scenario.calls.at(-1)!.tasks;
    expect(shownRows(states.at(-1)!.todos)).toEqual(expectedRows(final));
    const stored: UIMessage[] = structuredClone(turns.at(-1)!.messages);
    expect(readTodos(stored, { tool })).toEqual(
      expectedRows(final).map(({ content, status }) => ({ content, status })),
    );
    expect(shownRows(selectTodoState(stored, { tool, status: 'ready' }).todos)).toEqual(expectedRows(final));
  });

  it('shows a blocked task blocked, and unblocked once its blocker is completed', () => {
    const conversation = turns.at(-1)!.messages;
    const blocked = selectTodoState(conversation, { tool, status: 'ready', toolCallId: 'toolu_update_1' });
    expect(blocked.todos.find((row) => row.id === '3')).toMatchObject({
      status: 'blocked',
      blockedBy: ['2'],
      change: 'blocked',
    });
    const unblocked = selectTodoState(conversation, { tool, status: 'ready', toolCallId: 'toolu_sub_update_2' });
    expect(unblocked.todos.find((row) => row.id === '3')).toMatchObject({ status: 'pending', change: 'unblocked' });
    expect(unblocked.todos.find((row) => row.id === '2')).toMatchObject({
      status: 'completed',
      owner: 'limiter-writer',
    });
  });
});
