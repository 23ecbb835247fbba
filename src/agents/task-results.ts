/**
 * What the answers of task-by-task tools (Claude Code's `TaskCreate`, `TaskUpdate`, `TaskList`) say. Formats read
 * from Claude Code 2.1.213 (`@anthropic-ai/claude-agent-sdk` 0.3.213) as `@ai-sdk/harness-claude-code` 1.0.41
 * forwards them (the result's text) and as later bridges do (its object).
 */
import { unwrapJsonString } from '../plan/parse-todos.js';
import type { TodoRowStatus } from '../plan/todo-statuses.js';

/** What a task tool does: add a task, change one, or tell the whole list. */
export type TaskToolKind = 'create' | 'update' | 'list';

/** A task as a list result tells it. */
export interface ListedTask {
  id: string;
  subject: string;
  status: TodoRowStatus;
  owner: string | undefined;
  blockedBy: readonly string[];
  /** A text answer's subject and owner as one line wrote them: `Update the docs (README)` may be either. */
  written?: string;
}

export const STORED: readonly TodoRowStatus[] = ['pending', 'in_progress', 'completed'];

export const record = (value: unknown): Record<string, unknown> | undefined => {
  const object = unwrapJsonString(value);
  return typeof object === 'object' && object !== null && !Array.isArray(object)
    ? (object as Record<string, unknown>)
    : undefined;
};
export const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;
export const taskId = (value: unknown): string | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? String(value) : text(value)?.trim().replace(/^#/, '');
export const taskIds = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(taskId).filter((each): each is string => each !== undefined) : [];

/** The new task's id: `{ task: { id } }`, or the text `Task #3 created successfully: …`. */
export function createdId(output: unknown): string | undefined {
  const task = record(record(output)?.task);
  if (task) return taskId(task.id);
  return typeof output === 'string' ? /^\s*Task #(\S+) created successfully/.exec(output)?.[1] : undefined;
}

/** Whether an update went through: `{ success: true }`, or the text `Updated task #3 …`. */
function isUpdated(output: unknown): boolean {
  const result = record(output);
  if (result) return result.success === true;
  return typeof output === 'string' && /^\s*Updated task #/.test(output);
}

const LIST_LINE = /^#(\S+) \[(\w+)\] ((.*?)(?: \(([^()]*)\))?)(?: \[blocked by ((?:#\S+)(?:, #\S+)*)\])?$/;

/** The whole list a list call answered: `{ tasks: [...] }`, or its lines; `undefined` when it reads as neither. */
export function listedTasks(output: unknown): ListedTask[] | undefined {
  const tasks = record(output)?.tasks;
  if (Array.isArray(tasks)) return tasks.flatMap((each) => listedTask(record(each)));
  if (typeof output !== 'string') return undefined;
  if (output.trim() === 'No tasks found') return [];
  const lines = output.split('\n').filter((line) => line.trim() !== '');
  const found = lines.flatMap((line) => {
    const match = LIST_LINE.exec(line.trim());
    return match
      ? listedTask({
          id: match[1],
          status: match[2],
          subject: match[4],
          owner: match[5],
          blockedBy: match[6]?.split(', '),
        }).map((task) => (task.owner === undefined ? task : { ...task, written: match[3] }))
      : [];
  });
  return found.length > 0 ? found : undefined;
}

function listedTask(task: Record<string, unknown> | undefined): ListedTask[] {
  const id = taskId(task?.id);
  const subject = text(task?.subject);
  if (id === undefined || subject === undefined) return [];
  const status = STORED.includes(task?.status as TodoRowStatus) ? (task?.status as TodoRowStatus) : 'pending';
  return [{ id, subject, status, owner: text(task?.owner), blockedBy: taskIds(task?.blockedBy) }];
}

/** What a task tool's answer says went wrong; `undefined` when it did what was asked. */
export function taskRefusal(kind: TaskToolKind, output: unknown): string | undefined {
  const ok =
    kind === 'create'
      ? createdId(output) !== undefined
      : kind === 'update'
        ? isUpdated(output)
        : listedTasks(output) !== undefined;
  if (ok) return undefined;
  if (output instanceof Error) return output.message;
  return typeof output === 'string' ? output : (text(record(output)?.error) ?? '');
}
