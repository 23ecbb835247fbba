/** One row of the checklist, and the text it shows. */
import { type CSSProperties, memo, type ReactNode } from 'react';
import { TODO_STATUSES, type TodoRow, type TodoRowStatus } from '../core.js';

/** Hides text visually but keeps it for screen readers, with or without the stylesheet. */
export const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
};

/** Renders inside a row's `<li>`; pass a stable function (rows memoize on it). A method, so `TodoRow` functions fit. */
export type RenderTodoRow = { render(row: TodoRow<TodoRowStatus>, statusLabel: string): ReactNode }['render'];

/** The text a row shows: its present-tense text while it is in progress, when the tool wrote one. */
export function rowText(row: TodoRow<TodoRowStatus>): string {
  return row.status === 'in_progress' && row.activeForm !== undefined ? row.activeForm : row.content;
}

interface TodoListRowProps {
  row: TodoRow<TodoRowStatus>;
  statusLabel: string;
  /** What blocks the task, in words ("blocked by #2"), when an unfinished task does. */
  blockedBy: string | undefined;
  /** Who works on the task, in words ("(main)"), when the tool says. */
  owner: string | undefined;
  itemClassName: string | undefined;
  iconClassName: string | undefined;
  contentClassName: string | undefined;
  renderItem: RenderTodoRow | undefined;
}

export const TodoListRow = memo(function TodoListRow(props: TodoListRowProps): ReactNode {
  const { row, statusLabel, renderItem } = props;
  const isRemoved = row.change === 'removed';
  return (
    <li
      data-todo-item=""
      data-status={row.status}
      data-streaming={row.streaming ? '' : undefined}
      data-change={row.change}
      // A dropped task stays on screen for a moment; the status region already said it went.
      aria-hidden={isRemoved || undefined}
      className={props.itemClassName}
    >
      {renderItem ? (
        renderItem(row, statusLabel)
      ) : (
        <>
          <span data-todo-icon="" aria-hidden="true" className={props.iconClassName}>
            {TODO_STATUSES[row.status].icon}
          </span>
          {row.id !== undefined && <span data-todo-id="">{`#${row.id}`}</span>}{' '}
          <span data-todo-content="" className={props.contentClassName}>
            {rowText(row)}
          </span>
          {row.owner !== undefined && (
            <>
              {' '}
              <span data-todo-owner="">{props.owner}</span>
            </>
          )}
          {!isRemoved && (
            <span style={VISUALLY_HIDDEN}>{`, ${statusLabel}${props.blockedBy ? `, ${props.blockedBy}` : ''}`}</span>
          )}
          {props.blockedBy !== undefined && (
            <span data-todo-blocked-by="" aria-hidden="true">
              {props.blockedBy}
            </span>
          )}
        </>
      )}
    </li>
  );
});
