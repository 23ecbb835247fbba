/**
 * The UI message stream of the example's /api/chat, recorded chunk by chunk: from Node
 * ({@link postChat}) and inside the page ({@link recordChatChunks}, a wrapped `fetch`).
 */
import type { Page } from 'playwright-core';

export interface Chunk {
  type: string;
  toolCallId?: string;
  toolName?: string;
  input?: unknown;
}

export interface PostResult {
  status: number;
  /** The error body of a refused request, or why reading the stream failed. */
  error?: string;
  chunks: string[];
  /** Each chunk as sent (its JSON). */
  events: string[];
  /** Milliseconds from the request to its first chunk. */
  firstChunkMs?: number;
  /** The stream ended with a `finish` chunk. */
  finished: boolean;
}

/** POSTs to /api/chat and reads the answer to its end (or leaves after `abortAfterChunks`), telling `onChunk` each type. */
export async function postChat(
  baseUrl: string,
  body: unknown,
  options: { abortAfterChunks?: number; onChunk?: (type: string) => void } = {},
): Promise<PostResult> {
  const controller = new AbortController();
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: controller.signal,
  });
  if (response.status !== 200) {
    const { error } = (await response.json().catch(() => ({}))) as { error?: string };
    return {
      status: response.status,
      ...(error === undefined ? {} : { error }),
      chunks: [],
      events: [],
      finished: false,
    };
  }
  return readChunks(response, controller, started, options);
}

/**
 * GETs the running answer of `chatId` (after the `from` chunks a reader had) and reads it to its end (or
 * leaves after `abortAfterChunks`); `status` 204 when none runs.
 */
export async function resumeChat(
  baseUrl: string,
  chatId: string,
  from = 0,
  options: { abortAfterChunks?: number } = {},
): Promise<PostResult> {
  const controller = new AbortController();
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/chat/${chatId}/stream?from=${from}`, { signal: controller.signal });
  if (response.status !== 200) return { status: response.status, chunks: [], events: [], finished: false };
  return readChunks(response, controller, started, options);
}

async function readChunks(
  response: Response,
  controller: AbortController,
  started: number,
  { abortAfterChunks, onChunk }: { abortAfterChunks?: number; onChunk?: (type: string) => void } = {},
): Promise<PostResult> {
  const chunks: string[] = [];
  const events: string[] = [];
  let firstChunkMs: number | undefined;
  let failure: string | undefined;
  let buffer = '';
  const decoder = new TextDecoder();
  try {
    for await (const bytes of response.body as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(bytes, { stream: true });
      const blocks = buffer.split('\n\n');
      buffer = blocks.pop() ?? '';
      for (const block of blocks) {
        const data = block.replace(/^data: /, '');
        if (data === '[DONE]' || data.trim() === '') continue;
        firstChunkMs ??= performance.now() - started;
        events.push(data);
        chunks.push((JSON.parse(data) as Chunk).type);
        onChunk?.(chunks.at(-1)!);
        if (abortAfterChunks !== undefined && chunks.length >= abortAfterChunks) break;
      }
      if (abortAfterChunks !== undefined && chunks.length >= abortAfterChunks) {
        controller.abort();
        break;
      }
    }
  } catch (error) {
    // the client left (abortAfterChunks) or the server went away
    if (abortAfterChunks === undefined) failure = String(error);
  }
  return {
    status: 200,
    ...(failure === undefined ? {} : { error: failure }),
    chunks,
    events,
    ...(firstChunkMs === undefined ? {} : { firstChunkMs }),
    finished: chunks.at(-1) === 'finish',
  };
}

/**
 * Runs in the page before its scripts (`page.addInitScript`): tees each /api/chat response (POST
 * or resume), keeps every chunk in `window.chatChunks` and each request's chat id in
 * `window.chatIds`, and reports each chunk's type to `window.onChatChunk` when the test exposed one.
 */
export function recordChatChunks(): void {
  const record = window as unknown as {
    chatChunks: unknown[];
    chatIds: string[];
    onChatChunk?: (type: string) => void;
  };
  record.chatChunks = [];
  record.chatIds = [];
  const originalFetch = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const response = await originalFetch(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.includes('/api/chat') || url.endsWith('/stop') || response.body === null) return response;
    try {
      record.chatIds.push(JSON.parse(String(init?.body)).id);
    } catch {
      // a resume: no request body
    }
    const [forPage, forRecord] = response.body.tee();
    void (async () => {
      const reader = forRecord.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          buffer += value;
          const events = buffer.split('\n\n');
          buffer = events.pop() ?? '';
          for (const event of events) {
            const data = event.replace(/^data: /, '');
            if (data === '[DONE]' || data.trim() === '') continue;
            const chunk = JSON.parse(data) as { type: string };
            record.chatChunks.push(chunk);
            record.onChatChunk?.(chunk.type);
          }
        }
      } catch {
        // the page went away, or the server, mid-stream
      }
    })();
    return new Response(forPage, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

/** The chunks the page recorded so far ({@link recordChatChunks}). */
export const recordedChunks = (page: Page): Promise<Chunk[]> =>
  page.evaluate(() => (window as unknown as { chatChunks: Chunk[] }).chatChunks);
