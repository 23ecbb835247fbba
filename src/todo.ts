/**
 * The vocabulary shared by the tool, the replay helpers and the UI.
 */

/** The name the tool is registered under by default: `tools: { todo_write: todoWrite }`. */
export const TODO_TOOL_NAME = 'todo_write';

/** The three states of a task, in the order a task moves through them. */
export const TODO_STATUSES = ['pending', 'in_progress', 'completed'] as const;

/** `pending` | `in_progress` | `completed` (the Agent Client Protocol's `PlanEntryStatus`). */
export type TodoStatus = (typeof TODO_STATUSES)[number];

/** One task of the agent's list, exactly as the model writes it. */
export interface Todo {
  /** What the task is, in the model's words. Never empty, unique within a list (after trimming). */
  content: string;
  /** Where the task stands. */
  status: TodoStatus;
}

/** How many tasks are in each state. This is all the tool returns to the model. */
export interface TodoCounts {
  pending: number;
  in_progress: number;
  completed: number;
}

/** True when `value` is exactly one of the three statuses (not a prefix such as `"in_prog"`). */
export function isTodoStatus(value: unknown): value is TodoStatus {
  return (TODO_STATUSES as readonly unknown[]).includes(value);
}

/** Counts the tasks in each state. The three counts always add up to `todos.length`. */
export function countTodos(todos: readonly Pick<Todo, 'status'>[]): TodoCounts {
  const counts: TodoCounts = { pending: 0, in_progress: 0, completed: 0 };
  for (const todo of todos) counts[todo.status] += 1;
  return counts;
}

/** A task's text on one line, as every reader shows it: trimmed, inner whitespace collapsed to one space. */
export function toOneLine(text: string): string {
  return String(text).trim().replace(/\s+/g, ' ');
}
