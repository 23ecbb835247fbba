/**
 * How a plan is read from one agent's tool calls: a shape says where a call's tasks are and what an
 * output means; `bindTodoTool` binds it once into the reader that every helper takes.
 */
import type { TodoKeys } from './parse-todos.js';
import type { ChatStatus } from 'ai';
import type { Row } from './todo-row.js';
import { type TodoRowStatus, type TodoStatus, TODO_WRITE_STATUSES } from './todo-statuses.js';

/**
 * How a checklist reads a tool that writes the whole plan on every call; pass it as `tool` (see
 * `agentTodoTools`). `Status`: the statuses it writes.
 */
export interface TodoListToolShape<Status extends TodoRowStatus = TodoStatus> {
  /** The name the tool is registered under: `'todo_write'`, `'TodoWrite'`, `'write_todos'`, `'update_plan'`. */
  name: string;
  /** Key of the task array in the input (`'todos'`, `'plan'`, `'tasks'`). */
  list: string;
  /** Key of a task's text (`'content'`, `'description'`, `'step'`). */
  text: string;
  /** Key of a task's status. Default `'status'`. */
  status?: string;
  /** Every status the tool writes. Default `todo_write`'s three; a status outside them reads as `pending`. */
  statuses?: readonly Status[];
  /**
   * The names of the tools that hand work to a subagent whose plan calls reach the same message (deepagents'
   * `task`, Claude Code's `Agent`): a plan call in the step of one, that no metadata places, is the subagent's.
   * Default: none.
   */
  delegate?: readonly string[];
  tasks?: never;
  /** Key of a task's present-tense text (`'activeForm'`: "Running the tests"), shown while it is in progress. */
  activeForm?: string;
  /** Key of a note on the whole plan (Codex's `'explanation'`): the state's `explanation`. */
  explanation?: string;
  /**
   * The message of an output that refuses the call (`''` when it carries none), `undefined` when the output means
   * the plan was taken. Default: only an `Error` refuses (a failed call is usually an `output-error` part).
   */
  refusal?: (output: unknown) => string | undefined;
}

/**
 * How a checklist reads a plan written task by task, as Claude Code's task tools write it (`agentTodoTools.claudeCodeTasks`):
 * a create call adds a task and is answered with its id, an update call changes or deletes one task by id, a list
 * call's answer is the whole plan. A pending task with unfinished blockers shows as `blocked`.
 */
export interface TodoTaskToolsShape<Status extends TodoRowStatus = TodoStatus | 'blocked'> {
  /** The names of the tools. */
  tasks: { create: string; update: string; list: string };
  /** Every status a row can show: the tools' three and `blocked`. */
  statuses: readonly Status[];
  /** As in {@link TodoListToolShape.delegate}. */
  delegate?: readonly string[];
  /** How the tools' calls fold into one plan (opaque): `todo-write/agents` brings it, so no other app loads it. */
  readonly reader: object;
  name?: never;
  list?: never;
}

/** How a checklist reads one agent's plan tools: a tool that writes the whole plan, or task-by-task tools. */
export type TodoToolShape<Status extends TodoRowStatus = TodoStatus> =
  | TodoListToolShape<Status>
  | TodoTaskToolsShape<Status>;

/**
 * `todo_write` under another name or with other limits (the ones its tool was made with): the checklist's editor
 * and its notice of a rejected call hold a list to them. Pass the object you give `createTodoWrite`.
 */
export interface TodoWriteSettings {
  /** The name the tool is registered under. Default `'todo_write'`. */
  name?: string;
  /** Most tasks one list may hold. Default 50. */
  maxTodos?: number;
  /** Most characters one task's `content` may hold. Default 200. */
  maxContentLength?: number;
}

/** The `tool` option: `todo_write`'s name or settings, or another agent's shape. Default `'todo_write'`. */
export type TodoToolOption<Status extends TodoRowStatus = TodoStatus> =
  | string
  | TodoWriteSettings
  | TodoToolShape<Status>;

/**
 * The options of everything that reads a plan from a conversation (`readTodos`, `useTodos`, `<TodoList>`, the
 * selectors); each reads the fields it needs. `Status`: the statuses the tool writes, inferred from `tool`'s shape
 * (`todo_write`'s three when it names none).
 */
export interface TodoOptions<Status extends TodoRowStatus = TodoStatus> {
  /**
   * The name the tool is registered under, `todo_write`'s settings (the object you give `createTodoWrite`), or another
   * agent's shape (`todo-write/agents`; define it once, outside a component). Default `'todo_write'`.
   */
  tool?: TodoToolOption<Status> | undefined;
  /** `useChat().status`: a stopped call brings the last accepted plan back, and nothing spins once the chat ended. */
  status?: ChatStatus | undefined;
  /** The plan as this call left it. Default: the newest call's. */
  toolCallId?: string | undefined;
  /**
   * A subagent's plan instead of the main agent's: the id of the call that handed it the work, or a key from the
   * main state's `agents`. Default: the main plan.
   */
  agent?: string | undefined;
}

/** Default cap on tasks per list: a runaway guard, since the list is resent whole. */
export const DEFAULT_MAX_TODOS = 50;

/** Default cap on one task's `content`, in UTF-16 code units: one imperative line, about 50 tokens. */
export const DEFAULT_MAX_CONTENT_LENGTH = 200;

/** The limits a `todo_write` list is held to. */
export type TodoLimits = Required<Pick<TodoWriteSettings, 'maxTodos' | 'maxContentLength'>>;

