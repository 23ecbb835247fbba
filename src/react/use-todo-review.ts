/** `useTodoReview`: the headless side of the review controls. */
import { useMemo } from 'react';
import { type AnyTodoState, checkTodoEdit, editAnswer, reviewAnswer, type Todo, type TodoEditCheck } from '../core.js';
import type { AddToolApprovalResponse } from './todo-review-controls.js';

/** The pending review of a plan, for controls of your own (see {@link useTodoReview}). */
export interface TodoReview {
  /** The pending approval's id. */
  approvalId: string;
  /** The proposed list, as the model wrote it: where an editor starts. */
  todos: readonly Todo[];
  /** Lets the agent run the proposed list; a `reason` is optional. */
  approve(reason?: string): void | PromiseLike<void>;
  /** Sends the list back: the model reads `reason` and answers with a whole revised list. */
  requestChanges(reason?: string): void | PromiseLike<void>;
  /** The tool's rules and limits applied to an edited list (per task and for its length), as the person types. */
  check(todos: readonly Todo[]): TodoEditCheck;
  /**
   * Approves `todos` in place of the proposal: the tool checks and stores them, and the model is told the person
   * edited its list. Sends nothing and returns `false` when they break a rule, or for another agent's plan.
   */
  approveEdited(todos: readonly Todo[]): boolean;
}

/**
 * The headless side of `<TodoReviewControls>`: while `state` is in phase `'review'`, its approval id, the proposal, and
 * functions that answer it through `addToolApprovalResponse` (`useChat()`'s, or any callback of its shape); `undefined`
 * in every other phase or without `addToolApprovalResponse`. Edits are held to the limits the state carries.
 */
export function useTodoReview(
  state: AnyTodoState,
  addToolApprovalResponse: AddToolApprovalResponse | undefined,
): TodoReview | undefined {
  const approvalId = state.phase === 'review' ? state.approvalId : undefined;
  const limits = state.phase === 'review' ? state.limits : undefined;
  const { todos } = state;
  return useMemo(() => {
    if (approvalId === undefined || addToolApprovalResponse === undefined) return undefined;
    const answer = (approved: boolean, reason: string | undefined) =>
      addToolApprovalResponse(reviewAnswer(approvalId, approved, reason));
    const proposed = todos.map(({ content, status }) => ({ content, status: status as Todo['status'] }));
    return {
      approvalId,
      todos: proposed,
      approve: (reason) => answer(true, reason),
      requestChanges: (reason) => answer(false, reason),
      check: (edited) =>
        limits ? checkTodoEdit(edited, limits) : { valid: false, items: edited.map(() => undefined), tooMany: false },
      approveEdited: (edited) => {
        const response = limits ? editAnswer(approvalId, proposed, edited, limits) : undefined;
        if (response) void addToolApprovalResponse(response);
        return response !== undefined;
      },
    };
  }, [approvalId, addToolApprovalResponse, todos, limits]);
}
