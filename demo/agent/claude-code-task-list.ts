/**
 * Claude Code's task list as its TaskCreate, TaskUpdate and TaskList tools keep it, with the text and the structured
 * output each call sends back. Formats and rules are those of Claude Code 2.1.213 (the CLI inside
 * `@anthropic-ai/claude-agent-sdk` 0.3.213, which `@ai-sdk/harness-claude-code` 1.0.41 installs and whose text it
 * forwards as a part's output). The demo's stand-in tools answer with the text; the tests replay the whole answer.
 *
 * No runtime imports: plain Node 24, Vite and the tests all load it.
 */

export type ClaudeCodeTaskStatus = 'pending' | 'in_progress' | 'completed';

/** A task as Claude Code stores it (`~/.claude/tasks/<list>/<id>.json`). */
export type ClaudeCodeTask = {
  id: string;
  subject: string;
  description: string;
  activeForm?: string;
  status: ClaudeCodeTaskStatus;
  owner?: string;
  blocks: string[];
  blockedBy: string[];
};

export type TaskCreateInput = { subject: string; description: string; activeForm?: string };

export type TaskUpdateInput = {
  taskId: string;
  subject?: string;
  description?: string;
  activeForm?: string;
  status?: ClaudeCodeTaskStatus | 'deleted';
  addBlocks?: string[];
  addBlockedBy?: string[];
  owner?: string;
};

export type TaskCreateOutput = { task: { id: string; subject: string } };

export type TaskUpdateOutput = {
  success: boolean;
  taskId: string;
  updatedFields: string[];
  error?: string;
  statusChange?: { from: string; to: string };
};

export type TaskListOutput = {
  tasks: { id: string; subject: string; status: ClaudeCodeTaskStatus; owner?: string; blockedBy: string[] }[];
};

/** What one call sends back: the `tool_result` text, the `tool_use_result` object, and the list after it. */
export type TaskCall<OUTPUT> = { content: string; toolUseResult: OUTPUT; tasks: ClaudeCodeTask[] };

export type ClaudeCodeTaskList = {
  /** TaskCreate: a pending task with the next id. */
  create: (input: TaskCreateInput) => TaskCall<TaskCreateOutput>;
  /**
   * TaskUpdate: changes the fields that differ and adds links on both sides; `deleted` removes the task and
   * its links. An unknown id fails with `error: "Task not found"`, which is also the text (not `Task #9 not found`).
   */
  update: (input: TaskUpdateInput) => TaskCall<TaskUpdateOutput>;
  /** TaskList: a line per task, with its owner and the blockers not yet completed. */
  list: () => TaskCall<TaskListOutput>;
};

/** An empty task list. Ids count up from "1" and are never reused, even after a delete. */
export function createClaudeCodeTaskList(): ClaudeCodeTaskList {
  const tasks = new Map<string, ClaudeCodeTask>();
  let highestId = 0;
  const snapshot = (): ClaudeCodeTask[] =>
    [...tasks.values()]
      .sort((a, b) => Number(a.id) - Number(b.id))
      .map((task) => ({ ...task, blocks: [...task.blocks], blockedBy: [...task.blockedBy] }));
  const call = <OUTPUT>(content: string, toolUseResult: OUTPUT): TaskCall<OUTPUT> => ({
    content,
    toolUseResult,
    tasks: snapshot(),
  });

  const create = ({ subject, description, activeForm }: TaskCreateInput) => {
    highestId += 1;
    const id = String(highestId);
    const optional = activeForm === undefined ? {} : { activeForm };
    tasks.set(id, { id, subject, description, ...optional, status: 'pending', blocks: [], blockedBy: [] });
    return call(`Task #${id} created successfully: ${subject}`, { task: { id, subject } });
  };

  const update = (input: TaskUpdateInput) => {
    const task = tasks.get(input.taskId);
    const output = !task
      ? { success: false, taskId: input.taskId, updatedFields: [], error: 'Task not found' }
      : input.status === 'deleted'
        ? remove(tasks, task)
        : change(tasks, task, input);
    return call(updateText(output), output);
  };

  const list = () => {
    const shown = snapshot();
    const completed = new Set(shown.filter((task) => task.status === 'completed').map((task) => task.id));
    const rows = shown.map(({ id, subject, status, owner, blockedBy }) => ({
      id,
      subject,
      status,
      ...(owner ? { owner } : {}),
      blockedBy: blockedBy.filter((blocker) => !completed.has(blocker)),
    }));
    return call(rows.length === 0 ? 'No tasks found' : rows.map(taskLine).join('\n'), { tasks: rows });
  };

  return { create, update, list };
}

// Fields are compared with the stored task and listed in Claude Code's order; a delete ignores the rest.
function change(tasks: Map<string, ClaudeCodeTask>, task: ClaudeCodeTask, input: TaskUpdateInput): TaskUpdateOutput {
  const before = { ...task, blocks: [...task.blocks], blockedBy: [...task.blockedBy] };
  const updatedFields: string[] = [];
  for (const field of ['subject', 'description', 'activeForm', 'owner', 'status'] as const) {
    const value = input[field];
    if (value === undefined || value === task[field]) continue;
    Object.assign(task, { [field]: value });
    updatedFields.push(field);
  }
  const blocks = (input.addBlocks ?? []).filter((id) => !before.blocks.includes(id));
  for (const id of blocks) link(tasks, { blocker: task.id, blocked: id });
  if (blocks.length > 0) updatedFields.push('blocks');
  const blockedBy = (input.addBlockedBy ?? []).filter((id) => !before.blockedBy.includes(id));
  for (const id of blockedBy) link(tasks, { blocker: id, blocked: task.id });
  if (blockedBy.length > 0) updatedFields.push('blockedBy');
  const statusChanged = updatedFields.includes('status');
  return {
    success: true,
    taskId: task.id,
    updatedFields,
    ...(statusChanged ? { statusChange: { from: before.status, to: task.status } } : {}),
  };
}

function remove(tasks: Map<string, ClaudeCodeTask>, task: ClaudeCodeTask): TaskUpdateOutput {
  tasks.delete(task.id);
  for (const other of tasks.values()) {
    other.blocks = other.blocks.filter((id) => id !== task.id);
    other.blockedBy = other.blockedBy.filter((id) => id !== task.id);
  }
  return {
    success: true,
    taskId: task.id,
    updatedFields: ['deleted'],
    statusChange: { from: task.status, to: 'deleted' },
  };
}

// Both sides or neither: a link to a missing task is skipped, though the field still counts as updated.
function link(tasks: Map<string, ClaudeCodeTask>, { blocker, blocked }: { blocker: string; blocked: string }): void {
  const from = tasks.get(blocker);
  const to = tasks.get(blocked);
  if (!from || !to) return;
  if (!from.blocks.includes(blocked)) from.blocks.push(blocked);
  if (!to.blockedBy.includes(blocker)) to.blockedBy.push(blocker);
}

function updateText({ success, taskId, updatedFields, error }: TaskUpdateOutput): string {
  if (!success) return error ?? 'Task not found';
  return `Updated task #${taskId} ${updatedFields.join(', ')}`;
}

function taskLine({ id, subject, status, owner, blockedBy }: TaskListOutput['tasks'][number]): string {
  const ownerText = owner ? ` (${owner})` : '';
  const blockedText =
    blockedBy.length > 0 ? ` [blocked by ${blockedBy.map((blocker) => `#${blocker}`).join(', ')}]` : '';
  return `#${id} [${status}] ${subject}${ownerText}${blockedText}`;
}
