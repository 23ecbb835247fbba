/** `createTodoWrite` / `todoWrite`: the tool's description, JSON schema, `execute` and its write queue. */
import { jsonSchema, type ModelMessage, type Tool, tool } from 'ai';
import { readTodoArray } from './parse-todos.js';
import { EDITED_OUTPUT_KEY, findTodoEdit } from './todo-edit.js';
import { countTodos, type Todo, type TodoCounts } from './todo.js';
import { type TodoReviewPolicy, todoWriteApproval } from './todo-review-policy.js';
import { buildTodoWriteInputSchema, resolveTodoLimits, toTodoWriteJsonSchema } from './todo-write-input-schema.js';
import { validateTodosWith } from './validate-todos.js';

/** What the model sends: the whole list, every call. */
export interface TodoWriteInput {
  todos: Todo[];
}

/** The `todo_write` tool (typed explicitly, so no SDK's internal types leak): counts, plus `edited_by_user` after an edit. */
export type TodoWriteTool = Tool<TodoWriteInput, TodoCounts & { edited_by_user?: Todo[] }>;

/** What `onWrite` learns about the call that wrote the list: its id, the SDK's messages, the request's signal. */
export interface TodoWriteCallOptions {
  toolCallId: string;
  messages: ModelMessage[];
  abortSignal?: AbortSignal | undefined;
}

/** Options of {@link createTodoWrite}. */
export interface TodoWriteOptions {
  /**
   * Awaited once per accepted list, before the model gets the counts; if it throws, nothing was saved (store all or
   * nothing). A step's writes run one at a time in call order; an aborted call settles at once as not saved
   * (docs/tool.md, "createTodoWrite(options)"). Default: none.
   */
  onWrite?: (todos: Todo[], options: TodoWriteCallOptions) => void | Promise<void>;
  /** Most tasks one list may hold. Default 50 ({@link DEFAULT_MAX_TODOS}). */
  maxTodos?: number;
  /** Most characters one task may hold. Default 200 ({@link DEFAULT_MAX_CONTENT_LENGTH}). */
  maxContentLength?: number;
  /** Replaces the tool description the model reads. Default {@link TODO_WRITE_DESCRIPTION}. */
  description?: string;
  /** Sent as the tool's `strict` flag (AI SDK 6 and 7): strict providers make input fit the schema; `execute` still checks. Default: not sent. */
  strict?: boolean;
  /** Which writes wait for the person's approval (the tool's `needsApproval`; AI SDK 6 and 7, throws on 5). Default `'never'`. */
  review?: TodoReviewPolicy;
}

/** The tool description the model reads (a fixed token cost on every request that offers the tool). */
export const TODO_WRITE_DESCRIPTION =
  'Your task checklist for multi-step work; the user sees it. Each call replaces the whole list: always send every task. ' +
  'Keep it current: at most one task in_progress (the one you are doing), mark each task completed as soon as it is done, ' +
  'add tasks as you discover them. [] clears the list. Skip it for simple one-step requests.';

const NO_CONVERSATION_MESSAGE =
  'Nothing was saved: todo_write was called without a toolCallId, so no conversation owns the list. ' +
  'Register it as a tool of streamText, generateText or an agent and let the model call it.';

const EDIT_REFUSED = "The user's edit of your list broke the rules, so neither list was saved.";

const INTERRUPTED_MESSAGE =
  'Nothing was saved: the request was stopped before the list was stored. Send the whole list again to retry.';

const NOT_STORED_MESSAGE =
  'Nothing was saved: the list passed every check, but storing it failed on the server. ' +
  'Send the whole list again to retry.';

/**
 * Creates the `todo_write` tool (`tools: { todo_write: tool }`): `execute` checks the whole list (`validateTodos`),
 * awaits `onWrite` and returns only the counts; a rejected call throws one `Error` naming every problem, which the
 * model reads instead of the SDK's schema error.
 */
export function createTodoWrite(options: TodoWriteOptions = {}): TodoWriteTool {
  const { onWrite, description = TODO_WRITE_DESCRIPTION, strict, review = 'never' } = options;
  const { maxTodos, maxContentLength } = resolveTodoLimits(options, 'createTodoWrite');
  const schema = buildTodoWriteInputSchema(maxTodos, maxContentLength);

  // The tail of each step's write chain, keyed by the `messages` array the SDK shares among the
  // calls of one step; an entry goes once its step is garbage or its last write has settled.
  const stepWrites = new WeakMap<object, Promise<void>>();

  return tool({
    description,
    ...todoWriteApproval(review, { maxTodos, maxContentLength }),
    // The JSON schema is generated on the first request. Every input passes, so `execute` judges
    // it; a task array sent as a JSON string (or bare) is stored as `{ todos: [...] }`.
    inputSchema: jsonSchema<TodoWriteInput>(() => toTodoWriteJsonSchema(schema), {
      validate: (value) => {
        const todos = readTodoArray(value);
        return { success: true, value: (todos ? { todos } : value) as TodoWriteInput };
      },
    }),
    async execute(
      input: TodoWriteInput,
      callOptions: { toolCallId?: string; messages?: ModelMessage[]; abortSignal?: AbortSignal },
    ) {
      const toolCallId = callOptions?.toolCallId;
      if (!toolCallId || typeof toolCallId !== 'string') throw new Error(NO_CONVERSATION_MESSAGE);

      // An approval that carries the person's edit writes the edit, under the same rules.
      const edit = findTodoEdit(callOptions.messages, toolCallId);
      const result = validateTodosWith(schema, maxTodos, edit ?? input);
      if (!result.valid) throw new Error(edit === undefined ? result.message : `${EDIT_REFUSED}\n${result.message}`);

      if (onWrite) {
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
          writing = (async () => onWrite(result.todos, { toolCallId, messages: messages ?? [], abortSignal }))();
          const outcome = await raceAbort(writing, abortSignal).catch((error: unknown) => {
            throw new Error(NOT_STORED_MESSAGE, { cause: error });
          });
          if (outcome === 'aborted') throw interrupted(abortSignal);
        } finally {
          if (writing === undefined) settle();
          else writing.then(settle, settle);
        }
      }
      const counts = countTodos(result.todos);
      return edit === undefined ? counts : { ...counts, [EDITED_OUTPUT_KEY]: result.todos };
    },
    ...(strict === undefined ? {} : { strict }),
  });
}

function interrupted(abortSignal: AbortSignal | undefined): Error {
  return new Error(INTERRUPTED_MESSAGE, { cause: abortSignal?.reason });
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
export const todoWrite: TodoWriteTool = /* @__PURE__ */ createTodoWrite();
