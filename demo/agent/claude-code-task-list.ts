/**
 * Claude Code's task list as its TaskCreate, TaskUpdate and TaskList tools keep it, and the texts they answer with
 * (Claude Code 2.1.213, as `@ai-sdk/harness-claude-code` 1.0.41 forwards a result: its text). The demo's stand-in
 * tools call it; the scripted agent reads only the texts.
 *
 * No runtime imports: plain Node 24, Vite and Next.js can all load it.
 */

export type TaskStatus = 'pending' | 'in_progress' | 'completed';

/** A task as Claude Code keeps it. */
export interface StoredTask {
  id: string;
  subject: string;
  description: string;
  activeForm?: string;
  status: TaskStatus;
  owner?: string;
  blocks: string[];
  blockedBy: string[];
}

export interface TaskCreateInput {
  subject: string;
  description: string;
  activeForm?: string | undefined;
}

export interface TaskUpdateInput {
  taskId: string;
  subject?: string | undefined;
  description?: string | undefined;
  activeForm?: string | undefined;
  status?: TaskStatus | 'deleted' | undefined;
  addBlocks?: string[] | undefined;
  addBlockedBy?: string[] | undefined;
  owner?: string | undefined;
}

export interface ClaudeCodeTaskList {
  /** Adds a pending task with the next id: `Task #3 created successfully: Subject`. */
  create(input: TaskCreateInput): string;
  /** Changes what differs and links both sides: `Updated task #3 owner, status`, or `Task not found`. */
  update(input: TaskUpdateInput): string;
  /** A line per task with its owner and unfinished blockers: `#3 [pending] Subject (main) [blocked by #2]`. */
  list(): string;
  /** The tasks as stored, in id order (copies). */
  tasks(): StoredTask[];
}

/** The fields an update may change, in the order Claude Code names them. */
const UPDATED_FIELDS = ['subject', 'description', 'activeForm', 'owner', 'status'] as const;

/** An empty list. Ids count up from "1" and are never reused, even after a delete. */
export function createClaudeCodeTaskList(): ClaudeCodeTaskList {
  const stored = new Map<string, StoredTask>();
  let highestId = 0;
  const tasks = (): StoredTask[] =>
    [...stored.values()]
      .sort((a, b) => Number(a.id) - Number(b.id))
      .map((task) => ({ ...task, blocks: [...task.blocks], blockedBy: [...task.blockedBy] }));
  return {
    tasks,
    create({ subject, description, activeForm }) {
      highestId += 1;
      const id = String(highestId);
      stored.set(id, {
        id,
        subject,
        description,
        ...(activeForm === undefined ? {} : { activeForm }),
        status: 'pending',
        blocks: [],
        blockedBy: [],
      });
      return `Task #${id} created successfully: ${subject}`;
    },
    update(input) {
      const task = stored.get(input.taskId);
      if (task === undefined) return 'Task not found';
      if (input.status === 'deleted') {
        stored.delete(task.id);
        for (const other of stored.values()) unlink(other, task.id);
        return `Updated task #${task.id} deleted`;
      }
      return `Updated task #${task.id} ${change(stored, task, input).join(', ')}`;
    },
    list() {
      const all = tasks();
      if (all.length === 0) return 'No tasks found';
      const completed = new Set(all.filter((task) => task.status === 'completed').map((task) => task.id));
      return all.map((task) => listLine(task, completed)).join('\n');
    },
  };
}

/** Changes the fields that differ, then adds the links; returns the names of what changed. */
function change(stored: Map<string, StoredTask>, task: StoredTask, input: TaskUpdateInput): string[] {
  const changed: string[] = [];
  for (const field of UPDATED_FIELDS) {
    const value = input[field];
    if (value === undefined || value === task[field]) continue;
    Object.assign(task, { [field]: value });
    changed.push(field);
  }
  const blocks = (input.addBlocks ?? []).filter((id) => !task.blocks.includes(id));
  for (const id of blocks) link(stored, task.id, id);
  if (blocks.length > 0) changed.push('blocks');
  const blockedBy = (input.addBlockedBy ?? []).filter((id) => !task.blockedBy.includes(id));
  for (const id of blockedBy) link(stored, id, task.id);
  if (blockedBy.length > 0) changed.push('blockedBy');
  return changed;
}

// Both sides or neither: a link to a missing task is skipped, though the field still counts as updated.
function link(stored: Map<string, StoredTask>, blocker: string, blocked: string): void {
  const from = stored.get(blocker);
  const to = stored.get(blocked);
  if (!from || !to) return;
  if (!from.blocks.includes(blocked)) from.blocks.push(blocked);
  if (!to.blockedBy.includes(blocker)) to.blockedBy.push(blocker);
}

function unlink(task: StoredTask, id: string): void {
  task.blocks = task.blocks.filter((each) => each !== id);
  task.blockedBy = task.blockedBy.filter((each) => each !== id);
}

function listLine(task: StoredTask, completed: ReadonlySet<string>): string {
  const owner = task.owner ? ` (${task.owner})` : '';
  const open = task.blockedBy.filter((id) => !completed.has(id));
  const blocked = open.length > 0 ? ` [blocked by ${open.map((id) => `#${id}`).join(', ')}]` : '';
  return `#${task.id} [${task.status}] ${task.subject}${owner}${blocked}`;
}
