/**
 * Reloads of the Next.js example's page at seeded random moments of its answers: each answer starts on
 * `/`, and the page is reloaded a few times while it runs (the first time while its message is held in
 * the browser, then dropped or let go, so before its first chunk), then once more and followed to the end. Every state of the plan panel each document shows is
 * sampled at every animation frame, so a reload that steps back, even for a frame, is seen.
 */
import type { Browser, Page, Request, Route } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { LOGIN_LIMIT_PLAN } from '../../../examples/next-chat/lib/scripted-plans.js';
import { seededRandom } from '../../../src/testing/seeded-random.js';
import { replayedTodos } from './next-example.js';
import { send } from './page-probes.js';

/** How far the plan panel's list is: tasks completed, of how many. */
export interface Progress {
  completed: number;
  total: number;
}

/** What one reload showed. */
export interface ReloadRecord {
  /** The answer it interrupted (0-based) and its place among that answer's reloads. */
  answer: number;
  reload: number;
  /** How long after the send, or after the previous reload's page took the answer up, it came (ms). */
  delayMs: number;
  /** The page's address as it reloaded. */
  url: string;
  /** Whether the answer was still running on the page as it reloaded (Stop shown). */
  duringAnswer: boolean;
  /** Whether no chunk of the answer had reached the page yet (no message of the agent's). */
  beforeFirstChunk: boolean;
  /** Whether the page's message was held in the browser until this reload (then dropped, or let go to race the resend). */
  heldSend: boolean;
  /** The list the page showed last before the reload: its document's last frame (`null`: no plan yet). */
  before: Progress | null;
  /** Every list the reloaded document showed, in order, until the next reload or the end. */
  after: Progress[];
  /** The reloaded document's `performance.timeOrigin`: its samples' key. */
  document: number;
  /** The `performance.timeOrigin` of the document it replaced. */
  previousDocument: number;
  /** Requests that took the answer up on the reloaded page, answered 200: the stream's, or the message sent again. */
  pickUps: number;
  /** Whether the reloaded page took the answer up (Stop shown, and a pick-up request made) or found it answered. */
  attached: boolean;
  /** When the reload did not arrive and the page was loaded again: how long the server took to answer the address (ms). */
  stalled: number | null;
  /** For the last reload of an answer: whether Send came back, and the list then. */
  end?: { sendBack: boolean; shown: Progress | null };
  /** The chat the answer belongs to. */
  chatId: string;
}

export interface ReloadRunOptions {
  baseUrl: string;
  /** The prompt each answer answers. */
  prompt: string;
  answers: number;
  reloadsPerAnswer: number;
  seed: number;
  /** The longest wait before a reload, in ms (each wait is drawn between 0 and it). */
  maxDelayMs: number;
  /** How long an answer may take to end after the last reload, in ms. */
  endTimeoutMs?: number;
  /** Called as each reload is recorded (progress for a long run). */
  onRecord?: (record: ReloadRecord) => void;
}

const SAMPLE_BINDING = 'onReloadSample';
/** How long a reloaded page may take to take its answer up, in ms. */
const TAKE_UP_TIMEOUT_MS = 60_000;
/** How long a reload, or the server's own answer to the address, may take, in ms (`next dev` may compile the route first). */
const RELOAD_TIMEOUT_MS = 60_000;

/** Holds the page's next `POST /api/chat` in the browser: `reached` once it is held, `release` drops it or lets it go on. */
async function holdNextSend(
  page: Page,
): Promise<{ reached: Promise<void>; release: (how: 'drop' | 'continue') => Promise<void> }> {
  let hold: (route: Route) => void = () => {};
  const held = new Promise<Route>((resolve) => {
    hold = resolve;
  });
  const onSend = (route: Route): Promise<void> | void =>
    route.request().method() === 'POST' ? hold(route) : route.fallback();
  await page.route('**/api/chat', onSend, { times: 1 });
  return {
    reached: held.then(() => {}),
    release: async (how) => {
      const route = await held;
      await (how === 'drop' ? route.abort() : route.continue());
    },
  };
}

