/** The one reader of a call's input: validation, replay and streaming all read tasks here, so they cannot disagree. */
import type { TodoRowStatus } from './todo-statuses.js';

/** Where a tool keeps its tasks and their fields (from its shape). */
export interface TodoKeys {
  list: string;
  text: string;
  status: string;
  activeForm: string | undefined;
  /** Of the input: a note on the whole plan (Codex's `explanation`). */
  explanation: string | undefined;
  statuses: readonly TodoRowStatus[];
}

/** What `value` parses to when it is a string holding a JSON object or array (models double-encode), else `value`. */
export function unwrapJsonString(value: unknown): unknown {
  if (typeof value !== 'string' || !/^\s*[[{]/.test(value)) return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/** The task array of an input: `{ [list]: [...] }` or the array itself, either maybe a JSON string. */
export function readTodoArray(input: unknown, list: string): unknown[] | undefined {
  const object = unwrapJsonString(input);
  const todos = Array.isArray(object)
    ? object
    : unwrapJsonString((object as Record<string, unknown> | null | undefined)?.[list]);
  return Array.isArray(todos) ? todos : undefined;
}

/** One task of an input that has text. */
export interface ParsedTodo {
  content: string;
  /** `content` trimmed: what tasks are matched by. */
  text: string;
  /** The status when it is exactly one of the tool's (a streamed `"in_progr"` or `"cancel"` is not). */
  status: TodoRowStatus | undefined;
  /** The present-tense text (the shape's `activeForm` key) once it is written whole. */
  activeForm: string | undefined;
  /** The last item of a streaming call whose text is its last key so far: the text may still grow. */
  isGrowing: boolean;
}

/**
 * The tasks with text, in order (the last may grow while `isPartial`); `undefined` when there is no task array.
 * `kept`: an earlier result, whose tasks are reused where they read the same (a streamed list only grows at its end).
 */
export function parseTodos(
  input: unknown,
  isPartial: boolean,
  keys: TodoKeys,
  kept?: readonly ParsedTodo[],
): ParsedTodo[] | undefined {
  const array = readTodoArray(input, keys.list);
  if (!array) return undefined;
  const parsed: ParsedTodo[] = [];
  const last = array.length - 1;
  for (let index = 0; index <= last; index++) {
    const value = array[index];
    if (typeof value !== 'object' || value === null || Array.isArray(value)) continue;
    const record = value as Record<string, unknown>;
    const content = record[keys.text];
    if (typeof content !== 'string') continue;
    const raw = record[keys.status];
    const status = keys.statuses.includes(raw as TodoRowStatus) ? (raw as TodoRowStatus) : undefined;
    const lastKey = isPartial && index === last ? lastKeyOf(record) : undefined;
    const activeForm = readWhole(record, keys.activeForm, lastKey);
    const isGrowing = lastKey === keys.text;
    const known = kept?.[parsed.length];
    if (
      known !== undefined &&
      known.content === content &&
      known.status === status &&
      known.activeForm === activeForm &&
      known.isGrowing === isGrowing
    ) {
      parsed.push(known);
      continue;
    }
    const text = content.trim();
    if (text !== '') parsed.push({ content, text, status, activeForm, isGrowing });
  }
  return parsed;
}

/** The key written last: while a call streams, the one whose value may still grow. */
export function lastKeyOf(record: Record<string, unknown>): string | undefined {
  let last: string | undefined;
  for (const key in record) last = key;
  return last;
}

/** A string field once whole: not while it is the last key written so far (`lastKey`), nor only spaces. */
function readWhole(record: Record<string, unknown>, key: string | undefined, lastKey: string | undefined) {
  const value = key === undefined || key === lastKey ? undefined : record[key];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** The note on the whole plan (`key`: Codex's `explanation`) once written whole; with `isPartial` the input may still grow. */
export function readPlanNote(input: unknown, isPartial: boolean, key: string | undefined): string | undefined {
  if (key === undefined) return undefined;
  const object = unwrapJsonString(input);
  if (typeof object !== 'object' || object === null || Array.isArray(object)) return undefined;
  const record = object as Record<string, unknown>;
  return readWhole(record, key, isPartial ? lastKeyOf(record) : undefined);
}
