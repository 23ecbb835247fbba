'use client';

import type { ChatStatus } from 'ai';
import type { ComponentProps, ReactNode } from 'react';
import type { TodoMessageLike, TodoRow, TodoRowStatus, TodoToolOption } from 'todo-write';
import { type AddToolApprovalResponse, TodoReviewControls, useTodos } from 'todo-write/react';

/** Props of {@link TodoList}: the conversation, what to show of it, and any prop of the root `<section>`. */
export interface TodoListProps extends Omit<ComponentProps<'section'>, 'children' | 'title'> {
  /** `useChat().messages`. */
  messages: readonly TodoMessageLike[];
  /** `useChat().status`: a stopped stream brings the last accepted list back, and nothing spins once the chat ended. */
  status?: ChatStatus;
  /** The name the tool is registered under, its settings (`createTodoWrite`'s limits), or another agent's shape. */
  tool?: TodoToolOption<TodoRowStatus>;
  /** The heading. Default `'Plan'`. */
  title?: ReactNode;
  /**
   * `useChat().addToolApprovalResponse`: a plan that waits for review shows Approve, Request changes
   * and Edit plan. Without it a waiting plan only says so.
   */
  addToolApprovalResponse?: AddToolApprovalResponse;
}

const STATUS_TEXT: Record<TodoRowStatus, string> = {
  pending: 'Pending',
  in_progress: 'In progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
  blocked: 'Blocked',
};

/**
 * The agent's checklist, styled with the app's shadcn/ui tokens. The rows, their keys and what each
 * update changed come from `useTodos` (todo-write), and a waiting plan's controls (approve, request
 * changes, edit the plan under the tool's rules) from `TodoReviewControls`, so this file holds only
 * markup and classes. Renders nothing until the first `todo_write` call.
 */
export function TodoList({
  messages,
  status,
  tool,
  title = 'Plan',
  addToolApprovalResponse,
  className,
  ...props
}: TodoListProps) {
  const state = useTodos(messages, { status, tool });
  if (state.phase === 'empty') return null;
  const total = state.todos.length;
  const done = state.counts.completed;
  return (
    <section
      data-slot="todo-list"
      data-phase={state.phase}
      data-live={state.live || undefined}
      aria-busy={state.phase === 'streaming'}
      className={['group bg-card text-card-foreground flex flex-col gap-3 rounded-xl border p-4 shadow-sm', className]
        .filter(Boolean)
        .join(' ')}
      {...props}
    >
      <header className="flex items-center justify-between gap-3">
        <h3 className="text-sm font-semibold leading-none">{title}</h3>
        <p className="text-muted-foreground text-xs tabular-nums" aria-live="polite">
          {done} of {total} completed
        </p>
      </header>
      <div className="bg-muted h-1.5 overflow-hidden rounded-full" aria-hidden="true">
        <div
          data-slot="todo-progress"
          className="bg-primary h-full rounded-full transition-[width] duration-300 motion-reduce:transition-none"
          style={{ width: `${total === 0 ? 0 : (done / total) * 100}%` }}
        />
      </div>
      {/* Changes the person asked for are their answer: said calmly, not as an error. */}
      {state.phase === 'rejected' && state.rejection === 'denied' ? (
        <p className="text-muted-foreground text-xs" aria-live="polite">
          Changes requested; this is the list before them.
        </p>
      ) : state.phase === 'rejected' ? (
        <p
          role="alert"
          className="border-destructive/40 bg-destructive/10 text-destructive rounded-md border px-3 py-2 text-xs"
        >
          The last update was not applied; this is the list before it.
        </p>
      ) : null}
      {state.phase === 'review' ? (
        <p className="text-muted-foreground text-xs" aria-live="polite">
          This plan waits for your review.
        </p>
      ) : null}
      {/* While the plan is edited, its fields stand in for the rows. */}
      <ol className="flex flex-col gap-1 group-has-[[data-editing=edit]]:hidden">
        {state.todos.map((row) => (
          <TodoListItem key={row.key} row={row} live={state.live} />
        ))}
        {/* Tasks the last update dropped, while the agent is still at it. */}
        {(state.live ? state.removed : []).map((row) => (
          <li
            key={row.key}
            data-slot="todo-item"
            data-change="removed"
            className="text-muted-foreground flex items-start gap-2 px-2 py-1 text-sm line-through opacity-70"
          >
            <span className="size-4 shrink-0" aria-hidden="true" />
            <span>
              {row.content}
              <span className="sr-only"> (removed)</span>
            </span>
          </li>
        ))}
      </ol>
      {/* Mounted while the chat can review, so its code is ready before a plan waits: it shows only in review. */}
      {addToolApprovalResponse ? (
        <TodoReviewControls
          state={state}
          onRespond={addToolApprovalResponse}
          className={REVIEW_CLASSES}
          classNames={{ approve: PRIMARY_BUTTON, submit: PRIMARY_BUTTON }}
        />
      ) : null}
    </section>
  );
}

