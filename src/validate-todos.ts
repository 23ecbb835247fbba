import type { z } from 'zod/v4';
import { readTodoArray, readTodoItem, unwrapJsonString } from './parse-todos.js';
import type { Todo } from './todo.js';
import {
  DEFAULT_MAX_CONTENT_LENGTH,
  DEFAULT_MAX_TODOS,
  type TodoLimits,
  type TodoRule,
  type TodoWriteInputSchema,
  todoWriteInputSchemaFor,
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

/** Lists longer than `maxTodos` times this are rejected on their length alone, before any per-item work. */
const ITEM_CHECKS_CEILING_FACTOR = 10;
/** Problems listed in one message; the rest are summarised as "and N more". */
const MAX_LISTED_PROBLEMS = 20;
/** Items named in one grouped problem (duplicates, in_progress). */
const MAX_ITEMS_PER_PROBLEM = 5;
/** Characters of a task's text quoted in a message. */
const MAX_QUOTED_LENGTH = 40;

const ARRAY_EXPECTED = 'an array of { content, status } (send [] to clear the list).';

/**
 * Checks a `todo_write` input — `{ todos: [...] }`, or the `todos` array itself, either one
 * possibly a JSON string — against `todoWriteInputSchema` built for `limits`: every task an object
 * with string `content` and a valid `status`; content not empty or whitespace, unique after
 * trimming, at most `maxContentLength` characters; at most one task `in_progress`; at most
 * `maxTodos` tasks. Every problem is reported, each naming its item number (1-based) and the start
 * of its text. Fields other than `content` and `status` are dropped from the returned list. Never throws.
 */
export function validateTodos(input: unknown, limits: TodoLimits = {}): TodoValidationResult {
  const maxTodos = limits.maxTodos ?? DEFAULT_MAX_TODOS;
  const maxContentLength = limits.maxContentLength ?? DEFAULT_MAX_CONTENT_LENGTH;
  return validateTodosWith(todoWriteInputSchemaFor(maxTodos, maxContentLength), maxTodos, input);
}

/** {@link validateTodos} with a schema built once by its owner (the tool); `maxTodos` is the schema's. */
export function validateTodosWith(schema: TodoWriteInputSchema, maxTodos: number, input: unknown): TodoValidationResult {
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
  return issue.code === 'too_big' && issue.path.length === 1;
}

/** The line the model reads for one issue of the schema. */
function problemOf(issue: z.core.$ZodIssue, list: unknown[]): string {
  const [, index, field] = issue.path;
  if (typeof index !== 'number') {
    const { rule, indexes = [] } = (issue.code === 'custom' ? issue.params : undefined) as {
      rule?: TodoRule;
      indexes?: number[];
    } ?? {};
    if (rule === 'duplicate_content') {
      const { text } = readTodoItem(list[indexes[0] ?? 0]);
      return `${listItems(indexes.map((each) => each + 1))} have the same content (${quote(text)}); make each task distinct.`;
    }
    if (rule === 'several_in_progress') {
      const all = indexes.length === 2 ? 'both' : 'all';
      return `${listItems(indexes.map((each) => nameItem(list, each)))} are ${all} in_progress; at most one task may be in_progress at a time.`;
    }
    if (issue.code === 'too_big') return tooManyTasks(list.length, Number(issue.maximum));
    return `"todos": ${issue.message}`;
  }

  const value = list[index];
  const label = `Item ${nameItem(list, index)}`;
  if (field === undefined) return `${label} is ${describe(value)}, not an object { content, status }.`;
  if (field === 'status') return `${label} has ${describeStatus((value as { status?: unknown }).status)}; use pending, in_progress or completed.`;
  if (issue.code === 'too_big') {
    const { content = '' } = readTodoItem(value);
    return `${label} is ${content.length} characters long; at most ${issue.maximum} are allowed.`;
  }
  if (issue.code === 'custom') return `${label} has empty content.`;
  return `${label} has no content: it must be a string.`;
}

/** `3`, or `3 ("Run the build")` once the task has text. */
function nameItem(list: unknown[], index: number): string {
  const { text } = readTodoItem(list[index]);
  return text ? `${index + 1} (${quote(text)})` : `${index + 1}`;
}

function describeStatus(sent: unknown): string {
  if (sent === undefined) return 'no status';
  return typeof sent === 'string' ? `status ${quote(sent)}` : `${describe(sent)} as status`;
}

function tooManyTasks(length: number, maxTodos: number): string {
  return `The list has ${length} tasks; at most ${maxTodos} are allowed. Merge small steps or drop detail.`;
}

/** The one problem of an input that holds no task array. */
function whyNotAList(input: unknown): string {
  const object = unwrapJsonString(input);
  if (typeof object !== 'object' || object === null) {
    return `The input is ${describe(object)}; it must be an object { todos: [{ content, status }] }.`;
  }
  const todos = unwrapJsonString((object as { todos?: unknown }).todos);
  return typeof todos === 'string'
    ? `"todos" is a string that does not parse as a JSON array; send ${ARRAY_EXPECTED}`
    : `"todos" is ${describe(todos)}; it must be ${ARRAY_EXPECTED}`;
}

function reject(problems: string[]): TodoValidationResult {
  const listed = problems.slice(0, MAX_LISTED_PROBLEMS);
  const unlisted = problems.length - listed.length;
  if (unlisted > 0) listed.push(`...and ${unlisted} more ${unlisted === 1 ? 'problem' : 'problems'}.`);
  const message = [
    'Nothing was saved. Fix these problems, then send the whole corrected list again (every task, not only the changed ones):',
    ...listed,
  ].join('\n- ');
  return { valid: false, problems, message };
}

/** "Items 2 and 5", "Items 1, 4 and 6", "Items 1, 2, 3, 4, 5 and 7 more". */
function listItems(items: readonly (number | string)[]): string {
  const named = items.slice(0, MAX_ITEMS_PER_PROBLEM);
  const rest = items.length - named.length;
  const last = rest > 0 ? `${rest} more` : named.pop();
  return `Items ${named.join(', ')} and ${last}`;
}

/** The start of a task's text, one line, in double quotes. */
function quote(text: string): string {
  const line = text.trim().replace(/\s+/g, ' ');
  return JSON.stringify(line.length > MAX_QUOTED_LENGTH ? `${line.slice(0, MAX_QUOTED_LENGTH).trimEnd()}...` : line);
}

/** "a string", "a number", "null", "missing", "an array". */
function describe(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  const type = Array.isArray(value) ? 'array' : typeof value;
  return `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`;
}
