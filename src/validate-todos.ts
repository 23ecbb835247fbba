/** The rules of a `todo_write` input as a function, and the wording of each problem the model reads. */
import type { z } from 'zod/v4';
import { readTodoArray, unwrapJsonString } from './parse-todos.js';
import type { Todo } from './todo.js';
import { describeValue, nameItem, quote, tooManyTasks } from './todo-problem-text.js';
import {
  DEFAULT_MAX_CONTENT_LENGTH,
  DEFAULT_MAX_TODOS,
  type TodoLimits,
  type TodoWriteInputSchema,
  buildTodoWriteInputSchema,
  todoWriteInputSchema,
} from './todo-write-input-schema.js';

export type { TodoLimits } from './todo-write-input-schema.js';

/** The outcome of {@link validateTodos}: the clean list, or every problem found. */
export type TodoValidationResult =
  | { valid: true; todos: Todo[]; problems?: never; message?: never }
  | {
      valid: false;
      todos?: never;
      /** One line per problem, as listed in `message`. */
      problems: string[];
      /** The whole text the model reads: nothing was saved, the problems, resend the list. */
      message: string;
    };

const ITEM_CHECKS_CEILING_FACTOR = 10;
const MAX_LISTED_PROBLEMS = 20;

const ARRAY_EXPECTED = 'an array of { content, status } (send [] to clear the list).';

/**
 * Checks a `todo_write` input (`{ todos }` or the array, either maybe a JSON string) against the rules for `limits`,
 * naming every problem by item number; fields other than `content` and `status` are dropped. Never throws. Limits
 * other than the defaults build a schema per call: for many lists, build one with `createTodoWriteInputSchema(limits)`.
 */
export function validateTodos(input: unknown, limits: TodoLimits = {}): TodoValidationResult {
  const maxTodos = limits.maxTodos ?? DEFAULT_MAX_TODOS;
  const maxContentLength = limits.maxContentLength ?? DEFAULT_MAX_CONTENT_LENGTH;
  const schema =
    maxTodos === DEFAULT_MAX_TODOS && maxContentLength === DEFAULT_MAX_CONTENT_LENGTH
      ? todoWriteInputSchema
      : buildTodoWriteInputSchema(maxTodos, maxContentLength);
  return validateTodosWith(schema, maxTodos, input);
}

/** {@link validateTodos} with a schema built once by its owner (the tool); `maxTodos` is the schema's. */
export function validateTodosWith(
  schema: TodoWriteInputSchema,
  maxTodos: number,
  input: unknown,
): TodoValidationResult {
  const list = readTodoArray(input);
  if (!list) return reject([whyNotAList(input)]);
  // A cost guard, not a rule: such a list is rejected on its length before any item is parsed.
  if (list.length > maxTodos * ITEM_CHECKS_CEILING_FACTOR) return reject([tooManyTasks(list.length, maxTodos)]);

  const result = schema.safeParse({ todos: list });
  if (result.success) return { valid: true, todos: result.data.todos };
  // The list's length first, as the model should fix it first; then item by item, then the list rules.
  const issues = [...result.error.issues].sort((a, b) => Number(isListLength(b)) - Number(isListLength(a)));
  return reject(issues.map((issue) => problemOf(issue, list)));
}

function isListLength(issue: z.core.$ZodIssue): boolean {
  return issue.path.length === 1 && issue.code === 'too_big';
}

/** The line the model reads for one issue of the schema (the list's own rules come worded). */
function problemOf(issue: z.core.$ZodIssue, list: unknown[]): string {
  const [, index, field] = issue.path;
  if (typeof index !== 'number') return issue.message;
  const value = list[index] as { content?: string; status?: unknown };
  const label = `Item ${nameItem(list, index)}`;
  if (field === undefined) return `${label} is ${describeValue(value)}, not an object { content, status }.`;
  if (field === 'status') {
    const sent = value.status;
    const received =
      sent === undefined
        ? 'no status'
        : typeof sent === 'string'
          ? `status ${quote(sent)}`
          : `${describeValue(sent)} as status`;
    return `${label} has ${received}; use pending, in_progress or completed.`;
  }
  if (issue.code === 'too_big') {
    return `${label} is ${value.content?.length} characters long; at most ${issue.maximum} are allowed.`;
  }
  // The one custom issue of a task's content.
  if (issue.code === 'custom') return `${label} has empty content.`;
  return `${label} has no content: it must be a string.`;
}

function whyNotAList(input: unknown): string {
  const object = unwrapJsonString(input);
  if (typeof object !== 'object' || object === null) {
    return `The input is ${describeValue(object)}; it must be an object { todos: [{ content, status }] }.`;
  }
  const todos = unwrapJsonString((object as { todos?: unknown }).todos);
  return typeof todos === 'string'
    ? `"todos" is a string that does not parse as a JSON array; send ${ARRAY_EXPECTED}`
    : `"todos" is ${describeValue(todos)}; it must be ${ARRAY_EXPECTED}`;
}

const PREAMBLE =
  'Nothing was saved. Fix these problems, then send the whole corrected list again (every task, not only the changed ones):';

/** A rejection's problem lines (after any `Error: `; the last may be `...and 4 more problems.`), else its first. */
export function readTodoProblems(error: string): string[] {
  const lines = String(error)
    .replace(/^\s*Error:\s*/, '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const listed = lines.filter((line) => line.startsWith('- ')).map((line) => line.slice(2).trim());
  return listed.length > 0 ? listed : lines.slice(0, 1);
}

function reject(problems: string[]): TodoValidationResult {
  const listed = problems.slice(0, MAX_LISTED_PROBLEMS);
  const unlisted = problems.length - listed.length;
  if (unlisted > 0) listed.push(`...and ${unlisted} more ${unlisted === 1 ? 'problem' : 'problems'}.`);
  const message = [PREAMBLE, ...listed].join('\n- ');
  return { valid: false, problems, message };
}
