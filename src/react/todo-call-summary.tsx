/** The one-line summary of a call, rendered in place of its tool part in a chat message. */
import { type ComponentPropsWithoutRef, forwardRef, memo, type ReactNode } from 'react';
import { rowChanges, summarizeTodoCall, type TodoChangeLabels } from '../describe-todo-changes.js';
import type { AnyTodoState } from '../todo-selector.js';
import { useProvidedTodoState } from './todo-provider.js';

/** Texts of {@link TodoCallSummary}: the change sentences, and what shows while the call is under way. */
export interface TodoCallSummaryLabels extends TodoChangeLabels {
  /** While the call streams or runs. Default `'Updating the plan…'`. */
  updating: string;
  /** While the proposed plan waits for the person's review. Default `'Waiting for your review'`. */
  reviewing: string;
}

const NEEDS_PROVIDER =
  '<TodoCallSummary> reads its call from a <TodoProvider messages status>: wrap the transcript in one.';

/**
 * What a call did in one line, from the nearest `<TodoProvider>`: a `<p data-todo-call-summary data-phase>` taking
 * other props and the ref. `toolCallId`: the tool part's. `labels`: texts for other languages (default English).
 */
export const TodoCallSummary = memo(
  forwardRef<
    HTMLParagraphElement,
    { toolCallId: string; labels?: Partial<TodoCallSummaryLabels> | undefined } & Omit<
      ComponentPropsWithoutRef<'p'>,
      'children'
    >
  >(function TodoCallSummary(props, ref): ReactNode {
    const { toolCallId, labels, ...rootProps } = props;
    const state = useProvidedTodoState(toolCallId);
    if (!state) throw new Error(NEEDS_PROVIDER);
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

function summaryOf(state: AnyTodoState, labels: Partial<TodoCallSummaryLabels> = {}): string {
  if (state.phase === 'accepted')
    return summarizeTodoCall({ outcome: 'accepted', changes: rowChanges(state), todos: state.todos }, labels);
  if (state.phase === 'rejected') {
    const { rejection, error } = state;
    if (rejection === 'error') return summarizeTodoCall({ outcome: 'rejected', error }, labels);
    return summarizeTodoCall(
      rejection === 'denied' ? { outcome: 'denied', reason: error } : { outcome: rejection },
      labels,
    );
  }
  if (state.phase === 'review') return labels.reviewing ?? 'Waiting for your review';
  return state.phase === 'empty' ? '' : (labels.updating ?? 'Updating the plan…');
}
