/** The one-line summary of a call, rendered in place of its tool part in a chat message. */
import { type ComponentPropsWithoutRef, forwardRef, memo, type ReactNode } from 'react';
import { summarizeTodoCall, type TodoLabels } from '../core.js';
import { useProvidedLabels, useProvidedTodoState } from './todo-provider.js';

const NEEDS_PROVIDER =
  '<TodoCallSummary> reads its call from a <TodoProvider messages status>: wrap the transcript in one.';

/**
 * What a call did in one line, from the nearest `<TodoProvider>`, saying so when the person edited its list: a
 * `<p data-todo-call-summary data-phase>` taking other props and the ref. `toolCallId`: the tool part's. `labels`:
 * texts for other languages (default: the provider's, else English).
 */
export const TodoCallSummary = memo(
  forwardRef<
    HTMLParagraphElement,
    { toolCallId: string; labels?: Partial<TodoLabels> | undefined } & Omit<ComponentPropsWithoutRef<'p'>, 'children'>
  >(function TodoCallSummary(props, ref): ReactNode {
    const { toolCallId, labels, ...rootProps } = props;
    const state = useProvidedTodoState(toolCallId, undefined);
    const provided = useProvidedLabels();
    if (!state) throw new Error(NEEDS_PROVIDER);
    return (
      <p
        {...rootProps}
        ref={ref}
        data-todo-call-summary=""
        data-phase={state.phase}
        data-rejection={state.phase === 'rejected' ? state.rejection : undefined}
      >
        {summarizeTodoCall(state, labels ?? provided)}
      </p>
    );
  }),
);
