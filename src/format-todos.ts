import type { TodoChanges } from './diff-todos.js';
import { type Todo, type TodoStatus, toOneLine } from './todo.js';

/** The glyph of each status in {@link formatTodos}. */
const GLYPHS: Record<TodoStatus, string> = { completed: '[x]', in_progress: '[>]', pending: '[ ]' };

/** The kinds of change in the order {@link formatTodoChanges} writes them, with their line prefix. */
const CHANGE_LINES = [
  ['completed', 'Completed'],
  ['reopened', 'Reopened'],
  ['started', 'Started'],
  ['added', 'Added'],
  ['removed', 'Removed'],
] as const satisfies readonly (readonly [keyof TodoChanges, string])[];

/**
 * The list as a plain-text checklist, one task per line: `[x]` completed, `[>]` in progress,
 * `[ ]` pending. Whitespace inside a task collapses to single spaces so each task stays on
 * one line. For logs, terminals and compaction summaries. `''` for an empty list.
 */
export function formatTodos(todos: readonly Todo[]): string {
  return todos.map((todo) => `${GLYPHS[todo.status]} ${toOneLine(todo.content)}`).join('\n');
}

/**
 * What an update did (see `diffTodos`), as plain text, one task per line, grouped by kind in this
 * order: `Completed: …`, `Reopened: …`, `Started: …`, `Added: …`, `Removed: …`. Whitespace inside
 * a task collapses as in {@link formatTodos}. For logs and notifications. `''` when nothing changed.
 */
export function formatTodoChanges(changes: TodoChanges): string {
  const lines: string[] = [];
  for (const [kind, prefix] of CHANGE_LINES) {
    for (const todo of changes[kind] ?? []) lines.push(`${prefix}: ${toOneLine(todo.content)}`);
  }
  return lines.join('\n');
}
