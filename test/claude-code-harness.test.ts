import { isToolUIPart, type UIMessage } from 'ai';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type ClaudeCodeTurn,
  createClaudeCodeTaskList,
  runClaudeCodeSession,
  type ScenarioTurn,
  TODO_WRITE_RESULT,
  taskToolsSession,
  todoWriteWithSubagent,
  todoWriteWithTwoSubagents,
} from './support/claude-code-harness.js';

const TURN_TIMEOUT_MS = 60_000;

// A part as one line: `step-start`, `text`, or the tool part's type and call id.
function sequence(message: UIMessage): string[] {
  return message.parts.map((part) => (isToolUIPart(part) ? `${part.type} ${part.toolCallId}` : part.type));
}

function toolParts(message: UIMessage) {
  return message.parts.filter(isToolUIPart);
}

function answer(turn: ClaudeCodeTurn): UIMessage {
  return turn.messages.at(-1)!;
}

// Which `Agent` call each scripted tool use ran under, read from the SDK messages.
function parentsOf(turns: ScenarioTurn[]): Map<string, string | null> {
  const parents = new Map<string, string | null>();
  for (const message of turns.flatMap((turn) => turn.sdkMessages)) {
    if (message.type !== 'assistant') continue;
    const { content } = message.message as { content: { type: string; id?: string }[] };
    for (const block of content) {
      if (block.type === 'tool_use') parents.set(block.id!, message.parent_tool_use_id as string | null);
    }
  }
  return parents;
}

