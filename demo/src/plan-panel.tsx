import type { ReactNode } from 'react';
import type { TodoState } from 'todo-write';

const PHASE_LABELS: Record<TodoState['phase'], string> = {
  empty: 'Waiting',
  streaming: 'Writing…',
  review: 'Waiting for your review',
  executing: 'Saving…',
  accepted: 'Up to date',
  rejected: 'Last update not applied',
};

/** The pinned checklist panel: beside the chat on wide screens, above it on narrow ones. */
export function PlanPanel({
  state,
  children,
}: {
  state: Pick<TodoState, 'phase' | 'rejection'> & { todos: readonly unknown[] };
  children: ReactNode;
}): ReactNode {
  const denied = state.phase === 'rejected' && state.rejection === 'denied';
  return (
    <aside className="plan" aria-labelledby="plan-title" data-phase={state.phase}>
      <div className="plan__header">
        <h2 id="plan-title" className="plan__title">
          Agent plan
        </h2>
        <span className="plan__phase" data-phase={state.phase} data-rejection={denied ? 'denied' : undefined}>
          <span className="plan__phase-dot" aria-hidden="true" />
          {denied ? 'Changes requested' : PHASE_LABELS[state.phase]}
        </span>
      </div>
      <section
        className="plan__body"
        aria-label="Agent plan tasks"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region takes focus so keyboard users can scroll it.
        tabIndex={0}
      >
        {state.todos.length === 0 && (
          <p className="plan__empty">The agent's checklist appears here as soon as it starts planning.</p>
        )}
        {children}
      </section>
    </aside>
  );
}
