/**
 * Turns a (possibly partial) `todo_write` input into the items worth showing.
 */
import { isTodoStatus, type TodoStatus } from './todo.js';
import { unwrapJsonString } from './unwrap-json-string.js';

/** One item of a call's input that has visible text. */
export interface TodoEntry {
  /** Position in the call's `todos` array (counting items not shown yet): stable while the call streams. */
  index: number;
  content: string;
  /** `content.trim()`, what items are matched on. */
  trimmed: string;
  /** The status when it is exactly one of the three values, else `undefined`. */
  status: TodoStatus | undefined;
  /** True for the last item while its text may still grow. */
  streaming: boolean;
}

/**
 * The `todos` array of an input, or `[]`. A complete input may be double-encoded
 * (`{"todos":"[...]"}`); the tool accepts that, so this unwraps it too.
 */
export function readTodoArray(input: unknown, isPartial: boolean): readonly unknown[] {
  const object = isPartial ? input : unwrapJsonString(input);
  const todos = (object as { todos?: unknown } | null | undefined)?.todos;
  const list = isPartial ? todos : unwrapJsonString(todos);
  return Array.isArray(list) ? list : [];
}

/**
 * Reads one item: `undefined` while it has no text yet (`{}`, `""`); a `status` only when it is
 * exactly one of the three values (the SDK hands over cut-off values such as `"in_progr"`).
 * The last item of a partial input is `streaming` while `content` is its last key so far
 * (once another key follows it, its text is complete).
 */
export function readTodoEntry(item: unknown, index: number, isStreamingCandidate: boolean): TodoEntry | undefined {
  if (typeof item !== 'object' || item === null) return undefined;
  const { content, status } = item as { content?: unknown; status?: unknown };
  if (typeof content !== 'string') return undefined;
  const trimmed = content.trim();
  if (trimmed === '') return undefined;
  return {
    index,
    content,
    trimmed,
    status: isTodoStatus(status) ? status : undefined,
    streaming: isStreamingCandidate && Object.keys(item).at(-1) === 'content',
  };
}
