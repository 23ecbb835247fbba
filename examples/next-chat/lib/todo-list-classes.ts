/**
 * Tailwind v4 classes for `<TodoList>`: one set on top of `todo-write/styles.css` (the plan panel), one
 * headless set for `unstyled` lists (each todo_write call, inline in the conversation).
 */
import type { TodoListProps } from 'todo-write/react';

type TodoListClassNames = NonNullable<TodoListProps['classNames']>;

/** With the stylesheet: utilities only adjust it, and each one wins over it (its rules sit in a cascade layer). */
export const planClassNames: TodoListClassNames = {
  root: 'rounded-xl border border-border bg-card p-4 shadow-sm',
  summary: 'text-xs font-medium',
  progress: 'h-1',
  list: 'gap-2',
  item: 'gap-2.5',
  icon: 'size-[1.125rem]',
  content: 'leading-snug',
  toggle: 'text-xs font-medium hover:underline',
  notice: 'text-xs',
};

/**
 * Headless (`unstyled`): every state from the data attributes. The glyph stays hidden (a filled circle is done);
 * the ring spins only while the call is live.
 */
export const inlineClassNames: TodoListClassNames = {
  root: 'group/list grid gap-2 rounded-lg border border-border bg-card p-3 text-sm text-card-foreground',
  summary: 'flex items-center gap-3 text-xs text-muted-foreground',
  progress:
    'h-1.5 flex-1 appearance-none overflow-hidden rounded-full bg-muted [&::-webkit-progress-bar]:bg-muted [&::-webkit-progress-value]:bg-primary [&::-moz-progress-bar]:bg-primary',
  list: 'grid gap-1',
  item: 'group/item flex items-start gap-2 data-[change=removed]:hidden',
  icon: [
    // Centred on the first line: the icon keeps the row's font size, so 1lh is the row's line height.
    'mt-[calc(0.5lh-0.5rem)] grid size-4 shrink-0 place-items-center overflow-hidden rounded-full border-[1.5px] border-input text-transparent select-none',
    // Tailwind reads `_` in brackets as a space: `\_` keeps the underscore (String.raw keeps the backslash).
    String.raw`group-data-[status=in\_progress]/item:border-primary group-data-[status=in\_progress]/item:border-e-transparent`,
    String.raw`group-data-[live]/list:group-data-[status=in\_progress]/item:animate-spin motion-reduce:animate-none`,
    'group-data-[status=completed]/item:border-primary group-data-[status=completed]/item:bg-primary',
  ].join(' '),
  content:
    'min-w-0 group-data-[status=completed]/item:text-muted-foreground group-data-[status=completed]/item:line-through',
  toggle: 'justify-self-start text-xs font-medium text-primary hover:underline',
  // Changes the person asked for are their answer, not a failure.
  notice:
    'text-xs text-destructive data-[rejection=denied]:text-foreground [&_[data-todo-error]]:mt-0.5 [&_[data-todo-error]]:block',
};
