import { memo, useMemo, type ReactElement, type ReactNode } from 'react';
import type { TodoItem } from '../todo-keys.js';
import { TodoRow, type RenderTodoItem } from './todo-row.js';

interface TodoRowsProps {
  todos: readonly TodoItem[];
  /** Rows outside [visibleFrom, visibleTo) are `hidden` (a collapsed list). */
  visibleFrom: number;
  visibleTo: number;
  id: string;
  label: string;
  pending: string;
  in_progress: string;
  completed: string;
  listClassName: string | undefined;
  itemClassName: string | undefined;
  iconClassName: string | undefined;
  contentClassName: string | undefined;
  renderItem: RenderTodoItem | undefined;
}

/**
 * The `<ol>`, skipped entirely while `todos` is the same array (a text part streaming after the call).
 * Each row's element is cached per item object, so React bails out of unchanged rows without even
 * comparing their props: a delta costs the rows that changed, not a walk over every row's props.
 */
export const TodoRows = memo(function TodoRows(props: TodoRowsProps): ReactNode {
  const { todos, visibleFrom, visibleTo, renderItem, itemClassName, iconClassName, contentClassName } = props;
  const { pending, in_progress, completed } = props;
  const elements = useMemo(
    () => new WeakMap<TodoItem, { hidden: boolean; element: ReactElement }>(),
    [pending, in_progress, completed, itemClassName, iconClassName, contentClassName, renderItem],
  );
  const statusLabels = { pending, in_progress, completed };
  return (
    <ol role="list" id={props.id} aria-label={props.label} data-todo-items="" className={props.listClassName}>
      {todos.map((item, index) => {
        const hidden = index < visibleFrom || index >= visibleTo;
        let cached = elements.get(item);
        if (cached?.hidden !== hidden) {
          cached = {
            hidden,
            element: (
              <TodoRow
                key={item.key}
                item={item}
                statusLabel={statusLabels[item.status]}
                hidden={hidden}
                itemClassName={itemClassName}
                iconClassName={iconClassName}
                contentClassName={contentClassName}
                renderItem={renderItem}
              />
            ),
          };
          elements.set(item, cached);
        }
        return cached.element;
      })}
    </ol>
  );
});
