import { isTodoStatus, type Todo } from './todo.js';
import { unwrapJsonString } from './unwrap-json-string.js';

/**
 * Reads the list out of a `todo_write` call's input as stored in a conversation:
 * `{ todos: [...] }`, with the input or `todos` possibly a JSON string.
 * Keeps only `content` and `status` of each task. Returns `undefined` when the input is
 * not a list of `{ content: string, status }` (so the call cannot be replayed).
 */
export function parseTodoList(input: unknown): Todo[] | undefined {
  const object = unwrapJsonString(input);
  if (typeof object !== 'object' || object === null || Array.isArray(object)) return undefined;
  const todos = unwrapJsonString((object as { todos?: unknown }).todos);
  if (!Array.isArray(todos)) return undefined;
  const list: Todo[] = [];
  for (const item of todos as unknown[]) {
    if (typeof item !== 'object' || item === null) return undefined;
    const { content, status } = item as { content?: unknown; status?: unknown };
    if (typeof content !== 'string' || !isTodoStatus(status)) return undefined;
    list.push({ content, status });
  }
  return list;
}