// The controls' markup comes from todo-write; these classes give it the app's tokens.
const REVIEW_CLASSES = [
  'flex flex-wrap gap-2 border-t pt-3 text-sm',
  '[&_button]:border-input [&_button]:bg-background [&_button]:hover:bg-accent [&_button]:hover:text-accent-foreground',
  '[&_button]:inline-flex [&_button]:h-8 [&_button]:items-center [&_button]:rounded-md [&_button]:border [&_button]:px-3 [&_button]:font-medium',
  '[&_button]:focus-visible:ring-ring/50 [&_button]:outline-none [&_button]:focus-visible:ring-[3px]',
  '[&_button:disabled]:pointer-events-none [&_button:disabled]:opacity-50 [&_button[aria-disabled=true]]:opacity-50',
  '[&_input]:border-input [&_input]:bg-background [&_input]:h-8 [&_input]:w-full [&_input]:min-w-0 [&_input]:rounded-md [&_input]:border [&_input]:px-2',
  '[&_input]:focus-visible:ring-ring/50 [&_input]:focus-visible:border-ring [&_input]:outline-none [&_input]:focus-visible:ring-[3px]',
  // Each task's field shows its whole text, wrapping and growing with it.
  '[&_textarea]:border-input [&_textarea]:bg-background [&_textarea]:field-sizing-content [&_textarea]:min-h-8 [&_textarea]:w-full [&_textarea]:min-w-0 [&_textarea]:resize-none [&_textarea]:rounded-md [&_textarea]:border [&_textarea]:px-2 [&_textarea]:py-1 [&_textarea]:wrap-anywhere',
  '[&_textarea]:focus-visible:ring-ring/50 [&_textarea]:focus-visible:border-ring [&_textarea]:outline-none [&_textarea]:focus-visible:ring-[3px]',
  '[&_[aria-invalid=true]]:border-destructive',
  '[&_form]:flex [&_form]:w-full [&_form]:flex-col [&_form]:gap-2',
  '[&_[data-todo-edit-list]]:flex [&_[data-todo-edit-list]]:flex-col [&_[data-todo-edit-list]]:gap-2',
  // A task's field takes the row; on a narrow screen its buttons wrap under it.
  '[&_[data-todo-edit-row]]:flex [&_[data-todo-edit-row]]:flex-wrap [&_[data-todo-edit-row]]:items-start [&_[data-todo-edit-row]]:gap-1',
  '[&_[data-todo-edit-row]_[data-todo-icon]]:hidden [&_[data-todo-edit-row]_textarea]:flex-[1_1_14rem]',
  '[&_[data-todo-edit-buttons]]:ml-auto [&_[data-todo-edit-buttons]]:flex [&_[data-todo-edit-buttons]]:gap-1 [&_[data-todo-review-actions]]:flex [&_[data-todo-review-actions]]:flex-wrap [&_[data-todo-review-actions]]:gap-2',
  '[&_[data-todo-edit-problem]]:text-destructive [&_[data-todo-edit-problem]]:basis-full [&_[data-todo-edit-problem]]:text-xs',
  '[&_[data-todo-edit-approve]]:bg-primary [&_[data-todo-edit-approve]]:text-primary-foreground [&_[data-todo-edit-approve]]:border-primary',
].join(' ');
const PRIMARY_BUTTON = 'bg-primary! text-primary-foreground! border-primary! hover:bg-primary/90!';

/** One task; while the agent works on the list, the tasks its last update changed are highlighted. */
function TodoListItem({ row, live }: { row: TodoRow<TodoRowStatus>; live: boolean }) {
  return (
    <li
      data-slot="todo-item"
      data-status={row.status}
      data-change={row.change}
      data-streaming={row.streaming || undefined}
      className={[
        'flex items-start gap-2 rounded-md px-2 py-1 text-sm transition-colors duration-500 motion-reduce:transition-none',
        live ? 'data-[change]:bg-accent data-[change]:text-accent-foreground' : '',
      ].join(' ')}
    >
      <StatusIcon status={row.status} spinning={live} />
      <span
        className={
          row.status === 'completed'
            ? 'text-muted-foreground line-through'
            : row.status === 'in_progress'
              ? 'font-medium'
              : undefined
        }
      >
        {row.content}
        {row.streaming ? (
          <span className="bg-ring ml-0.5 inline-block h-3.5 w-px align-middle" aria-hidden="true" />
        ) : null}
        <span className="sr-only"> ({STATUS_TEXT[row.status]})</span>
      </span>
    </li>
  );
}

function StatusIcon({ status, spinning }: { status: TodoRowStatus; spinning: boolean }) {
  if (status === 'completed') {
    return (
      <span
        data-slot="todo-icon"
        className="bg-primary text-primary-foreground mt-0.5 flex size-4 shrink-0 items-center justify-center rounded-full"
        aria-hidden="true"
      >
        <svg
          viewBox="0 0 16 16"
          className="size-3"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          aria-hidden="true"
        >
          <path d="m4 8.5 2.5 2.5L12 5.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </span>
    );
  }
  if (status === 'in_progress') {
    return (
      <span
        data-slot="todo-icon"
        className={[
          'border-primary mt-0.5 size-4 shrink-0 rounded-full border-2 border-t-transparent',
          spinning ? 'animate-spin motion-reduce:animate-none' : '',
        ].join(' ')}
        aria-hidden="true"
      />
    );
  }
  return (
    <span
      data-slot="todo-icon"
      className="border-muted-foreground/50 mt-0.5 size-4 shrink-0 rounded-full border"
      aria-hidden="true"
    />
  );
}