/** How long a reload may go without arriving before the server is asked for the same address, in ms. */
const STALL_CHECK_MS = 10_000;
/** How long the browser's reload may still take once the server has answered the same address, in ms. */
const STALL_GRACE_MS = 10_000;

const pause = (ms: number): Promise<'late'> => new Promise((resolve) => setTimeout(() => resolve('late'), ms));

/**
 * Reloads `page`; returns how long the server took to answer the address when the reload stalled (`null`: it did not).
 * A reload that has not arrived `STALL_GRACE_MS` after the server answered the same address is loaded again (a
 * Chromium run as a single process can lose a navigation); a server that does not answer fails the run, with the
 * requests the page had open.
 */
async function reloadOrRetry(page: Page, url: string, openRequests: () => string[]): Promise<number | null> {
  const reloaded = page.reload({ waitUntil: 'commit', timeout: RELOAD_TIMEOUT_MS }).then(
    () => 'arrived' as const,
    (error: unknown) => ({ error }),
  );
  if ((await Promise.race([reloaded, pause(STALL_CHECK_MS)])) === 'arrived') return null;
  const asked = performance.now();
  const answers = await fetch(url, { signal: AbortSignal.timeout(RELOAD_TIMEOUT_MS) }).then(
    (response) => response.ok,
    () => false,
  );
  const serverMs = Math.round(performance.now() - asked);
  const outcome = await Promise.race([reloaded, pause(STALL_GRACE_MS)]);
  if (outcome === 'arrived') return null;
  const open = openRequests().join(', ');
  if (!answers) {
    const cause = outcome === 'late' ? undefined : outcome.error;
    throw new Error(`reload of ${url}: the server does not answer; open: ${open}`, { cause });
  }
  console.warn(
    `reload of ${url} did not arrive (open: ${open}); the server answered the address in ${serverMs} ms, so it is loaded again`,
  );
  await page.goto(url, { waitUntil: 'commit', timeout: RELOAD_TIMEOUT_MS });
  return serverMs;
}

