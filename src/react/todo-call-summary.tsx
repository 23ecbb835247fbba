import { type ComponentPropsWithoutRef, forwardRef, type ReactNode } from 'react';
import { summarizeTodoCall, type TodoChangeLabels } from '../describe-todo-changes.js';
import type { TodoMessageLike } from '../read-todo-calls.js';
import type { SelectTodosOptions } from '../todo-selector.js';
import { type TodoState, todoChangesOf } from '../todo-state.js';
import { useTodos } from './use-todos.js';

/** Texts of {@link TodoCallSummary}: the change sentences, and what shows while the call is under way. */
export interface TodoCallSummaryLabels extends TodoChangeLabels {
  /** While the call streams or runs. Default `'Updating the plan…'`. */
  updating: string;
  /** While the call waits for the person's review. Default `'Waiting for your review'`. */
  reviewing: string;
}

/** Props of {@link TodoCallSummary}; other props (`id`, `style`, `aria-*`, …) and the ref go to the root `<p>`. */
export type TodoCallSummaryProps = {
  /** The conversation (`useChat().messages`). */
  messages: readonly TodoMessageLike[];
  /** The call to summarise: the tool part's `toolCallId`. */
  toolCallId: string;
  /** `useChat().status`: a call the chat stopped reads as stopped, not as under way. */
  status?: SelectTodosOptions['status'];
  /** Default `'todo_write'`. */
  toolName?: string;
  /** Texts, for other languages. Default: English. */
  labels?: Partial<TodoCallSummaryLabels>;
} & Omit<ComponentPropsWithoutRef<'p'>, 'children'>;

/**
 * One line that says what a `todo_write` call did ("Completed 'Write tests' and started 'Run the
 * suite'", "Planned 7 tasks", "Rejected: …"), to render in place of the tool part in a chat message,
 * so the transcript does not repeat the whole list per call. A `<p data-todo-call-summary>` with
 * `data-phase` (and `data-rejection` when it failed).
 */
export const TodoCallSummary = forwardRef<HTMLParagraphElement, TodoCallSummaryProps>(
  function TodoCallSummary(props, ref): ReactNode {
    const { messages, toolCallId, status, toolName, labels, ...rootProps } = props;
    const state = useTodos(messages, { status, toolName, toolCallId });
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
  },
);

function summaryOf(state: TodoState, labels: Partial<TodoCallSummaryLabels> = {}): string {
  if (state.phase === 'accepted') {
    return summarizeTodoCall({ outcome: 'accepted', changes: todoChangesOf(state), todos: state.todos }, labels);
  }
  if (state.phase === 'rejected') {
    const { rejection, error } = state;
    return summarizeTodoCall(
      rejection === 'error' ? { outcome: 'rejected', error } : { outcome: rejection, reason: error },
      labels,
    );
  }
  if (state.phase === 'review') return labels.reviewing ?? 'Waiting for your review';
  return state.phase === 'empty' ? '' : (labels.updating ?? 'Updating the plan…');
}
