/** The list and its changes as plain text, for logs, terminals and notifications. */
import type { TodoChanges } from './diff-todos.js';
import { type Todo, type TodoStatus, toOneLine } from './todo.js';

const GLYPHS: Record<TodoStatus, string> = { completed: '[x]', in_progress: '[>]', pending: '[ ]' };

const CHANGE_LINES = [
  ['completed', 'Completed'],
  ['reopened', 'Reopened'],
  ['started', 'Started'],
  ['added', 'Added'],
  ['removed', 'Removed'],
] as const satisfies readonly (readonly [keyof TodoChanges, string])[];

/** The list, one task per line on one line each: `[x]` completed, `[>]` in progress, `[ ]` pending; `''` when empty. */
export function formatTodos(todos: readonly Todo[]): string {
  return todos.map((todo) => `${GLYPHS[todo.status]} ${toOneLine(todo.content)}`).join('\n');
}

/** What an update did, one task per line: `Completed: …`, then Reopened, Started, Added, Removed; `''` for none. */
export function formatTodoChanges(changes: TodoChanges): string {
  const lines: string[] = [];
  for (const [kind, prefix] of CHANGE_LINES) {
    for (const todo of changes[kind] ?? []) lines.push(`${prefix}: ${toOneLine(todo.content)}`);
  }
  return lines.join('\n');
}
