/**
 * A diagnostic, not shipped: the same derivation (useTodos) and the same row component as
 * <TodoList>, with the rows grouped in memoized blocks of 32 and the list memoized on
 * `state.todos`. It shows what the per-delta render cost could be when React does not have to
 * walk every row: a row changes, one block re-renders; nothing changes, nothing re-renders.
 */
import { memo, type ReactNode } from 'react';
import type { TodoItem } from '../src/todo-keys.js';
import { TodoRow } from '../src/react/todo-row.js';
import { useTodos } from '../src/react/use-todos.js';
import type { TodoMessageLike } from '../src/todo-call.js';

const BLOCK = 32;

export function BlockTodoList({
  messages,
  status,
}: {
  messages: readonly TodoMessageLike[];
  status?: 'submitted' | 'streaming' | 'ready' | 'error';
}): ReactNode {
  const state = useTodos(messages, { status });
  return <Rows todos={state.todos} />;
}

const Rows = memo(function Rows({ todos }: { todos: readonly TodoItem[] }): ReactNode {
  const blocks: ReactNode[] = [];
  for (let start = 0; start < todos.length; start += BLOCK)
    blocks.push(<RowBlock key={start} todos={todos} start={start} />);
  return <ol role="list">{blocks}</ol>;
});

interface RowBlockProps {
  todos: readonly TodoItem[];
  start: number;
}

function sameBlock(previous: RowBlockProps, next: RowBlockProps): boolean {
  if (previous.start !== next.start) return false;
  for (let index = next.start; index < next.start + BLOCK; index++)
    if (previous.todos[index] !== next.todos[index]) return false;
  return true;
}

const RowBlock = memo(function RowBlock({ todos, start }: RowBlockProps): ReactNode {
  return todos
    .slice(start, start + BLOCK)
    .map((item) => (
      <TodoRow
        key={item.key}
        item={item}
        statusLabel={item.status}
        hidden={false}
        itemClassName={undefined}
        iconClassName={undefined}
        contentClassName={undefined}
        renderItem={undefined}
      />
    ));
}, sameBlock);
