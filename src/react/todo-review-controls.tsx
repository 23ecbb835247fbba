import {
  type ComponentPropsWithoutRef,
  type FormEvent,
  forwardRef,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';

/** An answer to a pending approval: the shape of `useChat().addToolApprovalResponse`'s argument. */
export interface TodoApprovalResponse {
  /** The approval's id (`state.approvalId`). */
  id: string;
  approved: boolean;
  /** Why, in the person's words: the model reads it. */
  reason?: string;
}

/** `useChat().addToolApprovalResponse`, or any callback of its shape. */
export type AddToolApprovalResponse = (response: TodoApprovalResponse) => void | PromiseLike<void>;

/** Texts of {@link TodoReviewControls}. */
export interface TodoReviewLabels {
  /** Accessible name of the group. Default `'Review the plan'`. */
  group: string;
  /** Default `'Approve'`. */
  approve: string;
  /** Default `'Request changes'`. */
  requestChanges: string;
  /** The reason field's label: what to type. Default `'What should change?'`. */
  reason: string;
  /** Sends the reason. Default `'Send'`. */
  submit: string;
  /** Hides the field again (so does Escape). Default `'Cancel'`. */
  cancel: string;
}

/** The English defaults. */
export const DEFAULT_TODO_REVIEW_LABELS: TodoReviewLabels = {
  group: 'Review the plan',
  approve: 'Approve',
  requestChanges: 'Request changes',
  reason: 'What should change?',
  submit: 'Send',
  cancel: 'Cancel',
};

/** The elements of the controls that take a class name through `classNames`. */
export type TodoReviewSlot = 'review' | 'approve' | 'requestChanges' | 'reason' | 'submit';

/** Props of {@link TodoReviewControls}; other props and the ref go to the root `<div role="group">`. */
export type TodoReviewControlsProps = {
  /** The pending approval (`state.approvalId` in phase `'review'`). */
  approvalId: string;
  /** Called once with the answer: pass `useChat().addToolApprovalResponse`. */
  onRespond: AddToolApprovalResponse;
  /** Texts, for other languages. Default {@link DEFAULT_TODO_REVIEW_LABELS}. */
  labels?: Partial<TodoReviewLabels> | undefined;
  /** Class names per element (`review` is the root). */
  classNames?: Partial<Record<TodoReviewSlot, string>> | undefined;
} & Omit<ComponentPropsWithoutRef<'div'>, 'children'>;

/**
 * "Approve" and "Request changes" for a proposed plan. "Request changes" reveals a text field
 * labelled with what to type and a submit button: Enter sends, Escape (or Cancel) closes it and
 * focus returns to "Request changes". Each approval is answered once; a new `approvalId` starts over.
 */
export const TodoReviewControls = forwardRef<HTMLDivElement, TodoReviewControlsProps>(
  function TodoReviewControls(props, ref): ReactNode {
    const { approvalId, onRespond, labels: labelOverrides, classNames = {}, className, ...rootProps } = props;
    const labels = { ...DEFAULT_TODO_REVIEW_LABELS, ...labelOverrides };
    const id = useId();
    const [editing, setEditing] = useState(false);
    const [reason, setReason] = useState('');
    const [answered, setAnswered] = useState<string | undefined>(undefined);
    const fieldRef = useRef<HTMLInputElement>(null);
    const requestRef = useRef<HTMLButtonElement>(null);
    const returnFocus = useRef(false);

    // A new proposal starts with the buttons again.
    const [shownFor, setShownFor] = useState(approvalId);
    if (shownFor !== approvalId) {
      setShownFor(approvalId);
      setEditing(false);
      setReason('');
      setAnswered(undefined);
    }

    useEffect(() => {
      if (editing) fieldRef.current?.focus();
      else if (returnFocus.current) requestRef.current?.focus();
      returnFocus.current = false;
    }, [editing]);

    const respond = (approved: boolean, text?: string): void => {
      if (answered === approvalId) return;
      setAnswered(approvalId);
      const said = text?.trim();
      // A failed answer (the callback rejected) can be given again.
      Promise.resolve(
        onRespond(said ? { id: approvalId, approved, reason: said } : { id: approvalId, approved }),
      ).catch((error: unknown) => {
        setAnswered(undefined);
        throw error;
      });
    };
    const cancel = (): void => {
      returnFocus.current = true;
      setEditing(false);
    };
    const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
      event.preventDefault();
      respond(false, reason);
    };
    const onKeyDown = (event: KeyboardEvent<HTMLFormElement>): void => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopPropagation();
      cancel();
    };
    const busy = answered === approvalId;

    return (
      // biome-ignore lint/a11y/useSemanticElements: a <fieldset> brings its own border and padding into unstyled lists.
      <div
        {...rootProps}
        ref={ref}
        role="group"
        aria-label={labels.group}
        data-todo-review=""
        data-editing={editing ? '' : undefined}
        className={[className, classNames.review].filter(Boolean).join(' ') || undefined}
      >
        {editing ? (
          <form data-todo-review-form="" onSubmit={onSubmit} onKeyDown={onKeyDown}>
            <label htmlFor={`${id}r`} data-todo-review-label="">
              {labels.reason}
            </label>
            <input
              ref={fieldRef}
              id={`${id}r`}
              type="text"
              autoComplete="off"
              enterKeyHint="send"
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              data-todo-review-reason=""
              className={classNames.reason}
            />
            <span data-todo-review-actions="">
              <button
                type="submit"
                aria-disabled={busy || undefined}
                data-todo-review-submit=""
                className={classNames.submit}
              >
                {labels.submit}
              </button>
              <button type="button" onClick={cancel} data-todo-review-cancel="">
                {labels.cancel}
              </button>
            </span>
          </form>
        ) : (
          <>
            <button
              type="button"
              aria-disabled={busy || undefined}
              onClick={() => respond(true)}
              data-todo-review-approve=""
              className={classNames.approve}
            >
              {labels.approve}
            </button>
            <button
              ref={requestRef}
              type="button"
              aria-disabled={busy || undefined}
              onClick={() => {
                if (!busy) setEditing(true);
              }}
              data-todo-review-request=""
              className={classNames.requestChanges}
            >
              {labels.requestChanges}
            </button>
          </>
        )}
      </div>
    );
  },
);
