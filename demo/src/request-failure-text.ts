/**
 * What the page says when a chat request fails: the route's own line (the text of its stream's error,
 * or the `{ error }` of a request it refused), or, when no answer came back at all, what to check.
 */

/** Shown when the request never reached the server. */
export const SERVER_UNREACHABLE_TEXT = 'Could not reach the demo\'s server: is "npm run demo" still running?';

/** The line under the chat for `useChat`'s `error`. */
export function requestFailureText(error: Error): string {
  // fetch rejects with a TypeError when no answer came back: "Failed to fetch", "Load failed", "NetworkError…".
  if (error instanceof TypeError && /fetch|network|load failed/i.test(error.message)) return SERVER_UNREACHABLE_TEXT;
  // A refused request's body is the route's JSON ({ error }), which the transport passes on as the message.
  try {
    const { error: text } = JSON.parse(error.message) as { error?: unknown };
    if (typeof text === 'string' && text !== '') return text;
  } catch {
    // not the route's JSON: the message is the line itself
  }
  return error.message || 'The request failed.';
}