/** The limits with their defaults; throws a `RangeError` naming `caller` for one that is not a positive integer. */
export function resolveTodoLimits(settings: TodoWriteSettings, caller: string): TodoLimits {
  const maxTodos = settings?.maxTodos ?? DEFAULT_MAX_TODOS;
  const maxContentLength = settings?.maxContentLength ?? DEFAULT_MAX_CONTENT_LENGTH;
  for (const [name, value] of [
    ['maxTodos', maxTodos],
    ['maxContentLength', maxContentLength],
  ] as const) {
    if (!Number.isInteger(value) || value < 1)
      throw new RangeError(`${caller}: ${name} must be a positive integer, got ${String(value)}.`);
  }
  return { maxTodos, maxContentLength };
}

/** A call as a task tool's fold reads it. */
export interface TaskCall {
  toolCallId: string;
  input: unknown;
  output: unknown;
}

/** One of a plan's tools, bound: how its calls are read. */
export type PlanTool = {
  readonly name: string;
  /** See {@link TodoListToolShape.refusal}. */
  refusal(output: unknown): string | undefined;
} & (
  | {
      /** Each call writes the whole plan. */
      readonly kind: 'plan';
      /**
       * The keys its plan is read from (the task array, each task's fields, the note on the whole plan): what
       * `parseTodos` reads, and where two inputs must agree to give the same plan (`isSameInput`).
       */
      readonly keys: TodoKeys;
      place?: never;
    }
  | {
      /** A task tool's kind: the plan is the fold of every call. */
      readonly kind: 'create' | 'update' | 'list';
      keys?: never;
      /**
       * The call laid over the rows before it, every row marked with what the call did (`undefined` when it leaves
       * the plan as it was); while `isPartial` only the fields written whole count.
       */
      place(call: TaskCall, before: readonly Row[], isPartial: boolean): { todos: Row[]; removed: Row[] } | undefined;
    }
);

/** A shape bound once: everything that reads a plan takes this, never the loose shape. */
export interface BoundShape {
  /** Every status the plan's tools write. */
  readonly statuses: readonly TodoRowStatus[];
  /** The limits of `todo_write`'s own shape; `undefined` for another agent's tool. */
  readonly limits: TodoLimits | undefined;
  /** The plan tool named `toolName`, `undefined` for any other tool. */
  toolOf(toolName: unknown): PlanTool | undefined;
  /** Whether `toolName` hands work to a subagent (the shape's `delegate`). */
  delegates(toolName: unknown): boolean;
}

/** The tool name of a UI tool part (`tool-${name}`, or a dynamic tool's), `undefined` for any other part. */
export function toolNameOfPart(part: unknown): string | undefined {
  const { type, toolName } = (part ?? {}) as { type?: unknown; toolName?: unknown };
  if (typeof type !== 'string') return undefined;
  if (type === 'dynamic-tool') return typeof toolName === 'string' ? toolName : undefined;
  return type.startsWith('tool-') ? type.slice(5) : undefined;
}

/** `todo_write`'s own: accepted only when its counts came back (a string output is an error's text). */
function todoWriteRefusal(output: unknown): string | undefined {
  const counts = output as Record<string, unknown> | null;
  if (
    typeof counts === 'object' &&
    counts !== null &&
    TODO_WRITE_STATUSES.every((key) => typeof counts[key] === 'number')
  )
    return undefined;
  return typeof output === 'string' ? output : '';
}

const errorRefusal = (output: unknown): string | undefined => (output instanceof Error ? output.message : undefined);

/** Binds the `tool` option once: a name or settings are `todo_write`'s shape, a shape is read as it says. */
export function bindTodoTool(option: TodoToolOption<TodoRowStatus> | undefined): BoundShape {
  const isShape = typeof option === 'object' && option !== null && ('list' in option || 'tasks' in option);
  const delegate = isShape ? ((option as TodoToolShape<TodoRowStatus>).delegate ?? []) : [];
  const common = { delegates: (toolName: unknown) => delegate.includes(toolName as string) };
  if (isShape && 'tasks' in option) {
    const shape = option as TodoTaskToolsShape<TodoRowStatus>;
    return { ...common, ...(shape.reader as BindTaskTools)(shape) };
  }
  const settings: TodoWriteSettings = typeof option === 'string' ? { name: option } : isShape ? {} : (option ?? {});
  const shape = isShape
    ? (option as TodoListToolShape<TodoRowStatus>)
    : { name: settings.name ?? 'todo_write', list: 'todos', text: 'content', refusal: todoWriteRefusal };
  const statuses = shape.statuses ?? TODO_WRITE_STATUSES;
  const { list, text, activeForm, explanation } = shape;
  const keys = { list, text, status: shape.status ?? 'status', activeForm, explanation, statuses };
  const tool: PlanTool = {
    name: shape.name,
    kind: 'plan',
    refusal: shape.refusal ?? errorRefusal,
    keys,
  };
  return {
    ...common,
    statuses,
    limits: isShape ? undefined : resolveTodoLimits(settings, 'tool'),
    toolOf: (toolName) => (toolName === shape.name ? tool : undefined),
  };
}

/** What a task-tools shape's `reader` is: it binds the shape's tools. */
export type BindTaskTools = (shape: TodoTaskToolsShape<TodoRowStatus>) => Omit<BoundShape, 'delegates'>;
