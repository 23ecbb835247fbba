/**
 * Which `todo_write` calls wait for the person's review before they run: a policy, and its
 * adapters for AI SDK 6 (the tool's `needsApproval`) and AI SDK 7 (`toolApproval`).
 */
import * as ai from 'ai';
import { isSameTaskSet } from './match-todo-texts.js';
import { callOutcome, readTodoCalls } from './read-todo-calls.js';
import { readTodos } from './read-todos.js';
import type { Todo } from './todo.js';
import { todoWriteShape } from './todo-tool-shape.js';
import { type TodoLimits, validateTodos } from './validate-todos.js';

/**
 * Decides from the proposed list and the last accepted one (`[]` when none) whether a write waits
 * for the person.
 */
type TodoReviewFunction = (proposed: readonly Todo[], before: readonly Todo[]) => boolean;

/**
 * Which writes wait for the person:
 * - `'never'` (the default): none;
 * - `'first-plan'`: the first write of each user request, i.e. no write was accepted since the
 *   last user message (a denied write's revision waits again);
 * - `'changes'`: any write that adds or removes tasks against the last accepted list (a rename
 *   is both); a write that only changes statuses never waits;
 * - a {@link TodoReviewFunction} for anything else.
 *
 * A list the tool would reject never waits: the model hears the problems first.
 */
export type TodoReviewPolicy = 'never' | 'first-plan' | 'changes' | TodoReviewFunction;

/** The tool's limits, and `tool`: the name it is registered under (default `'todo_write'`). */
interface TodoReviewOptions extends TodoLimits {
  tool?: string;
}

/** The conversation as the SDK hands it to an approval check (`ModelMessage[]`). */
type ApprovalMessages = readonly unknown[];

/**
 * Whether the write with `input` waits for the person under `policy`, given the model messages
 * that led to the call (what the SDK passes to `needsApproval` and `toolApproval`). Pure.
 */
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

/**
 * Throws when the installed `ai` has no tool approvals (AI SDK 5), so asking for review fails at
 * setup instead of never asking.
 */
export function assertTodoReviewSupported(policy: TodoReviewPolicy, caller: string): void {
  if (policy === 'never') return;
  const sdk = ai as unknown as Record<string, unknown>;
  if (typeof sdk.lastAssistantMessageIsCompleteWithApprovalResponses !== 'function') {
    throw new Error(
      `${caller}: review needs tool approvals, which AI SDK 5 does not have. Use AI SDK 6 or 7, or leave review at 'never'.`,
    );
  }
}

/**
 * The tool fields that make `createTodoWrite({ review })` ask: none for `'never'`, else an AI SDK 6
 * style `needsApproval` (AI SDK 7 still honours it). Checks the policy and the SDK at setup.
 */
export function todoWriteApproval(
  policy: unknown,
  limits: TodoLimits,
): { needsApproval?: (input: unknown, callOptions: { messages: ApprovalMessages }) => boolean } {
  checkPolicy(policy, 'createTodoWrite');
  assertTodoReviewSupported(policy, 'createTodoWrite');
  if (policy === 'never') return {};
  return { needsApproval: (input, callOptions) => needsTodoReview(policy, input, callOptions?.messages ?? [], limits) };
}

/** The AI SDK 7 approval status {@link todoReview} returns. */
type TodoReviewStatus = 'user-approval' | 'not-applicable';

/**
 * The policy as an AI SDK 7 per-tool approval check:
 * `toolApproval: { todo_write: todoReview('first-plan') }` on `streamText`, `generateText` or
 * `ToolLoopAgent`. Returns `'user-approval'` for a write that waits, else `'not-applicable'`.
 * Throws at once on AI SDK 5. (On AI SDK 6, use `createTodoWrite({ review })`.)
 */
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
