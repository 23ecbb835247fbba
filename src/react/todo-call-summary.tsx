import { type ComponentPropsWithoutRef, forwardRef, memo, type ReactNode } from 'react';
import { summarizeTodoCall, type TodoChangeLabels } from '../describe-todo-changes.js';
import type { TodoMessageLike } from '../read-todo-calls.js';
import { DENIED_WITHOUT_REASON, type SelectTodosOptions, type TodoState, todoChangesOf } from '../todo-selector.js';
import { useTodoSource } from './todo-provider.js';

/** Texts of {@link TodoCallSummary}: the change sentences, and what shows while the call is under way. */
export interface TodoCallSummaryLabels extends TodoChangeLabels {
  /** While the call streams or runs. Default `'Updating the plan…'`. */
  updating: string;
  /** While the proposed plan waits for the person's review. Default `'Waiting for your review'`. */
  reviewing: string;
}

/** Props of {@link TodoCallSummary}; other props (`id`, `style`, `aria-*`, …) and the ref go to the root `<p>`. */
export type TodoCallSummaryProps = {
  /** The call to summarise: the tool part's `toolCallId`. */
  toolCallId: string;
  /**
   * The conversation (`useChat().messages`). Default: the nearest `<TodoProvider>`'s, which reads the
   * conversation once for every summary (with `messages`, each summary reads it on its own).
   */
  messages?: readonly TodoMessageLike[] | undefined;
  /** `useChat().status` (with `messages`): a call the chat stopped reads as stopped, not as under way. */
  status?: SelectTodosOptions['status'];
  /** Default `'todo_write'` (with `messages`). */
  toolName?: string | undefined;
  /** Texts, for other languages. Default: English. */
  labels?: Partial<TodoCallSummaryLabels> | undefined;
} & Omit<ComponentPropsWithoutRef<'p'>, 'children'>;

/**
 * One line that says what a `todo_write` call did ("Completed 'Write tests' and started 'Run the
 * suite'", "Planned 7 tasks", "Rejected: …"), to render in place of the tool part in a chat message,
 * so the transcript does not repeat the whole list per call. A `<p data-todo-call-summary>` with
 * `data-phase` (and `data-rejection` when it failed). Renders again only when its call's state changes.
 */
export const TodoCallSummary = memo(
  forwardRef<HTMLParagraphElement, TodoCallSummaryProps>(function TodoCallSummary(props, ref): ReactNode {
    const { messages, toolCallId, status, toolName, labels, ...rootProps } = props;
    const state = useTodoSource({ messages, status, toolName, toolCallId });
    return (
      <p
        {...rootProps}
        ref={ref}
        data-todo-call-summary=""
        data-phase={state.phase}
        data-rejection={state.phase === 'rejected' ? state.rejection : undefined}
      >
        {summaryOf(state, labels)}
      </p>
    );
  }),
);

function summaryOf(state: TodoState, labels: Partial<TodoCallSummaryLabels> = {}): string {
  if (state.phase === 'accepted') {
    return summarizeTodoCall({ outcome: 'accepted', changes: todoChangesOf(state), todos: state.todos }, labels);
  }
  if (state.phase === 'rejected') {
    const { rejection, error } = state;
    if (rejection === 'error') return summarizeTodoCall({ outcome: 'rejected', error }, labels);
    const reason = error === DENIED_WITHOUT_REASON ? undefined : error;
    return summarizeTodoCall(rejection === 'denied' ? { outcome: 'denied', reason } : { outcome: rejection }, labels);
  }
  if (state.phase === 'review') return labels.reviewing ?? 'Waiting for your review';
  return state.phase === 'empty' ? '' : (labels.updating ?? 'Updating the plan…');
}
