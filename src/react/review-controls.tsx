/**
 * `<TodoReviewControls>`: the review controls, loaded on first use, so a page that neither passes
 * `addToolApprovalResponse` to a list nor renders the controls never downloads them.
 */
import { forwardRef, type ReactNode, useEffect, useSyncExternalStore } from 'react';
import type { ReviewControls, TodoReviewControlsProps } from './todo-review-controls.js';

// The module, once loaded: code, not data, so one copy serves every list on the page.
let loaded: typeof ReviewControls | undefined;
let requested = false;
const listeners = new Set<() => void>();

function load(): void {
  if (requested) return;
  requested = true;
  import('./todo-review-controls.js').then(
    (module) => {
      loaded = module.ReviewControls;
      for (const listener of listeners) listener();
    },
    (error: unknown) => {
      requested = false; // the next commit of a list that wants them tries again
      console.error('todo-write: the review controls failed to load; retried on the next update', error);
    },
  );
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const subscribeNever = (): (() => void) => () => {};

/**
 * The review controls once loaded, else `undefined`; `wanted` starts the download (again at each commit after a
 * failed one). The server and hydration render without them, so the markup always matches.
 */
export function useReviewControls(wanted: boolean): typeof ReviewControls | undefined {
  useEffect(() => {
    if (wanted && !loaded) load();
  });
  return useSyncExternalStore(
    wanted ? subscribe : subscribeNever,
    () => (wanted ? loaded : undefined),
    () => undefined,
  );
}

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
