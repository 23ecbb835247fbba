import { Fragment, memo, useMemo, type ReactElement, type ReactNode } from 'react';
import type { TodoItem } from '../todo-keys.js';
import { TodoRow, type RenderTodoItem } from './todo-row.js';

/** Lists up to this many rows are one block: every row is a keyed sibling of every other, as in a flat list. */
export const FIRST_BLOCK_ROWS = 32;
/** Past the first block, a row starts a block when its key's hash is 0 modulo this (a power of 2): blocks of 16 rows on average. */
export const BLOCK_ROWS = 16;

/** Whether the row with this key starts a block (past the first block): a hash of the key, so the same row always decides the same. */
export function startsBlock(key: string): boolean {
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index++) hash = Math.imul(hash ^ key.charCodeAt(index), 0x01000193);
  return (hash ^ (hash >>> 15)) % BLOCK_ROWS === 0;
}

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

interface Block {
  /** The positions of `todos` it held when its element was made. */
  start: number;
  end: number;
  element: ReactElement;
}

/**
 * What the last render made, reused while what it shows is the same (checked by identity against
 * `todos`; the fields are replaced together at the end of a render, so a discarded render leaves a
 * consistent cache behind).
 */
interface RowsCache {
  rows: WeakMap<TodoItem, { hidden: boolean; element: ReactElement }>;
  /** Blocks by key: `''` for the first block, else the key of the row it starts with. */
  blocks: Map<string, Block>;
  todos: readonly TodoItem[];
  /** Per position of `todos`: whether a block starts there. */
  starts: boolean[];
}

/**
 * The `<ol>`, skipped entirely while `todos` is the same array (a text part streaming after the call).
 *
 * A delta changes one row (or appends one), but a flat list of N keyed rows costs React a walk over
 * all N children on every render, even when each row's element is reused. So the rows are grouped in
 * blocks, each a keyed fragment of `<li>`s (the `<ol>` still has `<li>` children only): a block whose
 * rows are the same item objects at the same positions keeps its element, and React skips it without
 * looking inside. A delta then costs one walk over the blocks plus one over the block holding the
 * changed row (the loop below compares N pointers; React's walk is what costs).
 *
 * Boundaries are content-defined: past the first {@link FIRST_BLOCK_ROWS} rows, a row starts a block
 * when its key's hash hits ({@link startsBlock}), and the block is keyed by that row's key. So rows
 * never change block while their text streams in, while a call re-sends or re-statuses them, while
 * rows are appended (a list growing past the first block never regroups its rows), or when a row is
 * inserted or removed elsewhere (the blocks after it shift: React walks their rows once, keeping
 * every element). Index-based blocks would move a row across every boundary after an insertion.
 * The trade-off: React keys are scoped to their parent, so a row that moves to another block (a
 * reorder in a list longer than the first block), the rows of a block whose first row is removed, and
 * the rows after a new block-starting row in its block are remounted (new DOM elements, same
 * content). Lists of up to {@link FIRST_BLOCK_ROWS} rows are a single block and never remount a row.
 */
export const TodoRows = memo(function TodoRows(props: TodoRowsProps): ReactNode {
  const { todos, visibleFrom, visibleTo, renderItem, itemClassName, iconClassName, contentClassName } = props;
  const { pending, in_progress, completed } = props;
  const cache = useMemo<RowsCache>(
    () => ({ rows: new WeakMap(), blocks: new Map(), todos: [], starts: [] }),
    // A new window (a collapsed list's current task moved) starts afresh: the rows' memo skips those that did not change.
    [
      visibleFrom,
      visibleTo,
      pending,
      in_progress,
      completed,
      itemClassName,
      iconClassName,
      contentClassName,
      renderItem,
    ],
  );
  const statusLabels = { pending, in_progress, completed };

  const rowElement = (item: TodoItem, index: number): ReactElement => {
    const hidden = index < visibleFrom || index >= visibleTo;
    let cached = cache.rows.get(item);
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
      cache.rows.set(item, cached);
    }
    return cached.element;
  };

  const blocks = new Map<string, Block>();
  const children: ReactElement[] = [];
  const starts = [false];
  let start = 0;
  /** Whether every row of the block being built is the same object, at the same position, as last render. */
  let kept = true;
  for (let end = 0; end <= todos.length; end++) {
    const item = todos[end];
    const same = item === cache.todos[end];
    if (
      item &&
      !(end > 0 && (starts[end] = same ? cache.starts[end]! : end >= FIRST_BLOCK_ROWS && startsBlock(item.key)))
    ) {
      kept &&= same;
      continue;
    }
    // Rows [start, end) form a block.
    const key = start ? todos[start]!.key : '';
    let block = cache.blocks.get(key);
    if (!kept || block?.start !== start || block.end !== end) {
      // Changed or shifted (a row inserted before it): React walks this block's rows, skipping the unchanged ones.
      const rows: ReactElement[] = [];
      for (let index = start; index < end; index++) rows.push(rowElement(todos[index]!, index));
      block = { start, end, element: <Fragment key={key}>{rows}</Fragment> };
    }
    blocks.set(key, block);
    children.push(block.element);
    start = end;
    kept = same;
  }
  cache.blocks = blocks;
  cache.todos = todos;
  cache.starts = starts;

  return (
    <ol role="list" id={props.id} aria-label={props.label} data-todo-items="" className={props.listClassName}>
      {children}
    </ol>
  );
});
