/** The one reader of a call's input: validation, replay and streaming all read items here, so they cannot disagree. */
import type { Todo, TodoRowStatus } from './todo.js';
import { statusesOf, type TodoToolShape, todoWriteShape } from './todo-tool-shape.js';

type AnyShape = TodoToolShape<TodoRowStatus>;
const TODO_WRITE: AnyShape = todoWriteShape();

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
export function readTodoArray(input: unknown, shape: AnyShape = TODO_WRITE): unknown[] | undefined {
  const object = unwrapJsonString(input);
  const todos = Array.isArray(object)
    ? object
    : unwrapJsonString((object as Record<string, unknown> | null | undefined)?.[shape.list]);
  return Array.isArray(todos) ? todos : undefined;
}

export interface ReadTodoItem {
  /** False for anything but a plain object (then the other fields are unset). */
  isObject: boolean;
  content: string | undefined;
  /** `content` trimmed, `''` when there is none: what items are matched by (`matchTodoTexts`). */
  text: string;
  /** The status when it is exactly one of the shape's (a streamed `"in_progr"` or `"cancel"` is not). */
  status: TodoRowStatus | undefined;
  /** The present-tense text (the shape's `activeForm` key) once it is written whole. */
  activeForm: string | undefined;
  /** The last item of a streaming call whose text is its last key so far: the text may still grow. */
  isGrowing: boolean;
}

/** Reads one item of a task array; `mayGrow` for the last item of a call still streaming. Never throws. */
export function readTodoItem(value: unknown, mayGrow = false, shape: AnyShape = TODO_WRITE): ReadTodoItem {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return {
      isObject: false,
      content: undefined,
      text: '',
      status: undefined,
      activeForm: undefined,
      isGrowing: false,
    };
  }
  const record = value as Record<string, unknown>;
  const content = record[shape.text];
  const status = record[shape.status ?? 'status'];
  const isString = typeof content === 'string';
  const lastKey = mayGrow ? Object.keys(record).at(-1) : undefined;
  return {
    isObject: true,
    content: isString ? content : undefined,
    text: isString ? content.trim() : '',
    status: statusesOf(shape).includes(status as TodoRowStatus) ? (status as TodoRowStatus) : undefined,
    activeForm: readWhole(record, shape.activeForm, lastKey),
    isGrowing: lastKey === shape.text,
  };
}

/** A string field once whole: not while it is the last key written so far (`lastKey`), nor only spaces. */
function readWhole(record: Record<string, unknown>, key: string | undefined, lastKey: string | undefined) {
  const value = key === undefined || key === lastKey ? undefined : record[key];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** The shape's note on the whole plan (Codex's `explanation`) once it is written whole; with `isPartial` the input may still grow. */
export function readTodoExplanation(input: unknown, isPartial: boolean, shape: AnyShape): string | undefined {
  const object = unwrapJsonString(input);
  if (shape.explanation === undefined || typeof object !== 'object' || object === null || Array.isArray(object))
    return undefined;
  const record = object as Record<string, unknown>;
  return readWhole(record, shape.explanation, isPartial ? Object.keys(record).at(-1) : undefined);
}

export type ParsedTodo = ReadTodoItem & { content: string };

/** The items with text, in order (the last may grow while `isPartial`); `undefined` when there is no task array. */
export function parseTodos(input: unknown, isPartial = false, shape: AnyShape = TODO_WRITE): ParsedTodo[] | undefined {
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

/** The list an accepted call wrote, as every reader replays it: a status not one of the shape's reads as `pending`. */
export function readAcceptedTodos(input: unknown, shape: AnyShape = TODO_WRITE): Todo<TodoRowStatus>[] | undefined {
  return parseTodos(input, false, shape)?.map(({ content, status }) => ({ content, status: status ?? 'pending' }));
}
