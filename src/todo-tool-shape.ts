/** How a checklist reads one tool's plan from its calls; `todo_write`'s own shape is the default. */
import { TODO_STATUSES, type TodoRowStatus, type TodoStatus } from './todo.js';

/** How a checklist reads a tool's plan; pass it as `tool` (see `agentTodoTools`). `Status`: the statuses it writes. */
export interface TodoToolShape<Status extends TodoRowStatus = TodoStatus> {
  /** The name the tool is registered under: `'todo_write'`, `'TodoWrite'`, `'write_todos'`, `'update_plan'`. */
  name: string;
  /** Key of the task array in the input (`'todos'`, `'plan'`, `'tasks'`). */
  list: string;
  /** Key of a task's text (`'content'`, `'description'`, `'step'`). */
  text: string;
  /** Key of a task's status. Default `'status'`. */
  status?: string;
  /** Every status the tool writes. Default the three; with `'cancelled'`, rows can be cancelled and count apart. */
  statuses?: readonly Status[];
  /** Key of a task's present-tense text (`'activeForm'`: "Running the tests"), shown while it is in progress. */
  activeForm?: string;
  /** Key of a note on the whole plan (Codex's `'explanation'`): the state's `explanation`. */
  explanation?: string;
  /** Whether a call's output means the plan was taken. Default: any output that is not an error. */
  isAccepted?: (output: unknown) => boolean;
}

/** `todo_write`'s own shape: accepted only when its counts came back (a string output is an error's text). */
export function todoWriteShape(name = 'todo_write'): TodoToolShape {
  return { name, list: 'todos', text: 'content', isAccepted: isTodoCounts };
}

/** The shape a `tool` option names: a string is `todo_write`'s shape under that name. Default `'todo_write'`. */
export function resolveTodoTool<Status extends TodoRowStatus = TodoStatus>(
  tool: string | TodoToolShape<Status> | undefined,
): TodoToolShape<Status> {
  return typeof tool === 'object' && tool !== null ? tool : (todoWriteShape(tool) as TodoToolShape<Status>);
}

export function statusesOf(shape: TodoToolShape<TodoRowStatus>): readonly TodoRowStatus[] {
  return shape.statuses ?? TODO_STATUSES;
}

function isTodoCounts(output: unknown): boolean {
  return (
    typeof output === 'object' &&
    output !== null &&
    TODO_STATUSES.every((status) => typeof (output as Record<string, unknown>)[status] === 'number')
  );
}
