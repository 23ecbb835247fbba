import { memo, useMemo, type CSSProperties, type ReactNode } from 'react';
import type { TodoItem } from '../todo-keys.js';

/** Hides text visually but keeps it for screen readers, with or without the stylesheet. */
export const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
};

const ICONS = { pending: '○', in_progress: '◐', completed: '✓' } as const;

/** Renders what goes inside one row's `<li>`. Pass a stable function (module level or `useCallback`): rows are memoized on it. */
export type RenderTodoItem = (item: TodoItem, statusLabel: string) => ReactNode;

interface TodoRowProps {
  item: TodoItem;
  statusLabel: string;
  hidden: boolean;
  itemClassName: string | undefined;
  iconClassName: string | undefined;
  contentClassName: string | undefined;
  renderItem: RenderTodoItem | undefined;
}

/** One row, re-rendered only when its item object (or a label) changes. */
export const TodoRow = memo(function TodoRow(props: TodoRowProps): ReactNode {
  const { item, statusLabel, renderItem, iconClassName } = props;
  const { status } = item;
  // The parts that depend on the status only: the same elements while the text streams in, so React skips them.
  const icon = useMemo(
    () => (
      <span data-todo-icon="" aria-hidden="true" className={iconClassName}>
        {ICONS[status]}
      </span>
    ),
    [status, iconClassName],
  );
  const label = useMemo(() => <span style={VISUALLY_HIDDEN}>{`, ${statusLabel}`}</span>, [statusLabel]);
  return (
    <li
      data-todo-item=""
      data-status={status}
      data-streaming={item.streaming ? '' : undefined}
      className={props.itemClassName}
      hidden={props.hidden || undefined}
    >
      {renderItem ? (
        renderItem(item, statusLabel)
      ) : (
        <>
          {icon}
          <span data-todo-content="" className={props.contentClassName}>
            {item.content}
          </span>
          {label}
        </>
      )}
    </li>
  );
});
