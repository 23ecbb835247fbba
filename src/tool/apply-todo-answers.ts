/**
 * The server's side of a plan review on a stored conversation: the person's answers arrive as data, and only the
 * answers are taken from the request; the plans they answer are the stored ones.
 */
import { resolveTodoLimits, type TodoWriteSettings } from '../plan/todo-tool-shape.js';
import { partsOf } from '../read/todo-calls.js';
import { isEditReason, readTodoEdit, todoEditReason, trimmedEdit } from '../plan/todo-edit-reason.js';
import { ruleOnTodos } from '../plan/todo-rules.js';
import type { TodoProblem } from '../plan/todo-problem.js';

/** The longest reason kept with an answer, in characters. */
const MAX_REASON_LENGTH = 2000;

/**
 * What {@link applyTodoAnswers} did: the conversation with every waiting call answered, or why not. `invalid`: the
 * answers are not `{ id, approved, reason? }` objects or break a rule of the plan (`problems`, in the model's
 * words): HTTP 400. `stale`: an answer names no call waiting in the last message, or a call waiting there has no
 * answer (answered already, from another chat, or an old page): HTTP 409.
 */
export type TodoAnswersResult<Message> =
  | { ok: true; messages: Message[] }
  | { ok: false; reason: 'invalid' | 'stale'; error: string; problems?: TodoProblem[] };

/**
 * Applies a person's answers (`addToolApprovalResponse`'s arguments, as the page sends them: `{ id, approved,
 * reason? }`, an edited plan in `reason` as `todoEditReason` writes it) to the calls waiting for approval in the
 * last message of a stored conversation, as the browser would have: the parts become `approval-responded`. An
 * edited plan is approved, checked with the tool's rules and `settings`' limits (the ones `createTodoWrite` was
 * given), and sent on rebuilt from the checked list. Nothing else of the request is read; `messages` is not changed.
 */
export function applyTodoAnswers<Message extends { parts: readonly unknown[] }>(
  messages: readonly Message[],
  answers: unknown,
  settings: TodoWriteSettings = {},
): TodoAnswersResult<Message> {
  const limits = resolveTodoLimits(settings, 'applyTodoAnswers');
  if (!Array.isArray(answers) || answers.length === 0)
    return invalid('Send the answers as a list: [{ id, approved, reason? }].');
  const byId = new Map<string, { approved: boolean; reason: string | undefined }>();
  for (const answer of answers as unknown[]) {
    const { id, approved, reason } = (answer ?? {}) as Record<string, unknown>;
    if (typeof id !== 'string' || typeof approved !== 'boolean')
      return invalid('Each answer is { id, approved, reason? }.');
    if (reason !== undefined && typeof reason !== 'string') return invalid('A reason is text.');
    if (byId.has(id)) return invalid('Each call is answered once.');
    const edited = readTodoEdit(reason);
    if (edited !== undefined) {
      if (!approved) return invalid('An edited plan is approved.');
      const { todos, problems } = ruleOnTodos({ todos: edited }, limits);
      if (!todos)
        return { ok: false, reason: 'invalid', error: 'The edited plan breaks the rules of the plan.', problems };
      byId.set(id, { approved, reason: todoEditReason(trimmedEdit(todos)) });
      continue;
    }
    // The person edited the plan: running the model's own instead would drop their edit without a word.
    if (isEditReason(reason)) return invalid('The edited plan cannot be read: send it as todoEditReason writes it.');
    const words = reason?.trim();
    if (words !== undefined && words.length > MAX_REASON_LENGTH)
      return invalid(`A reason has at most ${MAX_REASON_LENGTH} characters.`);
    byId.set(id, { approved, reason: words || undefined });
  }
  const last = Array.isArray(messages) ? messages.at(-1) : undefined;
  let answered = 0;
  let unanswered = false;
  const parts = partsOf(last).map((part) => {
    const { state, approval } = (part ?? {}) as { state?: unknown; approval?: { id?: unknown } };
    if (state !== 'approval-requested' || typeof approval?.id !== 'string') return part;
    const answer = byId.get(approval.id);
    if (answer === undefined) {
      unanswered = true;
      return part;
    }
    answered += 1;
    const { approved, reason } = answer;
    return {
      ...(part as object),
      state: 'approval-responded',
      approval: { id: approval.id, approved, ...(reason ? { reason } : {}) },
    };
  });
  if (last === undefined || answered !== byId.size || unanswered)
    return {
      ok: false,
      reason: 'stale',
      error: 'The answers do not match the calls waiting for review: reload the chat.',
    };
  return { ok: true, messages: [...messages.slice(0, -1), { ...last, parts }] };
}

function invalid(error: string): { ok: false; reason: 'invalid'; error: string } {
  return { ok: false, reason: 'invalid', error };
}
