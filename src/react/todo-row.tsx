import { memo, type CSSProperties, type ReactNode } from 'react';
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
  const { item, statusLabel, renderItem } = props;
  return (
    <li
      data-todo-item=""
      data-status={item.status}
      data-streaming={item.streaming ? '' : undefined}
      className={props.itemClassName}
      hidden={props.hidden || undefined}
    >
      {renderItem ? (
        renderItem(item, statusLabel)
      ) : (
        <>
          <span data-todo-icon="" aria-hidden="true" className={props.iconClassName}>
            {ICONS[item.status]}
          </span>
          <span data-todo-content="" className={props.contentClassName}>
            {item.content}
          </span>
          <span style={VISUALLY_HIDDEN}>{`, ${statusLabel}`}</span>
        </>
      )}
    </li>
  );
});
