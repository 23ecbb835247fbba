import { useId, useMemo, useState, type ReactNode } from 'react';
import type { SelectTodoStateOptions, TodoState } from '../select-todo-state.js';
import type { TodoMessageLike } from '../todo-call.js';
import { useTodos } from './use-todos.js';
import { VISUALLY_HIDDEN, type RenderTodoItem } from './todo-row.js';
import { TodoRows } from './todo-rows.js';
import { DEFAULT_TODO_LIST_LABELS, announceTodoState, type TodoListLabels } from './todo-list-labels.js';

/** The parts of `<TodoList>` that take a class name. */
export type TodoListPart = 'root' | 'summary' | 'progress' | 'list' | 'item' | 'icon' | 'content' | 'toggle' | 'notice';

/** A single `todo_write` tool part (static `tool-…` or `dynamic-tool`), as `useChat` hands it to a message renderer. */
export interface TodoToolPartLike {
  readonly type: string;
  readonly toolName?: string;
}

/** Where the list comes from: a conversation, a state from {@link useTodos}, or one tool part (inline). */
export type TodoListSource =
  | {
      /** The conversation (`useChat().messages`): renders its current list. */
      messages: readonly TodoMessageLike[];
      /** `useChat().status`, so an abandoned call brings the last accepted list back. */
      status?: SelectTodoStateOptions['status'];
      /** Default `'todo_write'`. */
      toolName?: string;
      state?: never;
      part?: never;
    }
  | {
      /** A state from `useTodos` or `selectTodoState`. */ state: TodoState;
      messages?: never;
      part?: never;
      status?: never;
      toolName?: never;
    }
  | {
      /** One tool part, rendered inline with the same streaming rules (no earlier list to fall back on). */
      part: TodoToolPartLike;
      /**
       * `useChat().status` for a part of the last message; `'ready'` for parts of earlier messages.
       * A call stopped mid-stream then reads as interrupted instead of streaming forever.
       * Default: unknown (a streaming part counts as streaming).
       */
      status?: SelectTodoStateOptions['status'];
      messages?: never;
      state?: never;
      toolName?: never;
    };

/** Props of {@link TodoList}. */
export type TodoListProps = TodoListSource & {
  /** Added to the root element. */
  className?: string;
  /** Class names per part. */
  classNames?: Partial<Record<TodoListPart, string>>;
  /** Opts this list out of `todo-write/styles.css` (the markup and data attributes stay). Default `false`. */
  unstyled?: boolean;
  /** Forces the stylesheet's light or dark theme. Default: follows `prefers-color-scheme` (or a `.dark` ancestor). */
  theme?: 'light' | 'dark';
  /** Texts, for other languages. Default {@link DEFAULT_TODO_LIST_LABELS}. */
  labels?: Partial<TodoListLabels>;
  /** Longer lists collapse to this many rows around the current task, with a toggle button. Default 8; `Infinity` never collapses. */
  maxVisible?: number;
  /** Replaces the inside of each row's `<li>` (keep it stable: rows are memoized on it). */
  renderItem?: RenderTodoItem;
};

const NO_MESSAGES: readonly TodoMessageLike[] = [];

function isPartSource(props: TodoListSource): props is Extract<TodoListSource, { part: TodoToolPartLike }> {
  return props.part !== undefined;
}

/**
 * The agent's checklist: an `<ol role="list">` with each status as text, a "2 of 5 completed"
 * summary with a labelled `<progress>`, a polite status region that announces accepted lists and
 * rejected updates, and `aria-busy` while a call streams. Style it with `todo-write/styles.css`
 * or your own CSS on the `data-*` attributes.
 */
