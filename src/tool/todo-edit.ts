/**
 * A person's edit of a waiting plan, as it travels: the approval answer's `reason` carries the edited list in an
 * envelope, the tool checks and writes it, and its output says so. The SDK's answer has no other field, so this
 * works the same on AI SDK 6 and 7.
 */
import { readTodoArray } from '../plan/parse-todos.js';
import type { Todo, TodoRowStatus } from '../plan/todo-statuses.js';
import type { TodoLimits } from '../plan/todo-tool-shape.js';
import { contentOf } from '../read/todo-calls.js';
import { checkTodoEdit } from './todo-rules.js';

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

/**
 * The edit the person approved for the call `toolCallId`, from the model messages `execute` gets: only an answer in
 * the last message (the request that answers it, as the SDK reads approvals) counts. `undefined` when the call is not
 * being approved with an edit. Found by ids alone, whatever name the tool is registered under.
 */
export function findTodoEdit(
  messages: readonly unknown[] | undefined,
  toolCallId: string,
): { todos: unknown[] } | undefined {
  const list = Array.isArray(messages) ? messages : [];
  let approvalId: unknown;
  for (const message of list)
    for (const part of contentOf(message))
      if (part.type === 'tool-approval-request' && part.toolCallId === toolCallId) approvalId = part.approvalId;
  if (approvalId === undefined) return undefined;
  const answer = contentOf(list.at(-1)).find(
    (part) => part.type === 'tool-approval-response' && part.approved === true && part.approvalId === approvalId,
  );
  const todos = readTodoEdit(answer?.reason);
  return todos === undefined ? undefined : { todos };
}

/**
 * The approval answer for `edited` in place of `proposed`: a plain approval when nothing changed, the edit's
 * envelope otherwise; `undefined` when the edit breaks a rule (nothing may be sent).
 */
export function editAnswer(
  approvalId: string,
  proposed: readonly Todo<TodoRowStatus>[],
  edited: readonly Todo[],
  limits: TodoLimits,
): { id: string; approved: true; reason?: string } | undefined {
  const todos = trimmedEdit(edited);
  if (!checkTodoEdit(todos, limits).valid) return undefined;
  const same =
    todos.length === proposed.length &&
    todos.every((todo, at) => todo.content === proposed[at]?.content && todo.status === proposed[at]?.status);
  return same ? { id: approvalId, approved: true } : { id: approvalId, approved: true, reason: todoEditReason(todos) };
}
