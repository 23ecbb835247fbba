/** The tool's side of a person's edit: the edit an approval carries to `execute`, and the answer the editor sends. */
import { readTodoEdit, todoEditReason, trimmedEdit } from '../plan/todo-edit-reason.js';
import type { Todo, TodoRowStatus } from '../plan/todo-statuses.js';
import type { TodoLimits } from '../plan/todo-tool-shape.js';
import { contentOf } from '../read/todo-calls.js';
import { checkTodoEdit } from '../plan/todo-rules.js';

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

/** The answer to the approval `approvalId`: the person's `reason` trimmed, and left out when empty. */
export function reviewAnswer(
  approvalId: string,
  approved: boolean,
  reason: string | undefined,
): { id: string; approved: boolean; reason?: string } {
  const said = reason?.trim();
  return said ? { id: approvalId, approved, reason: said } : { id: approvalId, approved };
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
