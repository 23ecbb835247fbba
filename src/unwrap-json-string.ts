/**
 * Models sometimes double-encode a tool argument: `{"todos":"[{\"content\":...}]"}`.
 * Returns what `value` parses to when it is a string holding JSON, else `value` unchanged.
 * Never throws.
 */
export function unwrapJsonString(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (!text.startsWith('[') && !text.startsWith('{')) return value;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return value;
  }
}
