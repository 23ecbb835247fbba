import type { ReactNode } from 'react';

/** Texts of {@link TodoReviewControls}. */
export interface TodoReviewControlsLabels {
  /** Default `'Approve'`. */
  approve: string;
  /** Default `'Request changes'`. */
  requestChanges: string;
}

/** The elements of {@link TodoReviewControls} that take a class name. */
export type TodoReviewControlsSlot = 'review' | 'approve' | 'requestChanges' | 'reason' | 'submit';

/** Props of {@link TodoReviewControls}. */
export interface TodoReviewControlsProps {
  /** The approval request to answer: `TodoState.approvalId`. */
  approvalId: string;
  /** `useChat().addToolApprovalResponse`. */
  onRespond: (response: { id: string; approved: boolean; reason?: string }) => void | PromiseLike<void>;
  /** Texts, for other languages. Default: English. */
  labels?: Partial<TodoReviewControlsLabels> | undefined;
  /** Class names per element. */
  classNames?: Partial<Record<TodoReviewControlsSlot, string>> | undefined;
}

/** Approve or request changes to a proposed plan: two buttons that answer the approval request. */
export function TodoReviewControls(props: TodoReviewControlsProps): ReactNode {
  const { approvalId, onRespond, labels = {}, classNames = {} } = props;
  return (
    <div data-todo-review="" className={classNames.review}>
      <button
        type="button"
        className={classNames.approve}
        onClick={() => void onRespond({ id: approvalId, approved: true })}
      >
        {labels.approve ?? 'Approve'}
      </button>
      <button
        type="button"
        className={classNames.requestChanges}
        onClick={() => void onRespond({ id: approvalId, approved: false })}
      >
        {labels.requestChanges ?? 'Request changes'}
      </button>
    </div>
  );
}
