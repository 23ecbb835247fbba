import { readTodoArray, readTodoItem, unwrapJsonString } from './parse-todos.js';
import type { Todo } from './todo.js';

/**
 * Default cap on tasks per list: 50. Real plans stay well under 20 items; a list is resent
 * whole on every call, so 50 tasks (~700 o200k tokens per call, ~2,500 at 200 characters each)
 * is a runaway guard, not a style rule.
 */
export const DEFAULT_MAX_TODOS = 50;

/**
 * Default cap on one task's `content`: 200 characters (UTF-16 code units), about 50 tokens
 * and two lines of a checklist row. A task is one imperative line, not a paragraph.
 */
export const DEFAULT_MAX_CONTENT_LENGTH = 200;

/** Limits checked by {@link validateTodos}. */
export interface TodoLimits {
  /** Most tasks one list may hold. Default {@link DEFAULT_MAX_TODOS} (50). */
  maxTodos?: number;
  /** Most characters one task's `content` may hold. Default {@link DEFAULT_MAX_CONTENT_LENGTH} (200). */
  maxContentLength?: number;
}

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
 * possibly a JSON string — against the tool's rules: every task an object with string `content`
 * and a valid `status`; content not empty or whitespace, unique after trimming, at most
 * `maxContentLength` characters; at most one task `in_progress`; at most `maxTodos` tasks.
 * Every problem is reported, each naming its item number (1-based) and the start of its text.
 * Fields other than `content` and `status` are dropped from the returned list. Never throws.
 */
export function validateTodos(input: unknown, limits: TodoLimits = {}): TodoValidationResult {
  const maxTodos = limits.maxTodos ?? DEFAULT_MAX_TODOS;
  const maxContentLength = limits.maxContentLength ?? DEFAULT_MAX_CONTENT_LENGTH;
  const list = readTodoArray(input);
  if (!list) return reject([whyNotAList(input)]);

  const problems: string[] = [];
  if (list.length > maxTodos) {
    problems.push(
      `The list has ${list.length} tasks; at most ${maxTodos} are allowed. Merge small steps or drop detail.`,
    );
    if (list.length > maxTodos * ITEM_CHECKS_CEILING_FACTOR) return reject(problems);
  }

  const todos: Todo[] = [];
  const itemsByContent = new Map<string, number[]>();
  const inProgress: string[] = [];

  list.forEach((value, index) => {
    const item = index + 1;
    const { isObject, content, text, status } = readTodoItem(value);
    if (!isObject) {
      problems.push(`Item ${item} is ${describe(value)}, not an object { content, status }.`);
      return;
    }
    // `3`, or `3 ("Run the build")` once the task has text.
    const named = text ? `${item} (${quote(text)})` : `${item}`;
    const label = `Item ${named}`;

    if (content === undefined) {
      problems.push(`${label} has no content: it must be a string.`);
    } else if (!text) {
      problems.push(`${label} has empty content.`);
    } else {
      if (content.length > maxContentLength) {
        problems.push(`${label} is ${content.length} characters long; at most ${maxContentLength} are allowed.`);
      }
      const items = itemsByContent.get(text);
      if (items) items.push(item);
      else itemsByContent.set(text, [item]);
    }

    if (status === undefined) {
      const sent = (value as { status?: unknown }).status;
      const received =
        sent === undefined
          ? 'no status'
          : typeof sent === 'string'
            ? `status ${quote(sent)}`
            : `${describe(sent)} as status`;
      problems.push(`${label} has ${received}; use pending, in_progress or completed.`);
    } else if (content !== undefined) {
      if (status === 'in_progress') inProgress.push(named);
      todos.push({ content, status });
    }
  });

  for (const [text, items] of itemsByContent) {
    if (items.length > 1)
      problems.push(`${listItems(items)} have the same content (${quote(text)}); make each task distinct.`);
  }
  if (inProgress.length > 1) {
    const all = inProgress.length === 2 ? 'both' : 'all';
    problems.push(`${listItems(inProgress)} are ${all} in_progress; at most one task may be in_progress at a time.`);
  }

  return problems.length === 0 ? { valid: true, todos } : reject(problems);
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
