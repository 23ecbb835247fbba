/**
 * A person's edit of a waiting plan, as it travels: the approval answer's `reason` carries the edited list in an
 * envelope, the tool checks and writes it, and its output says so. The SDK's answer has no other field, so this
 * works the same on AI SDK 6 and 7.
 */
import { readTodoArray } from './parse-todos.js';
import type { Todo } from './todo-statuses.js';

/** Starts the `reason` of an approval that approves an edited list; the JSON `{ todos }` follows. */
const EDIT_PREFIX = 'todo_write edit: ';

/** The key of the tool's output that holds a list the person edited: the model reads it there. */
export const EDITED_OUTPUT_KEY = 'edited_by_user';

/**
 * The `reason` of an approval answer that approves `todos` in place of the proposed list:
 * `addToolApprovalResponse({ id, approved: true, reason: todoEditReason(todos) })`. The tool (`createTodoWrite`,
 * AI SDK 6 and 7) checks the list under its own rules and limits, stores it through `onWrite`, and tells the model
 * the person edited its list. Build it on the server from a list you checked (`validateTodos`) when answers reach
 * you as data.
 */
export function todoEditReason(todos: readonly Todo[]): string {
  return EDIT_PREFIX + JSON.stringify({ todos: todos.map(({ content, status }) => ({ content, status })) });
}

/**
 * The edited list an approval answer's `reason` carries ({@link todoEditReason}), as sent and not checked;
 * `undefined` for any other reason (a person's own words, none).
 */
export function readTodoEdit(reason: unknown): unknown[] | undefined {
  if (!isEditReason(reason)) return undefined;
  return readTodoArray((reason as string).slice(EDIT_PREFIX.length), 'todos');
}

/** Whether a reason is meant as an edit ({@link todoEditReason}'s envelope), readable or not. */
export const isEditReason = (reason: unknown): boolean => typeof reason === 'string' && reason.startsWith(EDIT_PREFIX);

/** An edited list as an answer carries it: each task's text trimmed, its status as set. */
export const trimmedEdit = (todos: readonly Todo[]): Todo[] =>
  todos.map(({ content, status }) => ({ content: content.trim(), status }));

/**
 * The one rule of which list a call writes: the edited list the tool wrote into its output, else the edit an
 * approving answer carries (on its way to the tool), else the model's own input.
 */
export function writtenInput(input: unknown, output: unknown, approved: unknown, reason: unknown): unknown {
  const todos = editedTodos(output, approved, reason);
  return todos === undefined ? input : { todos };
}

/** The person's list a call writes: the one the tool wrote into its output, else the one an approving answer carries. */
export function editedTodos(output: unknown, approved: unknown, reason: unknown): unknown[] | undefined {
  const edited = (output as Record<string, unknown> | null | undefined)?.[EDITED_OUTPUT_KEY];
  if (Array.isArray(edited)) return edited;
  return approved === true ? readTodoEdit(reason) : undefined;
}
