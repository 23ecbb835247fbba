/**
 * What scripts/test-next-deploy.ts reads of the Next.js example: its SQLite store, its chat route
 * (posted from Node, the SSE read to its end), and its page (scripts run inside Chromium). Loaded
 * by plain Node 24 (type stripping).
 */
import { DatabaseSync } from 'node:sqlite';
import type { Page } from 'playwright-core';

export interface Row {
  content: string;
  status: string;
}

export interface StoredChat {
  exists: boolean;
  messages: { id: string; role: string; parts: { type: string; [key: string]: unknown }[] }[];
  todos: Row[];
  activeStreamId: string | null;
}

/** The rows as one comparable string. */
export const keyOf = (rows: readonly Row[]): string =>
  JSON.stringify(rows.map(({ content, status }) => [content, status]));

/** A chat as the store holds it (read-only connection). */
export function readStore(databasePath: string, chatId: string): StoredChat {
  const database = new DatabaseSync(databasePath, { readOnly: true });
  try {
    const chat = database.prepare('SELECT messages, active_stream_id FROM chats WHERE id = ?').get(chatId) as
      | { messages: string; active_stream_id: string | null }
      | undefined;
    const todos = database.prepare('SELECT todos FROM todos WHERE chat_id = ?').get(chatId) as
      | { todos: string }
      | undefined;
    return {
      exists: chat !== undefined,
      messages: chat === undefined ? [] : JSON.parse(chat.messages),
      todos:
        todos === undefined
          ? []
          : (JSON.parse(todos.todos) as Row[]).map(({ content, status }) => ({ content, status })),
      activeStreamId: chat?.active_stream_id ?? null,
    };
  } finally {
    database.close();
  }
}

/** Waits until no answer holds the chat (`timeoutMs` at most); `false` if one still does. */
export async function waitForIdle(databasePath: string, chatId: string, timeoutMs = 120_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (readStore(databasePath, chatId).activeStreamId === null) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

export interface PostResult {
  status: number;
  error?: string;
  chunks: string[];
  /** The stream ended with a `finish` chunk. */
  finished: boolean;
}

/** POSTs to /api/chat and reads the answer to its end (or leaves after `abortAfterChunks`). */
export async function postChat(
  baseUrl: string,
  body: unknown,
  options: { abortAfterChunks?: number } = {},
): Promise<PostResult> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: controller.signal,
  });
  if (response.status !== 200) {
    const { error } = (await response.json().catch(() => ({}))) as { error?: string };
    return { status: response.status, ...(error === undefined ? {} : { error }), chunks: [], finished: false };
  }
  const chunks: string[] = [];
  let buffer = '';
  const decoder = new TextDecoder();
  try {
    for await (const bytes of response.body as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(bytes, { stream: true });
      const events = buffer.split('\n\n');
      buffer = events.pop() ?? '';
      for (const event of events) {
        const data = event.replace(/^data: /, '');
        if (data === '[DONE]' || data.trim() === '') continue;
        chunks.push((JSON.parse(data) as { type: string }).type);
      }
      if (options.abortAfterChunks !== undefined && chunks.length >= options.abortAfterChunks) {
        controller.abort();
        break;
      }
    }
  } catch {
    // the client left (abortAfterChunks) or the server went away
  }
  return { status: 200, chunks, finished: chunks.at(-1) === 'finish' };
}

/** A conversation without its ids: what two runs of the scripted agent must agree on. */
export function canonical(messages: StoredChat['messages']): string {
  return JSON.stringify(
    messages.map((message) => [
      message.role,
      message.parts.map((part) => {
        if (part.type === 'text') return ['text', part.text];
        if (part.type === 'tool-todo_write') return [part.type, part.state, part.input, part.output ?? part.errorText];
        return [part.type];
      }),
    ]),
  );
}

/** The list of every accepted todo_write call, in order (keyed as {@link keyOf}). */
export function acceptedLists(messages: StoredChat['messages']): string[] {
  return messages.flatMap((message) =>
    message.parts
      .filter((part) => part.type === 'tool-todo_write' && part.state === 'output-available')
      .map((part) => keyOf((part.input as { todos: Row[] }).todos)),
  );
}

/** How many steps the stored answers hold. */
export function stepCount(messages: StoredChat['messages']): number {
  return messages.reduce((sum, message) => sum + message.parts.filter((part) => part.type === 'step-start').length, 0);
}

/** The plan panel's rows on a live page. */
export function pageRows(page: Page): Promise<Row[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('[aria-label="Plan"] li[data-status]:not([data-change="removed"])')].map((item) => ({
      content: (item.querySelector('[data-todo-content]') ?? item).textContent?.trim() ?? '',
      status: item.getAttribute('data-status') ?? '',
    })),
  );
}

/** The page's error line (`role="alert"`), or `null` when none shows. */
export function shownAlert(page: Page): Promise<string | null> {
  return page
    .locator('.chat p[role="alert"]')
    .textContent({ timeout: 100 })
    .catch(() => null);
}

/** The plan panel's rows in raw server HTML. */
export function rowsFromHtml(html: string): Row[] {
  const start = html.indexOf('aria-label="Plan"');
  if (start === -1) return [];
  const panel = html.slice(start, html.indexOf('</aside>', start));
  return [...panel.matchAll(/<li\b[^>]*\bdata-status="([^"]*)"[^>]*>([\s\S]*?)<\/li>/g)].map((match) => ({
    status: match[1] ?? '',
    content: (/data-todo-content[^>]*>([\s\S]*?)<\/span>/.exec(match[2] ?? '')?.[1] ?? '')
      .replace(/<[^>]+>/g, '')
      .trim(),
  }));
}

/** Runs in the page before its scripts: tees each /api/chat response (POST or resume) and reports every chunk type. */
export function recordChatChunks(): void {
  const target = window as unknown as { onChatChunk?: (type: string) => void };
  const originalFetch = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const response = await originalFetch(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.includes('/api/chat') || url.endsWith('/stop') || response.body === null) return response;
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
            target.onChatChunk?.((JSON.parse(data) as { type: string }).type);
          }
        }
      } catch {
        // the page went away mid-stream
      }
    })();
    return new Response(forPage, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

/** Runs in the page before its scripts: reports the plan panel's rows at every animation frame where they changed. */
export function sampleChecklist(): void {
  const target = window as unknown as { onChecklistSample?: (sample: { rows: unknown[]; load: number }) => void };
  const load = performance.timeOrigin;
  let last = '';
  const tick = (): void => {
    const root = document.querySelector('[aria-label="Plan"]');
    if (root !== null) {
      const rows = [...root.querySelectorAll('li[data-status]:not([data-change="removed"])')].map((item) => ({
        content: (item.querySelector('[data-todo-content]') ?? item).textContent?.trim() ?? '',
        status: item.getAttribute('data-status') ?? '',
      }));
      const key = JSON.stringify(rows);
      if (key !== last) {
        last = key;
        target.onChecklistSample?.({ rows, load });
      }
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}
