import type { Todo, TodoStatus } from './todo.js';

/** The glyph of each status in {@link formatTodos}. */
const GLYPHS: Record<TodoStatus, string> = { completed: '[x]', in_progress: '[>]', pending: '[ ]' };

/**
 * The list as a plain-text checklist, one task per line: `[x]` completed, `[>]` in progress,
 * `[ ]` pending. Whitespace inside a task collapses to single spaces so each task stays on
 * one line. For logs, terminals and compaction summaries. `''` for an empty list.
 */
export function formatTodos(todos: readonly Todo[]): string {
  return todos.map((todo) => `${GLYPHS[todo.status]} ${todo.content.trim().replace(/\s+/g, ' ')}`).join('\n');
}