/** Samples the plan panel at every animation frame where it changed, from the document's first frame on. */
function samplePlanPanel(binding: string): void {
  const report = (window as unknown as Record<string, (origin: number, completed: number, total: number) => void>)[
    binding
  ];
  let last = '';
  const tick = (): void => {
    const rows = document.querySelectorAll('[aria-label="Plan"] li[data-status]:not([data-change="removed"])');
    if (rows.length > 0) {
      const completed = [...rows].filter((row) => row.getAttribute('data-status') === 'completed').length;
      const key = `${completed}/${rows.length}`;
      if (key !== last) {
        last = key;
        report?.(performance.timeOrigin, completed, rows.length);
      }
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/** The plan panel's list now, or `null` before the first plan. */
export function shownProgress(page: Page): Promise<Progress | null> {
  return page.evaluate(() => {
    const rows = [...document.querySelectorAll('[aria-label="Plan"] li[data-status]:not([data-change="removed"])')];
    if (rows.length === 0) return null;
    const completed = rows.filter((row) => row.getAttribute('data-status') === 'completed').length;
    return { completed, total: rows.length };
  });
}

/** Which button the chat's form shows: Stop while an answer runs, Send otherwise (`null` while the page loads). */
const formButton = (page: Page): Promise<'stop' | 'send' | null> =>
  page
    .evaluate(() => {
      const button = document.querySelector('.chat-form button');
      if (button === null) return null;
      return button.getAttribute('type') === 'submit' ? 'send' : 'stop';
    })
    .catch(() => null);

/**
 * Runs `answers` answers on `page`, reloading each `reloadsPerAnswer` times at seeded random moments,
 * and returns what every reload showed. The page must be new (the sampler is installed on it once).
 */
export async function reloadDuringAnswers(page: Page, options: ReloadRunOptions): Promise<ReloadRecord[]> {
  const { baseUrl, prompt, answers, reloadsPerAnswer, seed, maxDelayMs, endTimeoutMs = 180_000 } = options;
  const random = seededRandom(seed);
  const samples = new Map<number, Progress[]>();
  await page.exposeFunction(SAMPLE_BINDING, (origin: number, completed: number, total: number) => {
    samples.set(origin, [...(samples.get(origin) ?? []), { completed, total }]);
  });
  await page.addInitScript(samplePlanPanel, SAMPLE_BINDING);
  let pickUps = 0;
  // Requests the page has open: what a reload that does not arrive was waiting behind.
  const open = new Set<Request>();
  page.on('request', (request) => open.add(request));
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
  // Pick-ups the page asked for since the reload; one counts once answered 200 (a resend refused with 409 takes
  // nothing up: the page must then ask for the stream).
  let asked = new Set<Request>();
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (/^\/api\/chat\/[^/]+\/stream$/.test(path) || (request.method() === 'POST' && path === '/api/chat')) {
      asked.add(request);
    }
  });
  page.on('response', (response) => {
    if (asked.has(response.request()) && response.status() === 200) pickUps += 1;
  });
  const origin = (): Promise<number> => page.evaluate(() => performance.timeOrigin);
  // What the document before showed last, and what the reloaded one showed: from the samples so far.
  const sampled = (record: ReloadRecord): ReloadRecord => ({
    ...record,
    before: samples.get(record.previousDocument)?.at(-1) ?? null,
    after: samples.get(record.document) ?? [],
  });
  const records: ReloadRecord[] = [];

  for (let answer = 0; answer < answers; answer += 1) {
    await page.goto(`${baseUrl}/`);
    await page.getByRole('button', { name: 'Send' }).waitFor({ timeout: 120_000 });
    // The message waits in the browser until the first reload is issued: that reload certainly comes before the server has it.
    const held = await holdNextSend(page);
    await send(page, prompt);
    const chatId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
    for (let reload = 0; reload < reloadsPerAnswer; reload += 1) {
      const last = reload === reloadsPerAnswer - 1;
      const heldSend = reload === 0;
      const delayMs = Math.round(random() * maxDelayMs);
      if (heldSend) await held.reached;
      await page.waitForTimeout(delayMs);
      const url = page.url();
      const duringAnswer = (await formButton(page)) === 'stop';
      const beforeFirstChunk = (await page.locator('.chat-message[data-role="assistant"]').count()) === 0;
      const previous = await origin();
      pickUps = 0;
      asked = new Set();
      // Released before the reload (one held through it stalls the navigation). Dropped, the server never
      // has the message and the reloaded page must send it again; let go, it races the page's resend.
      if (heldSend) await held.release(answer % 2 === 0 ? 'drop' : 'continue');
      // `next dev` may compile the route first: on a busy machine that takes longer than a navigation's default 30 s.
      const stalled = await reloadOrRetry(page, url, () =>
        [...open].map((request) => `${request.method()} ${request.url()}`),
      );
      let attached = false;
      let end: ReloadRecord['end'];
      if (last) {
        const sendBack = await page
          .waitForFunction(() => document.querySelector('.chat-form button[type="submit"]') !== null, undefined, {
            timeout: endTimeoutMs,
            polling: 100,
          })
          .then(
            () => true,
            () => false,
          );
        // Sampled once more: the sampler reports on its next frame.
        await page.waitForTimeout(100);
        end = { sendBack, shown: await shownProgress(page) };
        attached = sendBack;
      } else {
        // Taken up: Stop shows and the page asked for the answer (or sent its message again); or Send
        // shows because the answer ended. Polled: a page may show either before it has read the server.
        const deadline = Date.now() + TAKE_UP_TIMEOUT_MS;
        while (!attached && Date.now() < deadline) {
          const shown = await formButton(page);
          attached =
            (shown === 'stop' && pickUps > 0) ||
            (shown === 'send' && (await storedProgress(baseUrl, chatId))?.answered === true);
          if (!attached) await page.waitForTimeout(50);
        }
      }
      const current = await origin().catch(() => previous);
      const record: ReloadRecord = {
        answer,
        reload,
        delayMs,
        url,
        duringAnswer,
        beforeFirstChunk,
        heldSend,
        before: null,
        previousDocument: previous,
        after: [],
        document: current === previous ? Number.NaN : current,
        pickUps,
        attached,
        stalled,
        chatId,
        ...(end === undefined ? {} : { end }),
      };
      records.push(record);
      options.onRecord?.(sampled(record));
    }
  }
  return records.map(sampled);
}

/**
 * The reloads whose document showed a list with fewer tasks completed than the page showed before the reload, or
 * than the same document showed at an earlier frame.
 */
export const steppedBack = (records: readonly ReloadRecord[]): ReloadRecord[] =>
  records.filter((record) => {
    let most = record.before?.completed ?? 0;
    return record.after.some((shown) => {
      const back = shown.completed < most;
      most = Math.max(most, shown.completed);
      return back;
    });
  });

/** A reload as one line, for a failure message. */
export const describeReload = (record: ReloadRecord): string =>
  `answer ${record.answer} reload ${record.reload}${record.heldSend ? ' (send held)' : ''} after ${record.delayMs} ms at ${record.url}: ` +
  `before ${JSON.stringify(record.before)}, after ${JSON.stringify(record.after)}, ` +
  `pick-ups ${record.pickUps}, attached ${record.attached}${record.stalled === null ? '' : `, stalled (server ${record.stalled} ms)`}, end ${JSON.stringify(record.end)}`;

/** What the store holds for a chat: its plan's count, and whether its answer runs or has ended (`null`: no such chat). */
type StoredProgress = Progress & { running: boolean; answered: boolean };

/** The plan the store holds for a chat once its answer ended: the server's final count (`null`: no such chat). */
async function storedProgress(baseUrl: string, chatId: string): Promise<StoredProgress | null> {
  // No id (the page never showed the chat's address) or no chat: the checks report it, the run goes on.
  if (chatId === '') return null;
  const response = await fetch(`${baseUrl}/api/chat/${encodeURIComponent(chatId)}`);
  if (!response.ok) return null;
  const { messages, running } = (await response.json()) as { messages: { role: string }[]; running: boolean };
  const rows = await replayedTodos(messages as never);
  // Answered: the agent's message ends the stored chat and nothing runs (an empty chat has not started).
  const answered = !running && messages.at(-1)?.role === 'assistant';
  return { completed: rows.filter((row) => row.status === 'completed').length, total: rows.length, running, answered };
}

/** A page of the reload suite: its viewport and theme (`undefined`: the browser's default) and how many answers it runs. */
interface ReloadPage {
  viewport?: { width: number; height: number };
  colorScheme?: 'light' | 'dark';
  answers: number;
}

/** The suite's pages, run at once: a wide one, a phone's 390 px in the dark theme and 320 px in the light one. */
const PAGES: readonly ReloadPage[] = [
  { answers: 2 },
  { viewport: { width: 390, height: 844 }, colorScheme: 'dark', answers: 2 },
  { viewport: { width: 320, height: 640 }, colorScheme: 'light', answers: 1 },
];

/**
 * The reload tests on a running example: each page runs its answers of the plan scenario, every answer reloaded
 * `reloadsPerAnswer` times at seeded random moments. The pages run at once, each on chats of its own.
 */
export function reloadSuite(options: {
  target: () => { browser: Browser; baseUrl: string };
  seed: number;
  reloadsPerAnswer: number;
  maxDelayMs: number;
  onRecord?: (record: ReloadRecord) => void;
}): void {
  const PLAN = LOGIN_LIMIT_PLAN;
  const { reloadsPerAnswer } = options;
  const answers = PAGES.reduce((sum, page) => sum + page.answers, 0);
  const reloads = answers * reloadsPerAnswer;
  let records: ReloadRecord[] = [];
  const stored = new Map<string, StoredProgress | null>();
  beforeAll(async () => {
    const { browser, baseUrl } = options.target();
    const run = {
      baseUrl,
      prompt: PLAN.prompt,
      reloadsPerAnswer,
      maxDelayMs: options.maxDelayMs,
      ...(options.onRecord === undefined ? {} : { onRecord: options.onRecord }),
    };
    const firstAnswers = PAGES.map((_, index) => PAGES.slice(0, index).reduce((sum, page) => sum + page.answers, 0));
    const perPage = await Promise.all(
      PAGES.map(async ({ viewport, colorScheme, answers: count }, index) => {
        const page = await browser.newPage({
          ...(viewport === undefined ? {} : { viewport }),
          ...(colorScheme === undefined ? {} : { colorScheme }),
        });
        const pageRecords = await reloadDuringAnswers(page, { ...run, answers: count, seed: options.seed + index });
        return pageRecords.map((record) => ({ ...record, answer: record.answer + firstAnswers[index]! }));
      }),
    );
    records = perPage.flat();
    for (const { chatId } of records) {
      if (!stored.has(chatId)) stored.set(chatId, await storedProgress(baseUrl, chatId));
    }
  });

  it(`reloads ${reloads} times, most during an answer, the first of each while its message is held`, () => {
    expect(records).toHaveLength(reloads);
    expect(records.filter((record) => record.duringAnswer).length).toBeGreaterThanOrEqual(reloads * 0.8);
    const held = records.filter((record) => record.heldSend);
    expect(held).toHaveLength(answers);
    expect(held.filter((record) => !record.duringAnswer || !record.beforeFirstChunk).map(describeReload)).toEqual([]);
  });

  it('gives the chat its address as the message is sent: every reload is of /chat/[id]', () => {
    const elsewhere = records.filter((record) => new URL(record.url).pathname !== `/chat/${record.chatId}`);
    expect(elsewhere.map(describeReload)).toEqual([]);
    expect(records.every((record) => record.chatId !== '' && record.chatId !== 'chat')).toBe(true);
  });

  it('every reload during an answer takes it up: Stop, and a request for it or the message sent again', () => {
    const stuck = records.filter((record) => record.duringAnswer && !record.attached);
    expect(stuck.map(describeReload)).toEqual([]);
  });

  it("every answer ends on the page: Send comes back with the plan at the server's final count", () => {
    const ends = records.filter((record) => record.end !== undefined);
    expect(ends).toHaveLength(answers);
    const wrong = ends.filter((record) => {
      const final = stored.get(record.chatId);
      return (
        !record.end?.sendBack ||
        final == null ||
        final.running ||
        final.total !== PLAN.tasks.length ||
        record.end.shown?.completed !== final.completed ||
        record.end.shown?.total !== final.total
      );
    });
    expect(
      wrong.map((record) => `${describeReload(record)}; stored ${JSON.stringify(stored.get(record.chatId))}`),
    ).toEqual([]);
  });

  // A lost reload is the browser's: the server answered the same address meanwhile (else the run failed).
  it('the browser loses at most one reload in ten; each was loaded again and took the answer up', () => {
    const stalled = records.filter((record) => record.stalled !== null);
    expect(stalled.length, stalled.map(describeReload).join('\n')).toBeLessThanOrEqual(Math.floor(reloads / 10));
  });

  it('every reload loads a new document, and none shows fewer tasks done than before, at any frame', () => {
    expect(records.filter((record) => Number.isNaN(record.document)).map(describeReload)).toEqual([]);
    expect(steppedBack(records).map(describeReload)).toEqual([]);
  });
}
