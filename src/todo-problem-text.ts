/** How every problem the model reads names items, values and texts (the schema's list rules and `validateTodos`). */
import { readTodoItem } from './parse-todos.js';
import { toOneLine } from './todo.js';

const MAX_ITEMS_PER_PROBLEM = 5;
const MAX_QUOTED_LENGTH = 40;

/** `3`, or `3 ("Run the build")` once the task has text: the task at `index` (0-based) of `list`. */
export function nameItem(list: readonly unknown[], index: number): string {
  const { text } = readTodoItem(list[index]);
  return text ? `${index + 1} (${quote(text)})` : `${index + 1}`;
}

/** "Items 2 and 5", "Items 1, 4 and 6", "Items 1, 2, 3, 4, 5 and 7 more". */
export function listItems(items: readonly (number | string)[]): string {
  const named = items.slice(0, MAX_ITEMS_PER_PROBLEM);
  const rest = items.length - named.length;
  const last = rest > 0 ? `${rest} more` : named.pop();
  return `Items ${named.join(', ')} and ${last}`;
}

/** The start of a task's text, one line, in double quotes. */
export function quote(text: string): string {
  const line = toOneLine(text);
  return JSON.stringify(line.length > MAX_QUOTED_LENGTH ? `${line.slice(0, MAX_QUOTED_LENGTH).trimEnd()}...` : line);
}

/** "a string", "a number", "null", "missing", "an array". */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  const type = Array.isArray(value) ? 'array' : typeof value;
  return `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`;
}

export function tooManyTasks(length: number, maxTodos: number): string {
  return `The list has ${length} tasks; at most ${maxTodos} are allowed. Merge small steps or drop detail.`;
}
