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
 * The task array of a `todo_write` input, the one reader behind the tool, the replay helpers and
 * the checklist: `{ todos: [...] }` or the array itself, either one possibly a JSON string.
 * `undefined` when there is no array (the tool rejects such a call; `validateTodos` says why).
 */
export function readTodoArray(input: unknown): unknown[] | undefined {
  const object = unwrapJsonString(input);
  const todos = Array.isArray(object)
    ? object
    : unwrapJsonString((object as { todos?: unknown } | null | undefined)?.todos);
  return Array.isArray(todos) ? todos : undefined;
}
