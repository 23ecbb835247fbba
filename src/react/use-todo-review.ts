/** `useTodoReview`: the headless side of the review controls. */
import { useMemo } from 'react';
import { asTodo, type Todo } from '../todo.js';
import { checkTodoEdit, editAnswer, type TodoEditCheck } from '../todo-edit.js';
import type { AnyTodoState } from '../todo-selector.js';
import { DEFAULT_MAX_TODOS } from '../todo-write-input-schema.js';
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
  /** The tool's rules applied to an edited list (per task and for its length), as the person types. */
  check(todos: readonly Todo[]): TodoEditCheck;
  /**
   * Approves `todos` in place of the proposal: the tool checks and stores them, and the model is told
   * the person edited its list. Sends nothing and returns `false` when they break a rule.
   */
  approveEdited(todos: readonly Todo[]): boolean;
}

/**
 * The headless side of `<TodoReviewControls>`: while `state` is in phase `'review'`, its approval id,
 * the proposal, and functions that answer it through `addToolApprovalResponse` (`useChat()`'s, or any
 * callback of its shape); `undefined` in every other phase or without `addToolApprovalResponse`.
 * `options.maxTodos`: the tool's limit an edit is held to. Default 50.
 */
export function useTodoReview(
  state: AnyTodoState,
  addToolApprovalResponse: AddToolApprovalResponse | undefined,
  options: { maxTodos?: number } = {},
): TodoReview | undefined {
  const approvalId = state.phase === 'review' ? state.approvalId : undefined;
  const { todos } = state;
  const maxTodos = options.maxTodos ?? DEFAULT_MAX_TODOS;
  return useMemo(() => {
    if (approvalId === undefined || addToolApprovalResponse === undefined) return undefined;
    const answer = (approved: boolean, reason: string | undefined) => {
      const said = reason?.trim();
      return addToolApprovalResponse(said ? { id: approvalId, approved, reason: said } : { id: approvalId, approved });
    };
    const proposed = todos.map(asTodo);
    return {
      approvalId,
      todos: proposed,
      approve: (reason) => answer(true, reason),
      requestChanges: (reason) => answer(false, reason),
      check: (edited) => checkTodoEdit(edited, maxTodos),
      approveEdited: (edited) => {
        const response = editAnswer(approvalId, proposed, edited, maxTodos);
        if (response) void addToolApprovalResponse(response);
        return response !== undefined;
      },
    };
  }, [approvalId, addToolApprovalResponse, todos, maxTodos]);
}
