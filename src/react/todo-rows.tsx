import { Fragment, memo, useMemo, type ReactElement, type ReactNode } from 'react';
import type { TodoItem } from '../todo-keys.js';
import { TodoRow, type RenderTodoItem } from './todo-row.js';

/** Lists up to this many rows are one block: every row is a keyed sibling of every other, as in a flat list. */
export const FIRST_BLOCK_ROWS: number = (globalThis as any).__FIRST ?? 32;
/** Past the first block, a row starts a block when its key's hash is 0 modulo this (a power of 2): blocks of 16 rows on average. */
export const BLOCK_ROWS: number = (globalThis as any).__BLOCK ?? 16;

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
  /** Where the block started and which window it was rendered for, when its element was made. */
  start: number;
  visibleFrom: number;
  visibleTo: number;
  items: readonly TodoItem[];
  rows: ReactElement[];
  element: ReactElement;
}

/** Elements from earlier renders, reused while what they show is the same (checked by identity, so a discarded render leaves nothing wrong behind). */
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
 * rows are the same item objects keeps its element, and React skips it without looking inside.
 * A delta then costs one walk over the blocks plus one over the block holding the changed row.
 *
 * Boundaries are content-defined: past the first {@link FIRST_BLOCK_ROWS} rows, a row starts a block
 * when its key's hash hits ({@link startsBlock}), and the block is keyed by that row's key. Inserting
 * or removing a row therefore changes only the block it lands in, and rows never change block while
 * their text streams in, while a call re-sends or re-statuses them, or while rows are appended.
 * The trade-off: React keys are scoped to their parent, so a row that moves to another block (a
 * reorder in a list longer than the first block), or the rows of a block whose first row is removed
 * or which a new block-starting row splits, are remounted (new DOM elements, same content). Lists up
 * to {@link FIRST_BLOCK_ROWS} rows are a single block and never remount a row.
 */
export const TodoRows = memo(function TodoRows(props: TodoRowsProps): ReactNode {
  const { todos, visibleFrom, visibleTo, renderItem, itemClassName, iconClassName, contentClassName } = props;
  const { pending, in_progress, completed } = props;
  const cache = useMemo<RowsCache>(
    () => ({ rows: new WeakMap(), blocks: new Map(), todos: [], starts: [] }),
    [pending, in_progress, completed, itemClassName, iconClassName, contentClassName, renderItem],
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

  const rowElements = (start: number, end: number): ReactElement[] => {
    const rows = [];
    for (let index = start; index < end; index++) rows.push(rowElement(todos[index]!, index));
    return rows;
  };

  const blocks = new Map<string, Block>();
  const blockElement = (start: number, end: number): ReactElement => {
    const key = start === 0 ? '' : todos[start]!.key;
    const previous = cache.blocks.get(key);
    const moved = previous !== undefined && (previous.start !== start || previous.visibleFrom !== visibleFrom || previous.visibleTo !== visibleTo);
    let rows: ReactElement[] | undefined;
    let same = previous?.items.length === end - start;
    if (same && moved) {
      // Shifted or re-windowed: the same block when every row keeps its element (and so its `hidden`).
      rows = rowElements(start, end);
      same = rows.every((row, index) => row === previous!.rows[index]);
    } else {
      for (let index = start; same && index < end; index++) same = todos[index] === previous!.items[index - start];
    }
    let block = previous!;
    if (!same) {
      rows ??= rowElements(start, end);
      block = { start, visibleFrom, visibleTo, items: todos.slice(start, end), rows, element: <Fragment key={key}>{rows}</Fragment> };
    } else if (moved) {
      block = { ...previous!, start, visibleFrom, visibleTo };
    }
    blocks.set(key, block);
    return block.element;
  };

  const children: ReactElement[] = [];
  const starts = [false];
  let start = 0;
  for (let index = 1; index <= todos.length; index++) {
    const item = todos[index];
    const isStart = item === undefined || (starts[index] = item === cache.todos[index] ? cache.starts[index]! : index >= FIRST_BLOCK_ROWS && startsBlock(item.key));
    if (isStart) {
      children.push(blockElement(start, index));
      start = index;
    }
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