describe('a TodoWrite plan with a subagent, replayed through the real harness bridge', () => {
  const scenario = todoWriteWithSubagent();
  let turns: ClaudeCodeTurn[];
  beforeAll(async () => {
    turns = await runClaudeCodeSession(scenario.turns);
  }, TURN_TIMEOUT_MS);

  it('comes out as typed parts, the subagent calls in the Agent step, its text dropped', () => {
    expect(sequence(answer(turns[0]!))).toEqual([
      'step-start',
      'text',
      'tool-TodoWrite toolu_main_todo_1',
      'step-start',
      'text',
      'tool-Agent toolu_agent_1',
      'tool-TodoWrite toolu_sub_todo_1',
      'tool-TodoWrite toolu_sub_todo_2',
      'step-start',
      'text',
      'tool-TodoWrite toolu_main_todo_2',
      'step-start',
      'text',
    ]);
    expect(
      answer(turns[0]!)
        .parts.filter((part) => part.type === 'text')
        .map((part) => part.text),
    ).not.toContain('The middleware sets maxAge from the config.');
  });

  it('has every call provider-executed, with the tool_result text as its output', () => {
    const parts = toolParts(answer(turns[0]!));
    expect(parts.every((part) => part.providerExecuted === true && part.state === 'output-available')).toBe(true);
    const todoWrites = parts.filter((part) => part.type === 'tool-TodoWrite');
    expect(todoWrites.map((part) => part.output)).toEqual(todoWrites.map(() => TODO_WRITE_RESULT));
    const agent = parts.find((part) => part.type === 'tool-Agent')!;
    expect(agent.input).toEqual({
      description: 'Investigate session expiry',
      prompt: 'Read the session middleware and report how the session expiry is computed.',
      subagent_type: 'general-purpose',
      run_in_background: false,
    });
    // The bridge joins the result's text blocks with nothing between them.
    expect(agent.output).toMatch(/milliseconds\.agentId: a1b2c3d4e5f60718 \(use SendMessage.*<\/usage>$/s);
  });

  it('shows the subagent calls while the Agent call is still open, with no step between', () => {
    const open = turns[0]!.snapshots.filter((snapshot) =>
      toolParts(snapshot).some((part) => part.type === 'tool-Agent' && part.state === 'input-available'),
    );
    const last = open.at(-1)!;
    const afterAgent = sequence(last).slice(sequence(last).indexOf('tool-Agent toolu_agent_1'));
    expect(afterAgent).toEqual([
      'tool-Agent toolu_agent_1',
      'tool-TodoWrite toolu_sub_todo_1',
      'tool-TodoWrite toolu_sub_todo_2',
    ]);
  });

  it('sends the calls whole: no input deltas, no dynamic parts', () => {
    const types = new Set(turns[0]!.chunks.map((chunk) => chunk.type));
    expect(types.has('tool-input-start')).toBe(false);
    expect(types.has('tool-input-delta')).toBe(false);
    expect(turns[0]!.snapshots.every((snapshot) => snapshot.parts.every((part) => part.type !== 'dynamic-tool'))).toBe(
      true,
    );
  });

  it('ends with the lists the scenario expects for each agent', () => {
    const parents = parentsOf(scenario.turns);
    const lastInput = (parent: string | null) =>
      turns
        .flatMap((turn) => toolParts(answer(turn)))
        .filter((part) => part.type === 'tool-TodoWrite' && parents.get(part.toolCallId) === parent)
        .at(-1)?.input;
    expect(lastInput(null)).toEqual({ todos: scenario.mainTodos });
    expect(lastInput('toolu_agent_1')).toEqual({ todos: scenario.subagentTodos });
  });

  it('runs a second turn on the messages the first one ended with', () => {
    const [first, second] = turns;
    expect(second!.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(second!.messages[1]).toEqual(answer(first!));
    expect(answer(second!).id).not.toBe(answer(first!).id);
    expect(sequence(answer(second!))).toEqual([
      'step-start',
      'tool-TodoWrite toolu_main_todo_3',
      'step-start',
      'tool-TodoWrite toolu_main_todo_4',
      'step-start',
      'text',
    ]);
  });
});

describe('two subagents started at once, replayed through the real harness bridge', () => {
  const scenario = todoWriteWithTwoSubagents();
  let turn: ClaudeCodeTurn;
  beforeAll(async () => {
    [turn] = (await runClaudeCodeSession(scenario.turns)) as [ClaudeCodeTurn];
  }, TURN_TIMEOUT_MS);

  it('puts both Agent calls first and their subagents calls after them, interleaved, in one step', () => {
    expect(sequence(answer(turn))).toEqual([
      'step-start',
      'tool-TodoWrite toolu_main_todo_1',
      'step-start',
      'tool-Agent toolu_agent_api',
      'tool-Agent toolu_agent_ui',
      'tool-TodoWrite toolu_api_todo_1',
      'tool-TodoWrite toolu_ui_todo_1',
      'tool-TodoWrite toolu_ui_todo_2',
      'tool-TodoWrite toolu_api_todo_2',
      'tool-TodoWrite toolu_ui_todo_3',
      'step-start',
      'tool-TodoWrite toolu_main_todo_2',
      'step-start',
      'text',
    ]);
  });

  it('ends with the lists the scenario expects for each agent', () => {
    const parents = parentsOf(scenario.turns);
    const lastInput = (parent: string | null) =>
      toolParts(answer(turn))
        .filter((part) => part.type === 'tool-TodoWrite' && parents.get(part.toolCallId) === parent)
        .at(-1)?.input;
    expect(lastInput(null)).toEqual({ todos: scenario.mainTodos });
    for (const [agent, todos] of Object.entries(scenario.subagentTodos)) {
      expect(lastInput(agent)).toEqual({ todos });
    }
  });
});

describe('a plan kept with the Task tools, replayed through the real harness bridge', () => {
  const scenario = taskToolsSession();
  let turns: ClaudeCodeTurn[];
  beforeAll(async () => {
    turns = await runClaudeCodeSession(scenario.turns);
  }, TURN_TIMEOUT_MS);

  it('comes out as tool-TaskCreate / -TaskUpdate / -TaskList / -Agent parts, step by step', () => {
    expect(sequence(answer(turns[0]!))).toEqual([
      'step-start',
      'text',
      'tool-TaskCreate toolu_create_1',
      'tool-TaskCreate toolu_create_2',
      'tool-TaskCreate toolu_create_3',
      'tool-TaskCreate toolu_create_4',
      'step-start',
      'tool-TaskUpdate toolu_update_1',
      'tool-TaskList toolu_list_1',
      'step-start',
      'tool-TaskUpdate toolu_update_2',
      'step-start',
      'tool-TaskUpdate toolu_update_3',
      'tool-TaskUpdate toolu_update_4',
      'step-start',
      'tool-Agent toolu_agent_1',
      'tool-TaskUpdate toolu_sub_update_1',
      'tool-TaskUpdate toolu_sub_update_2',
      'step-start',
      'text',
    ]);
    expect(sequence(answer(turns[1]!))).toEqual([
      'step-start',
      'tool-TaskUpdate toolu_update_5',
      'step-start',
      'tool-TaskUpdate toolu_update_6',
      'step-start',
      'tool-TaskList toolu_list_2',
      'step-start',
      'tool-TaskUpdate toolu_update_7',
      'step-start',
      'tool-TaskUpdate toolu_update_8',
      'step-start',
      'text',
    ]);
  });

  it('forwards each call with its input and Claude Code’s text as a string output', () => {
    const parts = turns.flatMap((turn) => toolParts(answer(turn))).filter((part) => part.type !== 'tool-Agent');
    expect(
      parts.map((part) => ({
        toolCallId: part.toolCallId,
        type: part.type,
        input: part.input,
        output: part.output,
        providerExecuted: part.providerExecuted,
      })),
    ).toEqual(
      scenario.calls.map((call) => ({
        toolCallId: call.toolCallId,
        type: `tool-${call.toolName}`,
        input: call.input,
        output: call.content,
        providerExecuted: true,
      })),
    );
  });

  it('keeps, after every call, the list Claude Code would hold', () => {
    const afterCall = (toolCallId: string) => scenario.calls.find((call) => call.toolCallId === toolCallId)!;
    expect(afterCall('toolu_list_1').content).toBe(
      [
        '#1 [pending] Read the auth middleware',
        '#2 [pending] Write the rate limiter',
        '#3 [pending] Add tests for the limiter [blocked by #2]',
        '#4 [pending] Update the changelog',
      ].join('\n'),
    );
    expect(afterCall('toolu_update_6')).toMatchObject({ content: 'Task not found' });
    expect(afterCall('toolu_list_2').content).toBe(
      [
        '#1 [completed] Read the auth middleware',
        '#2 [completed] Write the rate limiter (limiter-writer)',
        '#3 [pending] Add tests for the limiter',
      ].join('\n'),
    );
    expect(scenario.calls.at(-1)!.tasks.map(({ id, subject, status }) => ({ id, subject, status }))).toEqual([
      { id: '1', subject: 'Read the auth middleware', status: 'completed' },
      { id: '2', subject: 'Write the rate limiter', status: 'completed' },
      { id: '3', subject: 'Test the rate limiter', status: 'completed' },
    ]);
  });

  it('tags the subagent’s calls with the Agent call in the SDK messages only', () => {
    const parents = parentsOf(scenario.turns);
    expect(parents.get('toolu_sub_update_1')).toBe('toolu_agent_1');
    expect(parents.get('toolu_update_4')).toBe(null);
    expect(JSON.stringify(answer(turns[0]!))).not.toContain('parent_tool_use_id');
  });
});

describe("Claude Code 2.1.213's task list", () => {
  it('numbers tasks from 1, new ones pending and unlinked', () => {
    const list = createClaudeCodeTaskList();
    expect(list.create({ subject: 'Read', description: 'Read the code' })).toEqual({
      content: 'Task #1 created successfully: Read',
      toolUseResult: { task: { id: '1', subject: 'Read' } },
      tasks: [{ id: '1', subject: 'Read', description: 'Read the code', status: 'pending', blocks: [], blockedBy: [] }],
    });
    expect(list.create({ subject: 'Write', description: '', activeForm: 'Writing' }).tasks[1]).toEqual({
      id: '2',
      subject: 'Write',
      description: '',
      activeForm: 'Writing',
      status: 'pending',
      blocks: [],
      blockedBy: [],
    });
  });

  it('lists only the fields that changed, in its own order', () => {
    const list = createClaudeCodeTaskList();
    list.create({ subject: 'Read', description: 'Read the code' });
    expect(list.update({ taskId: '1', status: 'in_progress', owner: 'reader', subject: 'Read' })).toMatchObject({
      content: 'Updated task #1 owner, status',
      toolUseResult: {
        success: true,
        taskId: '1',
        updatedFields: ['owner', 'status'],
        statusChange: { from: 'pending', to: 'in_progress' },
      },
    });
    const unchanged = list.update({ taskId: '1', status: 'in_progress' });
    expect(unchanged.content).toBe('Updated task #1 ');
    expect(unchanged.toolUseResult).toEqual({ success: true, taskId: '1', updatedFields: [] });
  });

  it('fails an update of a task it does not have', () => {
    const list = createClaudeCodeTaskList();
    expect(list.update({ taskId: '9', status: 'completed' })).toEqual({
      content: 'Task not found',
      toolUseResult: { success: false, taskId: '9', updatedFields: [], error: 'Task not found' },
      tasks: [],
    });
  });

  it('links both sides of a dependency, once', () => {
    const list = createClaudeCodeTaskList();
    for (const subject of ['A', 'B', 'C']) list.create({ subject, description: '' });
    list.update({ taskId: '1', addBlocks: ['2'] });
    const call = list.update({ taskId: '3', addBlockedBy: ['2', '1'] });
    expect(call.content).toBe('Updated task #3 blockedBy');
    expect(call.tasks.map(({ id, blocks, blockedBy }) => ({ id, blocks, blockedBy }))).toEqual([
      { id: '1', blocks: ['2', '3'], blockedBy: [] },
      { id: '2', blocks: ['3'], blockedBy: ['1'] },
      { id: '3', blocks: [], blockedBy: ['2', '1'] },
    ]);
    expect(list.update({ taskId: '3', addBlockedBy: ['2'] }).content).toBe('Updated task #3 ');
  });

  it('deletes a task everywhere and never reuses its id', () => {
    const list = createClaudeCodeTaskList();
    for (const subject of ['A', 'B']) list.create({ subject, description: '' });
    list.update({ taskId: '2', addBlockedBy: ['1'] });
    const deleted = list.update({ taskId: '1', status: 'deleted', subject: 'ignored' });
    expect(deleted.content).toBe('Updated task #1 deleted');
    expect(deleted.toolUseResult).toEqual({
      success: true,
      taskId: '1',
      updatedFields: ['deleted'],
      statusChange: { from: 'pending', to: 'deleted' },
    });
    expect(deleted.tasks).toEqual([
      { id: '2', subject: 'B', description: '', status: 'pending', blocks: [], blockedBy: [] },
    ]);
    expect(list.create({ subject: 'C', description: '' }).content).toBe('Task #3 created successfully: C');
  });

  it('lists tasks with owners and open blockers only', () => {
    const list = createClaudeCodeTaskList();
    expect(list.list()).toEqual({ content: 'No tasks found', toolUseResult: { tasks: [] }, tasks: [] });
    for (const subject of ['A', 'B', 'C']) list.create({ subject, description: '' });
    list.update({ taskId: '3', addBlockedBy: ['1', '2'], owner: 'writer' });
    list.update({ taskId: '1', status: 'completed' });
    expect(list.list()).toMatchObject({
      content: '#1 [completed] A\n#2 [pending] B\n#3 [pending] C (writer) [blocked by #2]',
      toolUseResult: {
        tasks: [
          { id: '1', subject: 'A', status: 'completed', blockedBy: [] },
          { id: '2', subject: 'B', status: 'pending', blockedBy: [] },
          { id: '3', subject: 'C', status: 'pending', owner: 'writer', blockedBy: ['2'] },
        ],
      },
    });
  });
});
