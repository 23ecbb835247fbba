/** `createTodoWrite` / `todoWrite`: the tool's description, JSON schema, `execute` and its write queue. */
import { jsonSchema, type JSONSchema7, type ModelMessage, type Tool, tool } from 'ai';
import { readTodoArray } from '../plan/parse-todos.js';
import { countTodos, type Todo, type TodoCounts } from '../plan/todo-statuses.js';
import { resolveTodoLimits, type TodoWriteSettings } from '../plan/todo-tool-shape.js';
import {
  NOT_SAVED_INTERRUPTED,
  NOT_SAVED_NO_CONVERSATION,
  NOT_SAVED_NOT_STORED,
  TODO_WRITE_DESCRIPTION,
  TODO_WRITE_JSON_SCHEMA,
} from '../plan/model-texts.js';
import { EDITED_OUTPUT_KEY } from '../plan/todo-edit-reason.js';
import { findTodoEdit } from './todo-edit.js';
import { type TodoReviewPolicy, todoWriteApproval } from './todo-review.js';
import { validateWith } from './validate-todos.js';

/** What the model sends: the whole list, every call. */
export interface TodoWriteInput {
  todos: Todo[];
}

/** What the tool returns: the counts, plus the person's list (`edited_by_user`) when they edited the plan. */
export type TodoWriteOutput = TodoCounts & { edited_by_user?: Todo[] };

/** The `todo_write` tool (typed explicitly, so no SDK's internal types leak). */
export type TodoWriteTool = Tool<TodoWriteInput, TodoWriteOutput>;

/** What `onWrite` learns about the call that wrote the list: its id, the SDK's messages, the request's signal. */
export interface TodoWriteCallOptions {
  toolCallId: string;
  messages: ModelMessage[];
  abortSignal?: AbortSignal | undefined;
}

/** Options of {@link createTodoWrite}: its settings (`name` and limits, shared with the checklist's `tool`), and more. */
export interface TodoWriteOptions extends TodoWriteSettings {
  /**
   * Awaited once per accepted list, before the model gets the counts; if it throws, nothing was saved (store all or
   * nothing). A step's writes run one at a time in call order; an aborted call settles at once as not saved
   * (docs/tool.md, "createTodoWrite(options)"). Default: none.
   */
  onWrite?: (todos: Todo[], options: TodoWriteCallOptions) => void | Promise<void>;
  /** Replaces the tool description the model reads. Default {@link TODO_WRITE_DESCRIPTION}. */
  description?: string;
  /** Sent as the tool's `strict` flag (AI SDK 6 and 7): strict providers make input fit the schema; `execute` still checks. Default: not sent. */
  strict?: boolean;
  /** Which writes wait for the person's approval (the tool's `needsApproval`; AI SDK 6 and 7, throws on 5). Default `'never'`. */
  review?: TodoReviewPolicy;
}

/**
 * Creates the `todo_write` tool (`tools: { todo_write: tool }`): `execute` checks the whole list (`validateTodos`),
 * awaits `onWrite` and returns only the counts; a rejected call throws one `Error` naming every problem, which the
 * model reads instead of the SDK's schema error.
 */
export function createTodoWrite(options: TodoWriteOptions = {}): TodoWriteTool {
  const { onWrite } = options;
  return buildTodoWrite(
    options,
    todoWriteApproval(options.review ?? 'never', options),
    onWrite ? queueWrites(onWrite) : undefined,
  );
}

/** Stores an accepted list for the call `toolCallId`; throws when nothing was saved. */
type StoreTodos = (todos: Todo[], toolCallId: string, callOptions: ExecuteOptions) => Promise<void>;

/** What `execute` gets from the SDK, as far as the tool reads it. */
interface ExecuteOptions {
  toolCallId?: string;
  messages?: ModelMessage[];
  abortSignal?: AbortSignal;
}

/**
 * The tool with its approval check and its store (neither for the default tool, so a route that imports only it ships
 * no review or write-queue code).
 */
