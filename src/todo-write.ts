import { jsonSchema, type ModelMessage, type Tool } from 'ai';
import { readTodoArray } from './read-todo-array.js';
import { countTodos, TODO_STATUSES, type Todo, type TodoCounts } from './todo.js';
import { DEFAULT_MAX_CONTENT_LENGTH, DEFAULT_MAX_TODOS, validateTodos } from './validate-todos.js';

/** What the model sends: the whole list, every call. */
export interface TodoWriteInput {
  todos: Todo[];
}

/** The `todo_write` tool. Typed explicitly so no AI SDK version's internal tool types leak into ours. */
export type TodoWriteTool = Tool<TodoWriteInput, TodoCounts>;

/** What `onWrite` learns about the call that wrote the list. */
export interface TodoWriteCallOptions {
  /** The id of the tool call that wrote the list. */
  toolCallId: string;
  /** The conversation so far, as the SDK passed it to `execute`. */
  messages: ModelMessage[];
  /** Aborts when the request is aborted. */
  abortSignal?: AbortSignal | undefined;
}

/** Options of {@link createTodoWrite}. */
export interface TodoWriteOptions {
  /**
   * Awaited once for every accepted list (never for a rejected one), before the model gets the
   * counts: persist it, log it, forward it. If it throws, the call is rejected and the model is
   * told the list was not saved (the thrown error is kept as the rejection's `cause`).
   * Parallel calls in one step run their `onWrite`s concurrently. Default: none.
   */
  onWrite?: (todos: Todo[], options: TodoWriteCallOptions) => void | Promise<void>;
  /** Most tasks one list may hold. Default 50 ({@link DEFAULT_MAX_TODOS}). */
  maxTodos?: number;
  /** Most characters one task may hold. Default 200 ({@link DEFAULT_MAX_CONTENT_LENGTH}). */
  maxContentLength?: number;
  /** Replaces the tool description the model reads. Default {@link TODO_WRITE_DESCRIPTION}. */
  description?: string;
}

/** The tool description the model reads (a fixed token cost on every request that offers the tool). */
export const TODO_WRITE_DESCRIPTION =
  'Your task checklist for multi-step work; the user sees it. Each call replaces the whole list: always send every task. ' +
  'Keep it current: at most one task in_progress (the one you are doing), mark each task completed as soon as it is done, ' +
  'add tasks as you discover them. [] clears the list. Skip it for simple one-step requests.';

const INPUT_JSON_SCHEMA = {
  type: 'object',
  properties: {
    todos: {
      type: 'array',
      description: 'Every task, in order.',
      items: {
        type: 'object',
        properties: {
          content: { type: 'string', description: 'One short imperative line.' },
          status: { type: 'string', enum: [...TODO_STATUSES] },
        },
        required: ['content', 'status'],
        additionalProperties: false,
      },
    },
  },
  required: ['todos'],
  additionalProperties: false,
} as const;

const NO_CONVERSATION_MESSAGE =
  'Nothing was saved: todo_write was called without a toolCallId, so no conversation owns the list. ' +
  'Register it as a tool of streamText, generateText or an agent and let the model call it.';

const NOT_STORED_MESSAGE =
  'Nothing was saved: the list passed every check, but storing it failed on the server. ' +
  'Send the whole list again to retry.';

/**
 * Creates the `todo_write` tool: the model sends its whole task list on every call, `execute`
 * checks it (see `validateTodos`), awaits `onWrite`, and returns only
 * `{ pending, in_progress, completed }`. A rejected call throws one `Error` naming every problem,
 * which the SDK hands to the model as the tool result. Register it as `tools: { todo_write: tool }`.
 *
 * The JSON schema the model sees requires `todos` to be an array; a `todos` sent as a JSON string
 * is still accepted when it parses to a valid list. The schema itself lets every input through to
 * `execute`, so the model always gets the tool's own short message, never the SDK's schema error
 * (which echoes the whole input back).
 */
export function createTodoWrite(options: TodoWriteOptions = {}): TodoWriteTool {
  const {
    onWrite,
    maxTodos = DEFAULT_MAX_TODOS,
    maxContentLength = DEFAULT_MAX_CONTENT_LENGTH,
    description = TODO_WRITE_DESCRIPTION,
  } = options;
  for (const [name, value] of Object.entries({ maxTodos, maxContentLength })) {
    if (!Number.isInteger(value) || value < 1) {
      throw new RangeError(`createTodoWrite: ${name} must be a positive integer, got ${value}.`);
    }
  }

  return {
    description,
    // Every input passes, so `execute` judges it; a task array sent as a JSON string (or bare) is stored as `{ todos: [...] }`.
    inputSchema: jsonSchema<TodoWriteInput>(INPUT_JSON_SCHEMA as never, {
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

      const result = validateTodos(input, { maxTodos, maxContentLength });
      if (!result.valid) throw new Error(result.message);

      if (onWrite) {
        try {
          await onWrite(result.todos, {
            toolCallId,
            messages: callOptions.messages ?? [],
            abortSignal: callOptions.abortSignal,
          });
        } catch (error) {
          throw new Error(NOT_STORED_MESSAGE, { cause: error });
        }
      }
      return countTodos(result.todos);
    },
  };
}

/** `tools: { todo_write: todoWrite }`: the tool with default limits and no `onWrite`. */
export const todoWrite: TodoWriteTool = createTodoWrite();
