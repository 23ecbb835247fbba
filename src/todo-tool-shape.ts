/**
 * How a checklist reads one tool's plan out of its calls: the tool's name, its input's field names
 * and what output means the plan was taken. `todo_write`'s own shape is the default.
 */
import { TODO_STATUSES } from './todo.js';

/** How a checklist reads one tool's plan from its calls. Pass it as `tool` to the readers and components. */
export interface TodoToolShape {
  /** The name the tool is registered under: `'todo_write'`, `'TodoWrite'`, `'write_todos'`, `'update_plan'`. */
  name: string;
  /** Key of the task array in the input (`'todos'`, `'plan'`, `'tasks'`). */
  list: string;
  /** Key of a task's text (`'content'`, `'description'`, `'step'`). */
  text: string;
  /** Key of a task's status. Default `'status'`. */
  status?: string;
  /** Whether a call's output means the plan was taken. Default: any output that is not an error. */
  isAccepted?: (output: unknown) => boolean;
}

/** `todo_write`'s own shape: accepted only when its counts came back (a string output is an error's text). */
export function todoWriteShape(name = 'todo_write'): TodoToolShape {
  return { name, list: 'todos', text: 'content', isAccepted: isTodoCounts };
}

/** The shape a `tool` option names: a string is `todo_write`'s shape under that name. Default `'todo_write'`. */
export function resolveTodoTool(tool: string | TodoToolShape | undefined): TodoToolShape {
  return typeof tool === 'object' && tool !== null ? tool : todoWriteShape(tool);
}

function isTodoCounts(output: unknown): boolean {
  return (
    typeof output === 'object' &&
    output !== null &&
    TODO_STATUSES.every((status) => typeof (output as Record<string, unknown>)[status] === 'number')
  );
}
