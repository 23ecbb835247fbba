/** The vocabulary shared by the tool, the replay helpers and the UI. */

export const TODO_TOOL_NAME = 'todo_write';

/** The three states of a task, in the order a task moves through them. */
export const TODO_STATUSES = ['pending', 'in_progress', 'completed'] as const;

/** `pending` | `in_progress` | `completed` (the Agent Client Protocol's `PlanEntryStatus`). */
export type TodoStatus = (typeof TODO_STATUSES)[number];

/** A task's status on a checklist: the three, or `cancelled` for a tool that writes it (Gemini CLI, opencode). */
export type TodoRowStatus = TodoStatus | 'cancelled';

/** One task of the agent's list, exactly as the model writes it (`Status`: another tool's statuses). */
export interface Todo<Status extends TodoRowStatus = TodoStatus> {
  /** What the task is, in the model's words. Never empty, unique within a list (after trimming). */
  content: string;
  /** Where the task stands. */
  status: Status;
}

/** How many tasks are in each state. This is all the tool returns to the model. */
export interface TodoCounts {
  pending: number;
  in_progress: number;
  completed: number;
}

export function isTodoStatus(value: unknown): value is TodoStatus {
  return (TODO_STATUSES as readonly unknown[]).includes(value);
}

/** A row as the tool's own `Todo`: a status the tool does not write (another agent's `cancelled`) reads as `pending`. */
export function asTodo({ content, status }: { content: string; status: string }): Todo {
  return { content, status: isTodoStatus(status) ? status : 'pending' };
}

/** Counts the tasks in each state. The three counts always add up to `todos.length`. */
export function countTodos(todos: readonly Pick<Todo, 'status'>[]): TodoCounts {
  return countStatuses(todos, TODO_STATUSES);
}

export function countStatuses<Status extends string>(
  todos: readonly { status: string }[],
  statuses: readonly Status[],
): Record<Status, number> {
  const counts = {} as Record<string, number>;
  for (const status of statuses) counts[status] = 0;
  for (const { status } of todos) if (Object.hasOwn(counts, status)) counts[status]! += 1;
  return counts as Record<Status, number>;
}

/** The progress a checklist shows: completed tasks out of those not cancelled (a cancelled task will not be done). */
export function progressOf(todos: readonly { status: string }[]): { completed: number; total: number } {
  const { completed, cancelled } = countStatuses(todos, ['completed', 'cancelled']);
  return { completed, total: todos.length - cancelled };
}

/** A task's text on one line, as every reader shows it: trimmed, inner whitespace collapsed to one space. */
export function toOneLine(text: string): string {
  return String(text).trim().replace(/\s+/g, ' ');
}
