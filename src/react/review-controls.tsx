/**
 * `<TodoReviewControls>`: the review controls, loaded on first use, so a page that neither passes
 * `addToolApprovalResponse` to a list nor renders the controls never downloads them.
 */
import { forwardRef, type ReactNode } from 'react';
import { loadOnUse, useLoaded } from './load-on-use.js';
import type { TodoReviewControlsProps } from './todo-review-controls.js';

const reviewControls = loadOnUse('the review controls', () =>
  import('./todo-review-controls.js').then((module) => module.ReviewControls),
);

/** The review controls once loaded, else `undefined`; `wanted` starts the download. */
export const useReviewControls = (wanted: boolean) => useLoaded(reviewControls, wanted);

/**
 * "Approve" and "Request changes" for a plan that waits for review (nothing in any other phase), and "Edit plan" for
 * `todo_write`'s plans, whose limits the state carries.
 * "Request changes" reveals a text field labelled with what to type and a submit button: Enter
 * sends, Escape (or Cancel) closes it and focus returns to "Request changes". "Edit plan" shows each
 * task as a field ("Task 1"…) with buttons to move and remove it and "Add task"; the tool's rules are
 * checked as the person types, and Approve sends the edited list with the approval (nothing is sent
 * while a rule is broken). Each approval is answered once; a new `approvalId` starts over.
 * The controls are a chunk of their own, loaded when the first of them mounts (or the first `<TodoList>` given
 * `addToolApprovalResponse`): until then they render nothing. Outside review they render nothing either, so a page
 * may keep them mounted to have them ready before a plan waits.
 */
export const TodoReviewControls = forwardRef<HTMLDivElement, TodoReviewControlsProps>(
  function TodoReviewControls(props, ref): ReactNode {
    const Loaded = useReviewControls(true);
    return Loaded ? <Loaded {...props} ref={ref} /> : null;
  },
);