function buildTodoWrite(
  options: TodoWriteOptions,
  approval: ReturnType<typeof todoWriteApproval>,
  store: StoreTodos | undefined,
): TodoWriteTool {
  const { description = TODO_WRITE_DESCRIPTION, strict } = options;
  const limits = resolveTodoLimits(options, 'createTodoWrite');

  return tool({
    description,
    ...approval,
    // Every input passes, so `execute` judges it; a task array sent as a JSON string (or bare) is stored as `{ todos }`.
    inputSchema: jsonSchema<TodoWriteInput>(TODO_WRITE_JSON_SCHEMA as unknown as JSONSchema7, {
      validate: (value) => {
        const todos = readTodoArray(value, 'todos');
        return { success: true, value: (todos ? { todos } : value) as TodoWriteInput };
      },
    }),
    async execute(input: TodoWriteInput, callOptions: ExecuteOptions) {
      const toolCallId = callOptions?.toolCallId;
      if (!toolCallId || typeof toolCallId !== 'string') throw new Error(NOT_SAVED_NO_CONVERSATION);

      // An approval that carries the person's edit writes the edit, under the same rules.
      const edit = findTodoEdit(callOptions.messages, toolCallId);
      const result = validateWith(edit ?? input, limits, edit !== undefined);
      if (!result.valid) throw new Error(result.message);

      if (store) await store(result.todos, toolCallId, callOptions);
      const counts = countTodos(result.todos);
      return edit === undefined ? counts : { ...counts, [EDITED_OUTPUT_KEY]: result.todos };
    },
    ...(strict === undefined ? {} : { strict }),
  });
}

/**
 * `onWrite` behind a write queue: a step's writes run one at a time in call order, and an aborted call settles at
 * once as not saved.
 */
function queueWrites(onWrite: NonNullable<TodoWriteOptions['onWrite']>): StoreTodos {
  // The tail of each step's write chain, keyed by the `messages` array the SDK shares among the
  // calls of one step; an entry goes once its step is garbage or its last write has settled.
  const stepWrites = new WeakMap<object, Promise<void>>();

  return async (todos, toolCallId, callOptions) => {
    const { messages, abortSignal } = callOptions;
    const step = Array.isArray(messages) ? messages : undefined;
    const previous = step === undefined ? undefined : stepWrites.get(step);
    let settle!: () => void;
    const settled = new Promise<void>((resolve) => {
      settle = resolve;
    });
    // Queued before the first await, so the step's next call waits for this one.
    const tail = previous === undefined ? settled : previous.then(() => settled);
    if (step !== undefined) {
      stepWrites.set(step, tail);
      void tail.then(() => {
        if (stepWrites.get(step) === tail) stepWrites.delete(step);
      });
    }

    let writing: Promise<void> | undefined;
    try {
      if (previous !== undefined && (await raceAbort(previous, abortSignal)) === 'aborted') {
        throw interrupted(abortSignal);
      }
      if (abortSignal?.aborted) throw interrupted(abortSignal);
      writing = (async () => onWrite(todos, { toolCallId, messages: messages ?? [], abortSignal }))();
      const outcome = await raceAbort(writing, abortSignal).catch((error: unknown) => {
        throw new Error(NOT_SAVED_NOT_STORED, { cause: error });
      });
      if (outcome === 'aborted') throw interrupted(abortSignal);
    } finally {
      if (writing === undefined) settle();
      else writing.then(settle, settle);
    }
  };
}

function interrupted(abortSignal: AbortSignal | undefined): Error {
  return new Error(NOT_SAVED_INTERRUPTED, { cause: abortSignal?.reason });
}

/** Resolves `'settled'` when `promise` fulfils, `'aborted'` if `abortSignal` aborts first; rejects as `promise` does. */
function raceAbort(promise: Promise<unknown>, abortSignal: AbortSignal | undefined): Promise<'settled' | 'aborted'> {
  if (abortSignal === undefined) return promise.then(() => 'settled');
  if (abortSignal.aborted) return Promise.resolve('aborted');
  return new Promise((resolve, reject) => {
    const onAbort = (): void => resolve('aborted');
    abortSignal.addEventListener('abort', onAbort, { once: true });
    promise
      .then(
        () => resolve('settled'),
        (error: unknown) => reject(error),
      )
      .finally(() => abortSignal.removeEventListener('abort', onAbort));
  });
}

/** `tools: { todo_write: todoWrite }`: the tool with default limits and no `onWrite`. */
export const todoWrite: TodoWriteTool = /* @__PURE__ */ buildTodoWrite({}, {}, undefined);
