import { useMemo } from 'react';
import type { AnyTodoState } from '../todo-selector.js';
import type { AddToolApprovalResponse } from './todo-review-controls.js';

/** The pending review of a plan, for controls of your own (see {@link useTodoReview}). */
export interface TodoReview {
  /** The pending approval's id. */
  approvalId: string;
  /** Lets the agent run the proposed list; a `reason` is optional. */
  approve(reason?: string): void | PromiseLike<void>;
  /** Sends the list back: the model reads `reason` and answers with a whole revised list. */
  requestChanges(reason?: string): void | PromiseLike<void>;
}

/**
 * The headless side of `<TodoReviewControls>`: while `state` is in phase `'review'`, its approval id
 * and two functions that answer it through `addToolApprovalResponse` (`useChat()`'s, or any callback
 * of its shape); `undefined` in every other phase or without `addToolApprovalResponse`.
 */
export function useTodoReview(
  state: AnyTodoState,
  addToolApprovalResponse: AddToolApprovalResponse | undefined,
): TodoReview | undefined {
  const approvalId = state.phase === 'review' ? state.approvalId : undefined;
  return useMemo(() => {
    if (approvalId === undefined || addToolApprovalResponse === undefined) return undefined;
    const answer = (approved: boolean, reason: string | undefined) => {
      const said = reason?.trim();
      return addToolApprovalResponse(said ? { id: approvalId, approved, reason: said } : { id: approvalId, approved });
    };
    return {
      approvalId,
      approve: (reason) => answer(true, reason),
      requestChanges: (reason) => answer(false, reason),
    };
  }, [approvalId, addToolApprovalResponse]);
}
