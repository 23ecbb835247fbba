/**
 * The one reader of a call's input: validation, replay and the streaming derivation all see a
 * call's items through these functions, so they cannot disagree.
 */
import { isTodoStatus, type Todo, type TodoStatus } from './todo.js';
import { type TodoToolShape, todoWriteShape } from './todo-tool-shape.js';

const TODO_WRITE = todoWriteShape();

/** What `value` parses to when it is a string holding a JSON object or array (models double-encode), else `value`. */
export function unwrapJsonString(value: unknown): unknown {
  if (typeof value !== 'string' || !/^\s*[[{]/.test(value)) return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/** The task array of an input: `{ [shape.list]: [...] }` or the array itself, either maybe a JSON string. */
export function readTodoArray(input: unknown, shape: TodoToolShape = TODO_WRITE): unknown[] | undefined {
  const object = unwrapJsonString(input);
  const todos = Array.isArray(object)
    ? object
    : unwrapJsonString((object as Record<string, unknown> | null | undefined)?.[shape.list]);
  return Array.isArray(todos) ? todos : undefined;
}

/** One item of a task array, as far as it can be read. */
export interface ReadTodoItem {
  /** False for anything but a plain object (then the other fields are unset). */
  isObject: boolean;
  /** The text field when it is a string. */
  content: string | undefined;
  /** `content` trimmed, `''` when there is none: what items are matched by (`matchTodoTexts`). */
  text: string;
  /** The status when it is exactly one of the three (a streamed `"in_progr"` is not). */
  status: TodoStatus | undefined;
  /** The last item of a streaming call whose text is its last key so far: the text may still grow. */
  isGrowing: boolean;
}

/** Reads one item of a task array; `mayGrow` for the last item of a call still streaming. Never throws. */
export function readTodoItem(value: unknown, mayGrow = false, shape: TodoToolShape = TODO_WRITE): ReadTodoItem {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { isObject: false, content: undefined, text: '', status: undefined, isGrowing: false };
  }
  const record = value as Record<string, unknown>;
  const content = record[shape.text];
  const status = record[shape.status ?? 'status'];
  const isString = typeof content === 'string';
  return {
    isObject: true,
    content: isString ? content : undefined,
    text: isString ? content.trim() : '',
    status: isTodoStatus(status) ? status : undefined,
    isGrowing: mayGrow && Object.keys(record).at(-1) === shape.text,
  };
}

/** An item of a call that can be shown: it has text. */
export type ParsedTodo = ReadTodoItem & { content: string };

/**
 * The items of a call that can be shown, in order (an item still `{}` or `""` is skipped); with
 * `isPartial` the last one may be growing. `undefined` when the input holds no task array.
 */
export function parseTodos(
  input: unknown,
  isPartial = false,
  shape: TodoToolShape = TODO_WRITE,
): ParsedTodo[] | undefined {
  const array = readTodoArray(input, shape);
  if (!array) return undefined;
  const parsed: ParsedTodo[] = [];
  const last = array.length - 1;
  array.forEach((value, index) => {
    const item = readTodoItem(value, isPartial && index === last, shape);
    if (item.text !== '') parsed.push(item as ParsedTodo);
  });
  return parsed;
}

/**
 * The list an accepted call wrote, as every reader replays it: items with text, a status that is
 * not one of the three read as `pending` (only a list stored by another tool can hold one).
 */
export function readAcceptedTodos(input: unknown, shape: TodoToolShape = TODO_WRITE): Todo[] | undefined {
  return parseTodos(input, false, shape)?.map(({ content, status }) => ({ content, status: status ?? 'pending' }));
}
