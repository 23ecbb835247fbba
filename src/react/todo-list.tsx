/** `<TodoList>`: its source (a state, a conversation or the nearest provider), then a view memoized on the state. */
import {
  type ComponentPropsWithoutRef,
  type ForwardedRef,
  forwardRef,
  memo,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { ChatStatus } from 'ai';
import {
  type AnyTodoState,
  announceTodoState,
  NO_ROWS,
  progressOf,
  type TodoLabels,
  type TodoMessageLike,
  type TodoReading,
  type TodoRowStatus,
  type TodoToolOption,
  withDefaults,
} from '../core.js';
import { type RenderTodoRow, TodoListRow, VISUALLY_HIDDEN } from './todo-list-row.js';
import { useProvidedLabels, useProvidedTodoState } from './todo-provider.js';
import { useTodoReading } from './use-todos.js';
import type { AddToolApprovalResponse, TodoReviewSlot } from './todo-review-controls.js';
import { useReviewControls } from './review-controls.js';

/** Rows a list renders at most by default: the tool's cap. */
const DEFAULT_MAX_ROWS = 50;

/** The elements of `<TodoList>` that take a class name through `classNames`. */
export type TodoListSlot =
  | 'root'
  | 'summary'
  | 'progress'
  | 'list'
  | 'item'
  | 'icon'
  | 'content'
  | 'toggle'
  | 'notice'
  | 'explanation'
  | TodoReviewSlot;

/**
 * Props of {@link TodoList}: where the list comes from (a state from `useTodos`, a conversation, or the nearest
 * `<TodoProvider>`), its own props, and any prop of the root `<div>`.
 */
export type TodoListProps = (
  | { state: AnyTodoState; messages?: never; status?: never; tool?: never; toolCallId?: never; agent?: never }
  | {
      /** The conversation (`useChat().messages`): the list of its newest call. */
      messages: readonly TodoMessageLike[];
      /** `useChat().status`, so an abandoned call brings the last accepted list back and nothing spins once the chat ended. */
      status?: ChatStatus | undefined;
      /** The name the tool is registered under, `todo_write`'s settings, or another agent's shape (`agentTodoTools`). Default `'todo_write'`. */
      tool?: TodoToolOption<TodoRowStatus> | undefined;
      /** A subagent's plan: the id of the call that handed it the work (or a key from the state's `agents`). Default: the main plan. */
      agent?: string | undefined;
      toolCallId?: never;
      state?: never;
    }
  | {
      /** Inside a `<TodoProvider>`: the list as this call left it (default: the newest call). */
      toolCallId?: string | undefined;
      /** Inside a `<TodoProvider>`: a subagent's plan (see above). Default: the main plan. */
      agent?: string | undefined;
      state?: never;
      messages?: never;
      status?: never;
      tool?: never;
    }
) & {
  /** Added to the root element, with `classNames.root`. */
  className?: string | undefined;
  /** Class names per element. An inline object is fine: rows receive only the strings. */
  classNames?: Partial<Record<TodoListSlot, string>> | undefined;
  /** Opts this list out of `todo-write/styles.css` (the markup and data attributes stay). Default `false`. */
  unstyled?: boolean | undefined;
  /** Forces the stylesheet's light or dark theme. Default: the app's theme (a `.dark`/`.light` class, `data-theme` or `color-scheme` on an ancestor), else the OS preference. */
  theme?: 'light' | 'dark' | undefined;
  /** Texts, for other languages. An inline object is fine. Default: the provider's, else English. */
  labels?: Partial<TodoLabels> | undefined;
  /** Longer lists collapse to this many rows around the current task, with a toggle button. Default 8; `Infinity` never collapses. */
  maxVisible?: number | undefined;
  /** Rows rendered at most, however long the list (a runaway call streams thousands): the rest show as "N more". Default 50, the tool's cap. */
  maxTodos?: number | undefined;
  /** Replaces the inside of each row's `<li>` (keep it stable: rows are memoized on it). */
  renderItem?: RenderTodoRow | undefined;
  /**
   * `useChat().addToolApprovalResponse`: while the plan waits for review, Approve, Request changes and
   * Edit plan follow the list. Default: none (the proposal shows as waiting, `data-phase="review"`).
   */
  addToolApprovalResponse?: AddToolApprovalResponse | undefined;
} & Omit<ComponentPropsWithoutRef<'div'>, 'className' | 'children'>;

/** The props the view takes besides its state: all but the source. */
type ViewProps = Omit<TodoListProps, 'state' | 'messages' | 'status' | 'tool' | 'toolCallId' | 'agent'>;

/**
 * The agent's checklist: an `<ol role="list">` with each status as text, a "2 of 5 completed"
 * summary with a labelled `<progress>`, a polite status region that says what each accepted update
 * did, and `aria-busy` while a call streams. Pass `state` (from `useTodos`), `messages` and
 * `status`, or neither inside a `<TodoProvider>`. Other props (`id`, `style`, `aria-*`, …) and the
 * ref go to the root `<div>`.
 */
export const TodoList = memo(
  forwardRef<HTMLDivElement, TodoListProps>(function TodoList(props, ref): ReactNode {
    const { state, messages, status, tool, toolCallId, agent, ...viewProps } = props;
    if (messages !== undefined && toolCallId !== undefined) throw new TypeError(ONE_CALL_NEEDS_PROVIDER);
    const reading = useTodoReading(tool);
    const derived = reading.select(messages ?? NO_MESSAGES, { status, agent });
    const provided = useProvidedTodoState(toolCallId, agent, state !== undefined || messages !== undefined);
    const providedLabels = useProvidedLabels();
    const labels = viewProps.labels ?? providedLabels;
    const resolved = (state ?? (messages ? derived : (provided ?? EMPTY_STATE))) as AnyTodoState;
    // The main plan shows the plans subagents are working on now, under it.
    const working =
      state === undefined && toolCallId === undefined && agent === undefined ? resolved.agents : undefined;
    const { classNames, unstyled, theme, maxVisible, maxTodos, renderItem } = viewProps;
    const shared = { labels, classNames, unstyled, theme, maxVisible, maxTodos, renderItem };
    // The view is memoized on the state object: a text delta after the call, which leaves the
    // state as it was, costs the derivation and nothing else.
    return (
      <>
        <TodoListView {...viewProps} labels={labels} state={resolved} rootRef={ref} />
        {working?.map((key) => (
          <SubagentPlan key={key} agent={key} reading={messages ? reading : undefined} {...shared} />
        ))}
      </>
    );
  }),
);

/** A subagent's plan under the main one while it is live: from the list's own reading, else the provider's. */
function SubagentPlan(
  props: { agent: string; reading: TodoReading | undefined } & Omit<ViewProps, 'addToolApprovalResponse'>,
): ReactNode {
  const { agent, reading, ...viewProps } = props;
  const provided = useProvidedTodoState(undefined, agent, reading !== undefined);
  const state = reading ? reading.state(undefined, agent) : provided;
  if (!state?.live || state.todos.length === 0) return null;
  const caption = withDefaults(viewProps.labels).subagentPlan;
  return <TodoListView {...viewProps} state={state} rootRef={null} caption={caption} data-todo-subagent="" />;
}

const ONE_CALL_NEEDS_PROVIDER =
  '<TodoList toolCallId> reads its call from a <TodoProvider messages status>: pass no messages, so one reading serves every call.';
const NO_MESSAGES: readonly TodoMessageLike[] = [];
const EMPTY_STATE: AnyTodoState = Object.freeze({
  phase: 'empty',
  todos: NO_ROWS,
  removed: NO_ROWS,
  counts: Object.freeze({ pending: 0, in_progress: 0, completed: 0 }),
  live: false,
}) as AnyTodoState;

type TodoListViewProps = {
  state: AnyTodoState;
  rootRef: ForwardedRef<HTMLDivElement>;
  /** A line above the list that names it (a subagent's plan). */
  caption?: string | undefined;
} & ViewProps;

const TodoListView = memo(function TodoListView(props: TodoListViewProps): ReactNode {
  const {
    state,
    rootRef,
    addToolApprovalResponse,
    className,
    classNames = {},
    unstyled,
    theme,
    labels: labelOverrides,
    maxVisible = 8,
    maxTodos = DEFAULT_MAX_ROWS,
    renderItem,
    caption,
    ...rootProps
  } = props;
  const labels = useMemo(() => withDefaults(labelOverrides), [labelOverrides]);
  const id = useId();
  const [expanded, setExpanded] = useState(false);

  // An answer takes the controls away: focus that was on them goes to the list, not to the page.
  const answeredFrom = useRef<HTMLElement | null>(null);
  const respond = useCallback<AddToolApprovalResponse>(
    (response) => {
      answeredFrom.current = (document.activeElement as HTMLElement | null)?.closest('[data-todo-list]') ?? null;
      return addToolApprovalResponse!(response);
    },
    [addToolApprovalResponse],
  );
  // Loaded with the list, so they are ready when a plan first waits.
  const ReviewControls = useReviewControls(addToolApprovalResponse !== undefined);
  useEffect(() => {
    const list = answeredFrom.current;
    if (state.phase === 'review' || list === null) return;
    answeredFrom.current = null;
    const active = document.activeElement;
    if (list.isConnected && (active === null || active === document.body)) list.focus();
  }, [state.phase]);

  const committedKey =
    state.phase === 'accepted' || state.phase === 'rejected' || state.phase === 'review'
      ? `${state.phase}\n${state.toolCallId}\n${state.rejection}\n${state.error}\n${state.approvalId}`
      : undefined;
  const [announced, setAnnounced] = useState({ key: committedKey, text: '' });
  if (committedKey !== undefined && committedKey !== announced.key) {
    const text = (labels.announce ?? announceTodoState)(state, labels);
    // A live region speaks only when its text changes: a repeated announcement (a second rejection
    // in a row) gets a trailing no-break space, so screen readers say it again.
    setAnnounced({ key: committedKey, text: text === announced.text ? `${text}\u00a0` : text });
  }

  const { todos, removed } = state;
  const total = todos.length;
  const progress = progressOf(todos);
  const collapsible = total > maxVisible;
  const collapsed = collapsible && !expanded;
  let start = 0;
  if (collapsed) {
    let current = todos.findIndex((row) => row.status === 'in_progress');
    if (current < 0)
      current = Math.max(
        0,
        todos.findIndex((row) => row.status === 'pending'),
      );
    start = Math.max(0, Math.min(current - 1, total - maxVisible));
  }
  const end = Math.min(collapsed ? start + maxVisible : total, start + maxTodos);
  const { pending, in_progress, completed, cancelled, blocked, list: listLabel, blockedBy, owner } = labels;
  const { list: listClassName, item: itemClassName, icon: iconClassName, content: contentClassName } = classNames;
  const more = collapsed ? 0 : total - end;
  const moreLabel = more > 0 ? labels.more(more) : undefined;
  // The same element while nothing it shows changed (a text part streaming after the call): React
  // then skips the whole list. Deps are primitives and the state's own arrays, so inline
  // `labels` and `classNames` objects cost nothing. Only the rows shown are rendered.
  const list = useMemo(() => {
    const statusLabels = { pending, in_progress, completed, cancelled, blocked };
    // Only task-by-task plans have blockers: the set of unfinished tasks is made when a row needs it.
    let unfinished: Set<string | undefined> | undefined;
    const blockersOf = (row: (typeof todos)[number]): string | undefined => {
      if (!row.blockedBy?.length || row.change === 'removed') return undefined;
      unfinished ??= new Set(todos.filter((each) => each.status !== 'completed').map((each) => each.id));
      const ids = row.blockedBy.filter((each) => unfinished!.has(each));
      return ids.length ? blockedBy(ids) : undefined;
    };
    const rowElement = (row: (typeof todos)[number]): ReactNode => (
      <TodoListRow
        key={row.key}
        row={row}
        statusLabel={statusLabels[row.status]}
        blockedBy={blockersOf(row)}
        owner={row.owner === undefined ? undefined : owner(row.owner)}
        itemClassName={itemClassName}
        iconClassName={iconClassName}
        contentClassName={contentClassName}
        renderItem={renderItem}
      />
    );
    return (
      <ol role="list" id={`${id}l`} aria-label={listLabel} data-todo-items="" className={listClassName}>
        {/* One array, so a task the call dropped keeps its element as it moves to the end. */}
        {[
          ...todos.slice(start, end).map(rowElement),
          moreLabel && (
            <li key="more" data-todo-more="" className={itemClassName}>
              {moreLabel}
            </li>
          ),
          ...removed.slice(0, Math.max(0, maxTodos - (end - start))).map(rowElement),
        ]}
      </ol>
    );
  }, [
    todos,
    removed,
    start,
    end,
    maxTodos,
    moreLabel,
    id,
    pending,
    in_progress,
    completed,
    cancelled,
    blocked,
    blockedBy,
    owner,
    listLabel,
    listClassName,
    itemClassName,
    iconClassName,
    contentClassName,
    renderItem,
  ]);

  return (
    <div
      tabIndex={addToolApprovalResponse ? -1 : undefined}
      {...rootProps}
      ref={rootRef}
      data-todo-list=""
      data-phase={state.phase}
      data-theme={theme}
      data-unstyled={unstyled ? '' : undefined}
      data-live={state.live ? '' : undefined}
      aria-busy={state.phase === 'streaming' || undefined}
      className={[className, classNames.root].filter(Boolean).join(' ') || undefined}
      {...(caption === undefined ? {} : { role: 'group', 'aria-labelledby': `${id}c` })}
    >
      {caption !== undefined && (
        <p id={`${id}c`} data-todo-caption="">
          {caption}
        </p>
      )}
      {state.explanation && (
        <p data-todo-explanation="" className={classNames.explanation}>
          {state.explanation}
        </p>
      )}
      {total + removed.length > 0 && (
        <>
          <div data-todo-summary="" className={classNames.summary}>
            <span id={`${id}s`}>{labels.summary(progress.completed, progress.total)}</span>
            <progress
              aria-labelledby={`${id}s`}
              value={progress.completed}
              max={Math.max(progress.total, 1)}
              className={classNames.progress}
            />
          </div>
          {list}
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
          {(state.problems?.length || state.error) && (
            <span data-todo-error="">
              {' '}
              {/* The problems the tool found, else its text or the person's reason, whole. */}
              {state.problems?.length ? state.problems.map((problem) => problem.message).join(' ') : state.error}
            </span>
          )}
        </p>
      )}
      {state.phase === 'review' && addToolApprovalResponse && ReviewControls && (
        <ReviewControls state={state} onRespond={respond} labels={labels} classNames={classNames} />
      )}
      <div role="status" aria-live="polite" style={VISUALLY_HIDDEN}>
        {announced.text}
      </div>
    </div>
  );
});
