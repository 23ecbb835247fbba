/** Which calls wait for review: the policy, and its adapters for AI SDK 6 `needsApproval` and 7 `toolApproval`. */
import * as ai from 'ai';
import { isSameTaskSet } from './match-todo-texts.js';
import { callOutcome, readTodoCalls } from './read-todo-calls.js';
import { readTodos } from './read-todos.js';
import type { Todo } from './todo.js';
import { todoWriteShape } from './todo-tool-shape.js';
import { type TodoLimits, validateTodos } from './validate-todos.js';

/** Whether a write waits, from the proposed list and the last accepted one (`[]` when none). */
type TodoReviewFunction = (proposed: readonly Todo[], before: readonly Todo[]) => boolean;

/**
 * Which writes wait: `'never'` (default); `'first-plan'`, any while none was accepted since the last user message;
 * `'changes'`, any that adds or removes tasks (a rename is both); a function. A list the tool rejects never waits.
 */
export type TodoReviewPolicy = 'never' | 'first-plan' | 'changes' | TodoReviewFunction;

/** The tool's limits, and `tool`: the name it is registered under (default `'todo_write'`). */
interface TodoReviewOptions extends TodoLimits {
  tool?: string;
}

type ApprovalMessages = readonly unknown[];

/** Whether the write with `input` waits under `policy`, given the messages the SDK passes to its approval check. */
export function needsTodoReview(
  policy: TodoReviewPolicy,
  input: unknown,
  messages: ApprovalMessages,
  options: TodoReviewOptions = {},
): boolean {
  if (policy === 'never') return false;
  const result = validateTodos(input, options);
  if (!result.valid) return false;
  const shape = todoWriteShape(options.tool);
  const history = Array.isArray(messages) ? messages : [];
  if (policy === 'first-plan') {
    const lastUser = history.findLastIndex((message) => (message as { role?: unknown } | null)?.role === 'user');
    return !readTodoCalls(history.slice(lastUser + 1), shape.name).some(
      (call) => callOutcome(call, shape) === 'accepted',
    );
  }
  const before = readTodos(history as Parameters<typeof readTodos>[0], { tool: shape });
  const texts = (list: readonly Todo[]): string[] => list.map((todo) => todo.content);
  if (policy === 'changes') return !isSameTaskSet(texts(before), texts(result.todos));
  return policy(result.todos, before) === true;
}

/** Throws on AI SDK 5 (no tool approvals), so asking for review fails at setup instead of never asking. */
export function assertTodoReviewSupported(policy: TodoReviewPolicy, caller: string): void {
  if (policy === 'never') return;
  const sdk = ai as unknown as Record<string, unknown>;
  if (typeof sdk.lastAssistantMessageIsCompleteWithApprovalResponses !== 'function') {
    throw new Error(
      `${caller}: review needs tool approvals, which AI SDK 5 does not have. Use AI SDK 6 or 7, or leave review at 'never'.`,
    );
  }
}

/** The tool fields for `createTodoWrite({ review })`: AI SDK 6 `needsApproval` (7 honours it), none for `'never'`. */
export function todoWriteApproval(
  policy: unknown,
  limits: TodoLimits,
): { needsApproval?: (input: unknown, callOptions: { messages: ApprovalMessages }) => boolean } {
  checkPolicy(policy, 'createTodoWrite');
  assertTodoReviewSupported(policy, 'createTodoWrite');
  if (policy === 'never') return {};
  return { needsApproval: (input, callOptions) => needsTodoReview(policy, input, callOptions?.messages ?? [], limits) };
}

type TodoReviewStatus = 'user-approval' | 'not-applicable';

/** The policy as an AI SDK 7 `toolApproval` check (on 6, use `createTodoWrite({ review })`); throws on AI SDK 5. */
export function todoReview(
  policy: TodoReviewPolicy,
  options: TodoReviewOptions = {},
): (input: unknown, callOptions: { messages: ApprovalMessages }) => TodoReviewStatus {
  checkPolicy(policy, 'todoReview');
  assertTodoReviewSupported(policy, 'todoReview');
  return (input, callOptions) =>
    needsTodoReview(policy, input, callOptions?.messages ?? [], options) ? 'user-approval' : 'not-applicable';
}

/** Throws a `TypeError` for a policy that is none of the four kinds. */
export function checkPolicy(policy: unknown, caller: string): asserts policy is TodoReviewPolicy {
  if (typeof policy === 'function' || policy === 'never' || policy === 'first-plan' || policy === 'changes') return;
  throw new TypeError(
    `${caller}: review must be 'never', 'first-plan', 'changes' or a function (proposed, before) => boolean, got ${String(policy)}.`,
  );
}
