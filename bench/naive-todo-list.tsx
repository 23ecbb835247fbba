/**
 * The baseline: a checklist written the way the AI SDK examples render tool parts. The newest
 * todo_write part wins (`findLast`), and its partial input is mapped straight to rows keyed by index.
 */
import type { ReactNode } from 'react';

interface PartLike {
  type: string;
  input?: unknown;
}

export function NaiveTodoList({ messages }: { messages: ReadonlyArray<{ parts: readonly unknown[] }> }): ReactNode {
  const part = (messages.flatMap((message) => message.parts) as PartLike[]).findLast(
    (candidate) => candidate.type === 'tool-todo_write',
  );
  const todos = (
    (part?.input as { todos?: Array<{ content?: string; status?: string }> } | undefined)?.todos ?? []
  ).filter(Boolean);
  return (
    <ul>
      {todos.map((todo, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: keyed by index, as the SDK examples render tool parts
        <li key={index} data-status={todo.status}>
          {todo.status === 'completed' ? '✓' : todo.status === 'in_progress' ? '◐' : '○'} {todo.content}
        </li>
      ))}
    </ul>
  );
}
