/** A plan and its changes as plain text, for logs, terminals and notifications. */
import { TODO_CHANGES, TODO_CHANGE_KINDS, type TodoChanges } from '../plan/todo-changes.js';
import { TODO_STATUSES, type Todo, type TodoRowStatus, toOneLine } from '../plan/todo-statuses.js';

/**
 * The plan, one task per line on one line each, by status: `[ ]` pending, `[>]` in progress, `[x]` completed,
 * `[-]` cancelled, `[!]` blocked; `''` when empty.
 */
export function formatTodos(todos: readonly Todo<TodoRowStatus>[]): string {
  return todos.map((todo) => `${TODO_STATUSES[todo.status]?.glyph ?? '[?]'} ${toOneLine(todo.content)}`).join('\n');
}

/** What an update did, one task per line in the order of the change kinds (`Completed: …`, …, `Started: …`); `''` for none. */
export function formatTodoChanges(changes: Partial<TodoChanges>): string {
  const lines: string[] = [];
  for (const kind of TODO_CHANGE_KINDS)
    for (const todo of changes[kind] ?? []) lines.push(`${TODO_CHANGES[kind]}: ${toOneLine(todo.content)}`);
  return lines.join('\n');
}
