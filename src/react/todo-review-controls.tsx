/** Approve, Request changes and Edit plan for a plan that waits for review. */
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
import { type AnyTodoState, editAnswer, reviewAnswer, type TodoLabels, withDefaults } from '../core.js';
import { loadOnUse, useLoaded } from './load-on-use.js';

const planEditor = loadOnUse('the plan editor', () =>
  import('./todo-plan-editor.js').then((module) => module.TodoPlanEditor),
);

/**
 * `useChat().addToolApprovalResponse`, or any callback of its shape: answers the approval `id` (`state.approvalId`),
 * with the person's `reason`, which the model reads.
 */
export type AddToolApprovalResponse = (response: {
  id: string;
  approved: boolean;
  reason?: string;
}) => void | PromiseLike<void>;

/** The elements of the controls that take a class name through `classNames`. */
export type TodoReviewSlot = 'review' | 'approve' | 'requestChanges' | 'editPlan' | 'reason' | 'submit';

/** Props of `<TodoReviewControls>`; other props and the ref go to the root `<div role="group">`. */
export type TodoReviewControlsProps = {
  /** The checklist's state (`useTodos`): the controls show while it is in phase `'review'`. */
  state: AnyTodoState;
  /** Called once with the answer: pass `useChat().addToolApprovalResponse`. */
  onRespond: AddToolApprovalResponse;
  /** Texts, for other languages (their `review` part). Default English. */
  labels?: Partial<TodoLabels> | undefined;
  /** Class names per element (`review` is the root). */
  classNames?: Partial<Record<TodoReviewSlot, string>> | undefined;
} & Omit<ComponentPropsWithoutRef<'div'>, 'children'>;

/** `<TodoReviewControls>` once loaded (src/react/review-controls.tsx loads it). */
export const ReviewControls = forwardRef<HTMLDivElement, TodoReviewControlsProps>(
  function ReviewControls(props, ref): ReactNode {
    const { state, onRespond, labels: labelOverrides, classNames = {}, className, ...rootProps } = props;
    const labels = withDefaults(labelOverrides).review;
    const approvalId = state.phase === 'review' ? state.approvalId : '';
    const limits = state.phase === 'review' ? state.limits : undefined;
    const id = useId();
    const [mode, setMode] = useState<'buttons' | 'reason' | 'edit'>('buttons');
    // The editor is loaded when "Edit plan" is first pressed; until then the plan and focus stay as they are.
    const [opening, setOpening] = useState(false);
    const Editor = useLoaded(planEditor, opening || mode === 'edit');
    if (opening && Editor) {
      setOpening(false);
      setMode('edit');
    }
    const [reason, setReason] = useState('');
    const [answered, setAnswered] = useState<string | undefined>(undefined);
    const fieldRef = useRef<HTMLInputElement>(null);
    const requestRef = useRef<HTMLButtonElement>(null);
    const editRef = useRef<HTMLButtonElement>(null);
    const returnFocus = useRef<'reason' | 'edit' | undefined>(undefined);

    // A new proposal starts with the buttons again.
    const [shownFor, setShownFor] = useState(approvalId);
    if (shownFor !== approvalId) {
      setShownFor(approvalId);
      setMode('buttons');
      setReason('');
      setAnswered(undefined);
    }

    // The return target is taken only by the effect of the buttons' render, so an effect still pending from opening cannot drop it.
    useEffect(() => {
      if (mode === 'reason') fieldRef.current?.focus();
      else if (mode === 'buttons' && returnFocus.current) {
        (returnFocus.current === 'edit' ? editRef : requestRef).current?.focus();
        returnFocus.current = undefined;
      }
    }, [mode]);

    const send = (response: Parameters<AddToolApprovalResponse>[0] | undefined): void => {
      if (answered === approvalId || response === undefined) return;
      setAnswered(approvalId);
      // A failed answer (the callback rejected) can be given again.
      Promise.resolve(onRespond(response)).catch((error: unknown) => {
        setAnswered(undefined);
        throw error;
      });
    };
    const respond = (approved: boolean, text?: string): void => send(reviewAnswer(approvalId, approved, text));
    const cancel = (): void => {
      returnFocus.current = mode === 'edit' ? 'edit' : 'reason';
      setMode('buttons');
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
    const openEditor = (): void => {
      if (busy) return;
      setOpening(true);
    };
    if (state.phase !== 'review') return null;
    const todos = limits ? state.todos : undefined;

    return (
      // biome-ignore lint/a11y/useSemanticElements: a <fieldset> brings its own border and padding into unstyled lists.
      <div
        {...rootProps}
        ref={ref}
        role="group"
        aria-label={labels.group}
        data-todo-review=""
        data-editing={mode === 'buttons' ? undefined : mode}
        className={[className, classNames.review].filter(Boolean).join(' ') || undefined}
      >
        {mode === 'edit' && Editor && todos && limits ? (
          <Editor
            proposed={todos}
            limits={limits}
            labels={labels}
            busy={busy}
            onApprove={(edited) => send(editAnswer(approvalId, todos, edited, limits))}
            onCancel={cancel}
          />
        ) : mode === 'reason' ? (
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
                if (!busy) setMode('reason');
              }}
              data-todo-review-request=""
              className={classNames.requestChanges}
            >
              {labels.requestChanges}
            </button>
            {todos && (
              <button
                ref={editRef}
                type="button"
                aria-disabled={busy || undefined}
                onClick={openEditor}
                data-todo-review-edit=""
                className={classNames.editPlan}
              >
                {labels.editPlan}
              </button>
            )}
          </>
        )}
      </div>
    );
  },
);
