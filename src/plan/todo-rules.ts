/**
 * Every rule of a `todo_write` list, without zod: the tool reports them to the model, the plan editor to the person,
 * the checklist's notice of a rejected call, and the zod schema, all from this one function.
 */
import { describeTodoProblem, describeValue } from './model-texts.js';
import { readTodoArray, unwrapJsonString } from './parse-todos.js';
import type { TodoProblem } from './todo-problem.js';
import type { TodoLimits } from './todo-tool-shape.js';
import { TODO_WRITE_STATUSES, type Todo } from './todo-statuses.js';

/** What the rules make of an input: its task array (`[]` when there is none), and the list when no rule is broken. */
export interface TodoRuling {
  list: readonly unknown[];
  problems: TodoProblem[];
  /** The clean list (`content` and `status` only), when there is no problem. */
  todos: Todo[] | undefined;
}

// A cost guard, not a rule: a list this many times too long is rejected on its length before any item is read.
const ITEM_CHECKS_CEILING_FACTOR = 10;

/**
 * Checks a `todo_write` input (`{ todos }` or the array, either maybe a JSON string): the list's length, each task
 * (an object with non-empty string `content` within the limit and one of the three statuses), no two tasks with the
 * same trimmed content, at most one `in_progress`. The list's length comes first, then tasks in order, then the
 * list's own rules.
 */
export function ruleOnTodos(input: unknown, limits: TodoLimits): TodoRuling {
  const list = readTodoArray(input, 'todos');
  if (!list) return worded([], [whyNotAList(input)]);
  const { maxTodos, maxContentLength } = limits;
  const problems: TodoProblem[] = [];
  if (list.length > maxTodos) problems.push({ code: 'too-many', count: list.length, maximum: maxTodos, message: '' });
  if (list.length > maxTodos * ITEM_CHECKS_CEILING_FACTOR) return worded(list, problems);

  const itemsByText = new Map<string, number[]>();
  const inProgress: number[] = [];
  list.forEach((value, item) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      problems.push({ code: 'not-an-object', item, message: '' });
      return;
    }
    const { content, status } = value as { content?: unknown; status?: unknown };
    if (typeof content !== 'string') problems.push({ code: 'no-content', item, message: '' });
    else if (content.trim() === '') problems.push({ code: 'empty', item, message: '' });
    else if (content.length > maxContentLength)
      problems.push({ code: 'too-long', item, length: content.length, maximum: maxContentLength, message: '' });
    if (!TODO_WRITE_STATUSES.includes(status as Todo['status']))
      problems.push({ code: 'bad-status', item, message: '' });
    if (typeof content === 'string' && content.trim() !== '') {
      const items = itemsByText.get(content.trim());
      if (items) items.push(item);
      else itemsByText.set(content.trim(), [item]);
    }
    if (typeof content === 'string' && status === 'in_progress') inProgress.push(item);
  });
  for (const [text, items] of itemsByText)
    if (items.length > 1) problems.push({ code: 'duplicate', items, text, message: '' });
  if (inProgress.length > 1) problems.push({ code: 'in-progress', items: inProgress, message: '' });
  if (problems.length > 0) return worded(list, problems);
  return { list, problems, todos: (list as Todo[]).map(({ content, status }) => ({ content, status })) };
}

function worded(list: readonly unknown[], problems: TodoProblem[]): TodoRuling {
  for (const problem of problems) problem.message = describeTodoProblem(problem, list);
  return { list, problems, todos: undefined };
}

function whyNotAList(input: unknown): TodoProblem {
  const object = unwrapJsonString(input);
  if (typeof object !== 'object' || object === null)
    return { code: 'not-a-list', at: 'input', received: describeValue(object), message: '' };
  const todos = unwrapJsonString((object as { todos?: unknown }).todos);
  const received = typeof todos === 'string' ? 'unparsable' : describeValue(todos);
  return { code: 'not-a-list', at: 'todos', received, message: '' };
}

/** What the editor checks as the person types: the tool's rules, per task and for the list. */
export interface TodoEditCheck {
  /** No rule is broken: the edit can be sent. */
  valid: boolean;
  /** Per task (same order): the first rule it breaks, else `undefined`. */
  items: ('empty' | 'too-long' | 'duplicate' | 'in-progress' | undefined)[];
  /** Set when the list holds more than `maxTodos` tasks. */
  tooMany: boolean;
}

/** Checks an edited list against the tool's rules (the same function the tool runs). */
export function checkTodoEdit(todos: readonly Todo[], limits: TodoLimits): TodoEditCheck {
  const items: TodoEditCheck['items'] = todos.map(() => undefined);
  let tooMany = false;
  for (const problem of ruleOnTodos({ todos }, limits).problems) {
    if (problem.code === 'too-many') tooMany = true;
    else if (problem.code === 'duplicate' || problem.code === 'in-progress')
      for (const index of problem.items) items[index] ??= problem.code;
    else if (problem.code === 'empty' || problem.code === 'too-long') items[problem.item] ??= problem.code;
  }
  return { valid: !tooMany && items.every((item) => item === undefined), items, tooMany };
}