export function TodoList(props: TodoListProps): ReactNode {
  const { part } = props;
  const partMessages = useMemo(() => (part ? [{ parts: [part] }] : undefined), [part]);
  const toolName = isPartSource(props)
    ? props.part.type === 'dynamic-tool'
      ? props.part.toolName
      : props.part.type.slice('tool-'.length)
    : props.toolName;
  const derived = useTodos(partMessages ?? props.messages ?? NO_MESSAGES, { status: props.status, toolName });
  const state = props.state ?? derived;
  const labels = useMemo(() => ({ ...DEFAULT_TODO_LIST_LABELS, ...props.labels }), [props.labels]);
  const classNames = props.classNames ?? {};
  const id = useId();
  const [expanded, setExpanded] = useState(false);

  const committedKey =
    state.phase === 'accepted' || state.phase === 'rejected'
      ? `${state.phase}\n${state.toolCallId}\n${state.rejection}\n${state.error}`
      : undefined;
  const [announced, setAnnounced] = useState({ key: committedKey, text: '' });
  if (committedKey !== undefined && committedKey !== announced.key) {
    const text = (labels.announce ?? announceTodoState)(state, labels);
    // A live region speaks only when its text changes: a repeated announcement (a second rejection
    // in a row) gets a trailing no-break space, so screen readers say it again.
    setAnnounced({ key: committedKey, text: text === announced.text ? `${text}\u00a0` : text });
  }

  const { todos, counts } = state;
  const total = todos.length;
  const maxVisible = props.maxVisible ?? 8;
  const collapsible = total > maxVisible;
  const collapsed = collapsible && !expanded;
  let start = 0;
  if (collapsed) {
    let current = todos.findIndex((item) => item.status === 'in_progress');
    if (current < 0)
      current = Math.max(
        0,
        todos.findIndex((item) => item.status === 'pending'),
      );
    start = Math.max(0, Math.min(current - 1, total - maxVisible));
  }
  const streaming = state.phase === 'streaming';
  // Elements that only change with what they show, so a delta that changes one row leaves them alone.
  const summary = useMemo(
    () => (
      <div data-todo-summary="" className={classNames.summary}>
        <span id={`${id}s`}>{labels.summary(counts.completed, total)}</span>
        <progress aria-labelledby={`${id}s`} value={counts.completed} max={total} className={classNames.progress} />
      </div>
    ),
    [id, labels, counts.completed, total, classNames.summary, classNames.progress],
  );
  const status = useMemo(
    () => (
      <div role="status" aria-live="polite" style={VISUALLY_HIDDEN}>
        {announced.text}
      </div>
    ),
    [announced.text],
  );

  // The same tree while nothing it shows changed (a delta that changed no row, text streaming after the call): React skips it.
  return useMemo(
    () => (
      <div
        data-todo-list=""
        data-phase={state.phase}
        data-theme={props.theme}
        data-unstyled={props.unstyled ? '' : undefined}
        aria-busy={streaming || undefined}
        className={[props.className, classNames.root].filter(Boolean).join(' ') || undefined}
      >
        {total > 0 && (
          <>
            {summary}
            <TodoRows
              todos={todos}
              visibleFrom={start}
              visibleTo={collapsed ? start + maxVisible : Infinity}
              id={`${id}l`}
              label={labels.list}
              pending={labels.pending}
              in_progress={labels.in_progress}
              completed={labels.completed}
              listClassName={classNames.list}
              itemClassName={classNames.item}
              iconClassName={classNames.icon}
              contentClassName={classNames.content}
              renderItem={props.renderItem}
            />
            {collapsible && (
              <button
                type="button"
                data-todo-toggle=""
                aria-expanded={expanded}
                aria-controls={`${id}l`}
                className={classNames.toggle}
                onClick={() => setExpanded(!expanded)}
              >
                {expanded ? labels.showFewer : labels.showAll(total)}
              </button>
            )}
          </>
        )}
        {state.phase === 'rejected' && (
          <p data-todo-notice="" data-rejection={state.rejection} className={classNames.notice}>
            {labels[state.rejection]}
            {state.error && <span data-todo-error=""> {rejectionDetail(state.error)}</span>}
          </p>
        )}
        {status}
      </div>
    ),
    [
      state,
      labels,
      props.classNames,
      props.className,
      props.theme,
      props.unstyled,
      props.renderItem,
      maxVisible,
      expanded,
      summary,
      status,
      id,
    ],
  );
}

/**
 * What the notice shows of a rejection's `errorText`: the problems themselves. The tool's message
 * is written for the model ("Error: Nothing was saved. Fix these problems, … :" and one "- " line
 * per problem), so the prefix and the instructions are dropped; other errors show their first line.
 */
function rejectionDetail(error: string): string {
  const text = error.replace(/^Error:\s*/, '');
  const problems = text
    .split('\n')
    .filter((line) => line.startsWith('- '))
    .map((line) => line.slice(2));
  return problems.length > 0 ? problems.join(' ') : (text.split('\n')[0] ?? '');
}
