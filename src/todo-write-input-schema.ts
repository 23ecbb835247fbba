/** The `todo_write` input in zod, every rule written once: `validateTodos`, `execute` and the JSON schema derive from it. */
import { z } from 'zod/v4';
import { listItems, nameItem, quote, tooManyTasks } from './todo-problem-text.js';
import { TODO_STATUSES } from './todo.js';
import { findListProblems, isBlankContent, type TodoRuleProblem } from './todo-rules.js';

/** Default cap on tasks per list: a runaway guard, since the list is resent whole (docs/tool.md, "Defaults"). */
export const DEFAULT_MAX_TODOS = 50;

/** Default cap on one task's `content` in UTF-16 code units: one imperative line, about 50 tokens. */
export const DEFAULT_MAX_CONTENT_LENGTH = 200;

/** Limits of a `todo_write` list. */
export interface TodoLimits {
  /** Most tasks one list may hold. Default {@link DEFAULT_MAX_TODOS} (50). */
  maxTodos?: number;
  /** Most characters one task's `content` may hold. Default {@link DEFAULT_MAX_CONTENT_LENGTH} (200). */
  maxContentLength?: number;
}

/** The zod schema of one task: `{ content, status }`; unknown keys are stripped. */
export type TodoSchema = z.ZodObject<{
  content: z.ZodString;
  status: z.ZodEnum<{ pending: 'pending'; in_progress: 'in_progress'; completed: 'completed' }>;
}>;

/** The zod schema of a whole `todo_write` input: `{ todos: [{ content, status }] }`. */
export type TodoWriteInputSchema = z.ZodObject<{ todos: z.ZodArray<TodoSchema> }>;

/** The schema for these limits, unchecked (`validateTodos` never throws). */
export function buildTodoWriteInputSchema(maxTodos: number, maxContentLength: number): TodoWriteInputSchema {
  const todos = z.array(buildTodoSchema(maxContentLength)).check(listRules(maxTodos)).describe('Every task, in order.');
  return z.object({ todos });
}

function buildTodoSchema(maxContentLength: number): TodoSchema {
  const content = z
    .string()
    .refine((value) => !isBlankContent(value), 'Content is empty.')
    .max(maxContentLength)
    .describe('One short imperative line.');
  return z.object({ content, status: z.enum(TODO_STATUSES) });
}

/**
 * The list's own rules: its length, unique content (after trimming), at most one `in_progress`,
 * each reported as the line the model reads. They run whenever the list is an array, even when
 * items failed (`when`), so one parse reports every problem.
 */
function listRules(maxTodos: number): z.core.$ZodCheck<unknown[]> {
  const check: z.core.$ZodCheck<unknown[]> = new z.core.$ZodCheck({
    check: 'custom',
    when: (payload) => Array.isArray(payload.value),
  });
  check._zod.check = (payload: z.core.ParsePayload<unknown[]>) => {
    const list = payload.value;
    for (const problem of findListProblems(list, maxTodos)) {
      const code = problem.rule === 'too-many' ? 'too_big' : 'custom';
      const message = listProblemText(problem, list);
      payload.issues.push({ code, message, input: list, origin: 'array', maximum: maxTodos } as z.core.$ZodRawIssue);
    }
  };
  return check;
}

/** The line the model reads for a broken list rule. */
function listProblemText(problem: TodoRuleProblem, list: readonly unknown[]): string {
  if (problem.rule === 'too-many') return tooManyTasks(problem.count, problem.maximum);
  if (problem.rule === 'empty') return `Item ${nameItem(list, problem.items[0])} has empty content.`;
  if (problem.rule === 'duplicate')
    return `${listItems(problem.items.map((index) => index + 1))} have the same content (${quote(problem.text)}); make each task distinct.`;
  const named = problem.items.map((index) => nameItem(list, index));
  const all = named.length === 2 ? 'both' : 'all';
  return `${listItems(named)} are ${all} in_progress; at most one task may be in_progress at a time.`;
}

/**
 * Builds the schema for other limits, e.g. to check stored lists the way `createTodoWrite({ maxTodos })`
 * does. Throws a `RangeError` for a limit that is not a positive integer.
 */
export function createTodoWriteInputSchema(limits: TodoLimits = {}): TodoWriteInputSchema {
  const { maxTodos, maxContentLength } = resolveTodoLimits(limits, 'createTodoWriteInputSchema');
  return buildTodoWriteInputSchema(maxTodos, maxContentLength);
}

/** The limits with their defaults; throws a `RangeError` naming `caller` for one that is not a positive integer. */
export function resolveTodoLimits(limits: TodoLimits, caller: string): Required<TodoLimits> {
  const { maxTodos = DEFAULT_MAX_TODOS, maxContentLength = DEFAULT_MAX_CONTENT_LENGTH } = limits;
  for (const [name, value] of Object.entries({ maxTodos, maxContentLength })) {
    if (!Number.isInteger(value) || value < 1) {
      throw new RangeError(`${caller}: ${name} must be a positive integer, got ${value}.`);
    }
  }
  return { maxTodos, maxContentLength };
}

/**
 * The `todo_write` input with the default limits: `{ todos }`, each task a `{ content, status }`
 * with non-empty content (after trimming) of at most 200 characters, no two tasks with the same
 * content, at most one `in_progress`, at most 50 tasks. `safeParse` reports every broken rule: a
 * task's with zod's own issues at its path (`custom` for empty content), the list's at `["todos"]`
 * with the line the model reads as `message`. Takes the plain object (`validateTodos` also unwraps
 * double-encoded JSON).
 */
export const todoWriteInputSchema: TodoWriteInputSchema = /* @__PURE__ */ buildTodoWriteInputSchema(
  DEFAULT_MAX_TODOS,
  DEFAULT_MAX_CONTENT_LENGTH,
);

/** One task with the default content limit (200 characters): `z.array(todoSchema)` in your own schemas. */
export const todoSchema: TodoSchema = /* @__PURE__ */ buildTodoSchema(DEFAULT_MAX_CONTENT_LENGTH);

/**
 * The JSON schema the model reads, generated from `schema`: the shape (every field required, no
 * other properties), without the `$schema` key and without the limits, which the model learns
 * from a rejection instead of paying for them on every request.
 */
export function toTodoWriteJsonSchema(schema: TodoWriteInputSchema): Record<string, unknown> {
  // The output side: what `execute` gets, so objects are closed (`additionalProperties: false`).
  const { $schema: _, ...jsonSchema } = z.toJSONSchema(schema, {
    target: 'draft-7',
    io: 'output',
    override: ({ jsonSchema: node }) => {
      // One key order whatever zod version wrote the node: it is the text the model is billed for.
      const { type, description, maxLength: _limit, ...rest } = node;
      for (const key of Object.keys(node)) delete node[key as keyof typeof node];
      Object.assign(node, { type }, description && { description }, rest);
    },
  });
  return jsonSchema;
}
