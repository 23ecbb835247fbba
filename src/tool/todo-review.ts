/** Which calls wait for review: the policy, and its adapters for AI SDK 6 `needsApproval` and 7 `toolApproval`. */
import * as ai from 'ai';
import { isSameTaskSet } from '../plan/match-todo-texts.js';
import type { Todo } from '../plan/todo-statuses.js';
import { bindTodoTool, resolveTodoLimits, type BoundShape, type TodoWriteSettings } from '../plan/todo-tool-shape.js';
import { readPlan } from '../read/read-todos.js';
import { callOutcome, readTodoCalls } from '../read/todo-calls.js';
import { validateWith } from './validate-todos.js';

/**
 * Which writes wait: `'never'` (default); `'first-plan'`, any while none was accepted since the last user message;
 * `'changes'`, any that adds or removes tasks (a rename is both); a function of the proposed list and the last
 * accepted one (`[]` when none). A list the tool rejects never waits.
 */
export type TodoReviewPolicy =
  | 'never'
  | 'first-plan'
  | 'changes'
  | ((proposed: readonly Todo[], before: readonly Todo[]) => boolean);

/** Whether the write with `input` waits under `policy`, given the messages the SDK passes to its approval check. */
function needsTodoReview(
  policy: Exclude<TodoReviewPolicy, 'never'>,
  input: unknown,
  messages: unknown,
  reader: BoundShape,
): boolean {
  const result = validateWith(input, reader.limits!, false);
  if (!result.valid) return false;
  const history = Array.isArray(messages) ? messages : [];
  if (policy === 'first-plan') {
    const lastUser = history.findLastIndex((message) => (message as { role?: unknown } | null)?.role === 'user');
    return !readTodoCalls(history.slice(lastUser + 1), reader).some((call) => callOutcome(call) === 'accepted');
  }
  const before = readPlan(history, reader) as Todo[];
  const texts = (list: readonly Todo[]): string[] => list.map((todo) => todo.content);
  if (policy === 'changes') return !isSameTaskSet(texts(before), texts(result.todos));
  return policy(result.todos, before) === true;
}

/** Throws on AI SDK 5 (no tool approvals), so asking for review fails at setup instead of never asking. */
function assertTodoReviewSupported(policy: TodoReviewPolicy, caller: string): void {
  if (policy === 'never') return;
  const sdk = ai as unknown as Record<string, unknown>;
  if (typeof sdk.lastAssistantMessageIsCompleteWithApprovalResponses !== 'function') {
    throw new Error(
      `${caller}: review needs tool approvals, which AI SDK 5 does not have. Use AI SDK 6 or 7, or leave review at 'never'.`,
    );
  }
}

/** Throws a `TypeError` for a policy that is none of the four kinds. */
function checkPolicy(policy: unknown, caller: string): asserts policy is TodoReviewPolicy {
  if (typeof policy === 'function' || policy === 'never' || policy === 'first-plan' || policy === 'changes') return;
  throw new TypeError(
    `${caller}: review must be 'never', 'first-plan', 'changes' or a function (proposed, before) => boolean, got ${String(policy)}.`,
  );
}

/** The policy bound to the tool's settings, checked once. */
function bindPolicy(
  policy: unknown,
  settings: TodoWriteSettings,
  caller: string,
): ((input: unknown, callOptions: { messages: readonly unknown[] }) => boolean) | undefined {
  checkPolicy(policy, caller);
  assertTodoReviewSupported(policy, caller);
  if (policy === 'never') return undefined;
  resolveTodoLimits(settings, caller);
  const reader = bindTodoTool(settings);
  return (input, callOptions) => needsTodoReview(policy, input, callOptions?.messages ?? [], reader);
}

/** The tool fields for `createTodoWrite({ review })`: AI SDK 6 `needsApproval` (7 honours it), none for `'never'`. */
export function todoWriteApproval(
  policy: unknown,
  settings: TodoWriteSettings,
): { needsApproval?: (input: unknown, callOptions: { messages: readonly unknown[] }) => boolean } {
  const needsApproval = bindPolicy(policy, settings, 'createTodoWrite');
  return needsApproval ? { needsApproval } : {};
}

/**
 * The policy as an AI SDK 7 `toolApproval` check (on 6, use `createTodoWrite({ review })`); throws on AI SDK 5.
 * `settings`: the tool's name and limits, as given to `createTodoWrite` (default `todo_write`, 50 tasks of 200 characters).
 */
export function todoReview(
  policy: TodoReviewPolicy,
  settings: TodoWriteSettings = {},
): (input: unknown, callOptions: { messages: readonly unknown[] }) => 'user-approval' | 'not-applicable' {
  const needs = bindPolicy(policy, settings, 'todoReview');
  return (input, callOptions) => (needs?.(input, callOptions) ? 'user-approval' : 'not-applicable');
}
