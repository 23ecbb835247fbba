/**
 * The rules of a list that are not its shape, without zod: the tool's schema reports them to the
 * model and the plan editor to the person, so both read the same function.
 */
import { readTodoItem } from './parse-todos.js';
import type { Todo } from './todo.js';

/** One broken rule of a list. `items` are 0-based positions. */
export type TodoRuleProblem =
  | { rule: 'too-many'; items?: never; count: number; maximum: number }
  | { rule: 'empty'; items: [number] }
  | { rule: 'duplicate'; items: number[]; text: string }
  | { rule: 'in-progress'; items: number[] };

/** Whether a task's text counts as empty: nothing but whitespace. */
export function isBlankContent(content: string): boolean {
  return content.trim() === '';
}

/**
 * The list rules: at most `maxTodos` tasks, no two with the same text (after trimming), at most one
 * `in_progress` (among items with text). Item shapes are the schema's business.
 */
export function findListProblems(list: readonly unknown[], maxTodos: number): TodoRuleProblem[] {
  const problems: TodoRuleProblem[] = [];
  if (list.length > maxTodos) problems.push({ rule: 'too-many', count: list.length, maximum: maxTodos });
  const itemsByText = new Map<string, number[]>();
  const inProgress: number[] = [];
  list.forEach((value, index) => {
    const { content, text, status } = readTodoItem(value);
    if (text !== '') {
      const items = itemsByText.get(text);
      if (items) items.push(index);
      else itemsByText.set(text, [index]);
    }
    if (content !== undefined && status === 'in_progress') inProgress.push(index);
  });
  for (const [text, items] of itemsByText) if (items.length > 1) problems.push({ rule: 'duplicate', items, text });
  if (inProgress.length > 1) problems.push({ rule: 'in-progress', items: inProgress });
  return problems;
}

/** Every rule a list of `{ content }` tasks breaks: the list rules, and each empty task. */
export function findTodoProblems(todos: readonly Todo[], maxTodos: number): TodoRuleProblem[] {
  const empty: TodoRuleProblem[] = [];
  todos.forEach((todo, index) => {
    if (isBlankContent(todo.content)) empty.push({ rule: 'empty', items: [index] });
  });
  return [...findListProblems(todos, maxTodos), ...empty];
}
