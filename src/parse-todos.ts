/**
 * The one reader of a `todo_write` input: the tool's validation, the history readers and the
 * streaming derivation all see a call's items through these functions, so they cannot disagree.
 */
import { isTodoStatus, type Todo, type TodoStatus } from './todo.js';

/**
 * Models sometimes double-encode a tool argument: `{"todos":"[{\"content\":...}]"}`.
 * Returns what `value` parses to when it is a string holding a JSON object or array, else
 * `value` unchanged. Never throws.
 */
export function unwrapJsonString(value: unknown): unknown {
  if (typeof value !== 'string' || !/^\s*[[{]/.test(value)) return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/**
 * The task array of a `todo_write` input: `{ todos: [...] }` or the array itself, either one
 * possibly a JSON string. `undefined` when there is no array.
 */
export function readTodoArray(input: unknown): unknown[] | undefined {
  const object = unwrapJsonString(input);
  const todos = Array.isArray(object)
    ? object
    : unwrapJsonString((object as { todos?: unknown } | null | undefined)?.todos);
  return Array.isArray(todos) ? todos : undefined;
}

/** One item of a task array, as far as it can be read. */
export interface ReadTodoItem {
  /** False for anything but a plain object (then the other fields are unset). */
  isObject: boolean;
  /** `content` when it is a string. */
  content: string | undefined;
  /** `content` trimmed; `''` when there is none. Items are told apart by this text. */
  text: string;
  /** `status` when it is exactly one of the three values (a streamed `"in_progr"` is not). */
  status: TodoStatus | undefined;
  /** The item's text may still grow: the last item of a streaming call, with `content` its last key so far. */
  isGrowing: boolean;
}

/** Reads one item of a task array; `mayGrow` for the last item of a call still streaming. Never throws. */
export function readTodoItem(value: unknown, mayGrow = false): ReadTodoItem {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { isObject: false, content: undefined, text: '', status: undefined, isGrowing: false };
  }
  const { content, status } = value as { content?: unknown; status?: unknown };
  const isString = typeof content === 'string';
  return {
    isObject: true,
    content: isString ? content : undefined,
    text: isString ? content.trim() : '',
    status: isTodoStatus(status) ? status : undefined,
    isGrowing: mayGrow && Object.keys(value).at(-1) === 'content',
  };
}

/** An item of a call that can be shown: it has text. */
export type ParsedTodo = ReadTodoItem & { content: string };

/**
 * The items of a call that can be shown, in order: those with text (an item still `{}` or `""` is
 * skipped). With `isPartial` (the call is still streaming), the last item is marked growing while
 * `content` is the last key it has. `undefined` when the input holds no task array.
 */
export function parseTodos(input: unknown, isPartial = false): ParsedTodo[] | undefined {
  const array = readTodoArray(input);
  if (!array) return undefined;
  const parsed: ParsedTodo[] = [];
  const last = array.length - 1;
  array.forEach((value, index) => {
    const item = readTodoItem(value, isPartial && index === last);
    if (item.text !== '') parsed.push(item as ParsedTodo);
  });
  return parsed;
}

/**
 * The list an accepted call wrote, as every reader replays it: its items with text, a status that
 * is not one of the three read as `pending`. Only a list stored by another tool or version can
 * hold such items: the tool accepts none. `undefined` when the input holds no task array.
 */
export function readAcceptedTodos(input: unknown): Todo[] | undefined {
  return parseTodos(input)?.map(({ content, status }) => ({ content, status: status ?? 'pending' }));
}
