/** Claude Code's task list and the checklist's rows, in one form to compare: blockers are those not yet completed. */
import type { TodoRow, TodoRowStatus } from '../../../src/index.js';
import type { ClaudeCodeTask } from '../../../demo/agent/claude-code-task-list.js';

export type ShownTask = { id: string; content: string; status: string; owner?: string; blockedBy: string[] };

/** Claude Code's list as the checklist should show it: a pending task with an unfinished blocker is `blocked`. */
export function expectedRows(tasks: readonly ClaudeCodeTask[]): ShownTask[] {
  const open = new Set(tasks.filter((task) => task.status !== 'completed').map((task) => task.id));
  return tasks.map((task) => {
    const blockedBy = task.blockedBy.filter((id) => open.has(id));
    return {
      id: task.id,
      content: task.subject,
      status: task.status === 'pending' && blockedBy.length > 0 ? 'blocked' : task.status,
      owner: task.owner,
      blockedBy,
    };
  });
}

/** The checklist's rows, with the fields `expectedRows` gives. */
export function shownRows(todos: readonly TodoRow<TodoRowStatus>[]): ShownTask[] {
  const open = new Set(todos.filter((row) => row.status !== 'completed').map((row) => row.id));
  return todos.map((row) => ({
    id: row.id ?? '',
    content: row.content,
    status: row.status,
    owner: row.owner,
    blockedBy: (row.blockedBy ?? []).filter((id) => open.has(id)),
  }));
}
