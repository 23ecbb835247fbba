/**
 * Reloads of the Next.js example's page at seeded random moments of its answers: each answer starts on
 * `/`, and the page is reloaded a few times while it runs (the first time possibly before its first
 * chunk), then once more and followed to the end. Every state of the plan panel each document shows is
 * sampled at every animation frame, so a reload that steps back, even for a frame, is seen.
 */
import type { Browser, Page } from 'playwright-core';
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
  /** The list shown right before the reload (`null`: no plan yet). */
  before: Progress | null;
  /** Every list the reloaded document showed, in order, until the next reload or the end. */
  after: Progress[];
  /** The reloaded document's `performance.timeOrigin`: its samples' key. */
  document: number;
  /** Requests the reloaded page made to take the answer up: the stream's, or the message sent again. */
  pickUps: number;
  /** Whether the reloaded page took the answer up (Stop shown, and a pick-up request made) or found it ended. */
  attached: boolean;
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
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (/^\/api\/chat\/[^/]+\/stream$/.test(path) || (request.method() === 'POST' && path === '/api/chat')) {
      pickUps += 1;
    }
  });
  const origin = (): Promise<number> => page.evaluate(() => performance.timeOrigin);
  const records: ReloadRecord[] = [];

  for (let answer = 0; answer < answers; answer += 1) {
    await page.goto(`${baseUrl}/`);
    await page.getByRole('button', { name: 'Send' }).waitFor({ timeout: 120_000 });
    await send(page, prompt);
    const chatId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
    for (let reload = 0; reload < reloadsPerAnswer; reload += 1) {
      const last = reload === reloadsPerAnswer - 1;
      const delayMs = Math.round(random() * maxDelayMs);
      await page.waitForTimeout(delayMs);
      const url = page.url();
      const duringAnswer = (await formButton(page)) === 'stop';
      const beforeFirstChunk = (await page.locator('.chat-message[data-role="assistant"]').count()) === 0;
      const before = await shownProgress(page);
      const previous = await origin();
      pickUps = 0;
      await page.reload({ waitUntil: 'commit' });
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
        // Taken up: Stop shows and the page asked for the answer; or the answer had ended (Send back).
        let shown = await formButton(page);
        const deadline = Date.now() + 120_000;
        while (shown === null && Date.now() < deadline) {
          await page.waitForTimeout(50);
          shown = await formButton(page);
        }
        while (shown === 'stop' && pickUps === 0 && Date.now() < deadline) await page.waitForTimeout(50);
        // Send is right only for an answer that has ended.
        attached =
          shown === 'stop'
            ? pickUps > 0
            : shown === 'send' && (await storedProgress(baseUrl, chatId))?.running === false;
      }
      const current = await origin().catch(() => previous);
      const record: ReloadRecord = {
        answer,
        reload,
        delayMs,
        url,
        duringAnswer,
        beforeFirstChunk,
        before,
        after: [],
        document: current === previous ? Number.NaN : current,
        pickUps,
        attached,
        chatId,
        ...(end === undefined ? {} : { end }),
      };
      records.push(record);
      options.onRecord?.({ ...record, after: samples.get(record.document) ?? [] });
    }
  }
  for (const record of records) record.after = samples.get(record.document) ?? [];
  return records;
}

/** The reloads whose document showed a list with fewer tasks completed than the page showed before. */
export const steppedBack = (records: readonly ReloadRecord[]): ReloadRecord[] =>
  records.filter(
    (record) => record.before !== null && record.after.some((shown) => shown.completed < record.before!.completed),
  );

/** A reload as one line, for a failure message. */
export const describeReload = (record: ReloadRecord): string =>
  `answer ${record.answer} reload ${record.reload} after ${record.delayMs} ms at ${record.url}: ` +
  `before ${JSON.stringify(record.before)}, after ${JSON.stringify(record.after)}, ` +
  `pick-ups ${record.pickUps}, attached ${record.attached}, end ${JSON.stringify(record.end)}`;

/** The plan the store holds for a chat once its answer ended: the server's final count (`null`: no such chat). */
async function storedProgress(baseUrl: string, chatId: string): Promise<(Progress & { running: boolean }) | null> {
  // No id (the page never showed the chat's address) or no chat: the checks report it, the run goes on.
  if (chatId === '') return null;
  const response = await fetch(`${baseUrl}/api/chat/${encodeURIComponent(chatId)}`);
  if (!response.ok) return null;
  const { messages, running } = (await response.json()) as { messages: never; running: boolean };
  const rows = await replayedTodos(messages);
  return { completed: rows.filter((row) => row.status === 'completed').length, total: rows.length, running };
}

/**
 * The reload tests on a running example: `answers` answers of the plan scenario per viewport (a wide
 * one, then a phone's 390 px), each reloaded `reloadsPerAnswer` times at seeded random moments.
 */
export function reloadSuite(options: {
  target: () => { browser: Browser; baseUrl: string };
  seed: number;
  answers: { wide: number; narrow: number };
  reloadsPerAnswer: number;
  maxDelayMs: number;
  onRecord?: (record: ReloadRecord) => void;
}): void {
  const PLAN = LOGIN_LIMIT_PLAN;
  const { answers, reloadsPerAnswer } = options;
  const reloads = (answers.wide + answers.narrow) * reloadsPerAnswer;
  let records: ReloadRecord[] = [];
  const stored = new Map<string, (Progress & { running: boolean }) | null>();
  beforeAll(async () => {
    const { browser, baseUrl } = options.target();
    const run = {
      baseUrl,
      prompt: PLAN.prompt,
      reloadsPerAnswer,
      maxDelayMs: options.maxDelayMs,
      ...(options.onRecord === undefined ? {} : { onRecord: options.onRecord }),
    };
    const wide = await browser.newPage();
    records = await reloadDuringAnswers(wide, { ...run, answers: answers.wide, seed: options.seed });
    const narrow = await browser.newPage({ viewport: { width: 390, height: 844 } });
    records.push(
      ...(await reloadDuringAnswers(narrow, { ...run, answers: answers.narrow, seed: options.seed + 1 })).map(
        (record) => ({ ...record, answer: record.answer + answers.wide }),
      ),
    );
    for (const { chatId } of records) {
      if (!stored.has(chatId)) stored.set(chatId, await storedProgress(baseUrl, chatId));
    }
  });

  it(`reloads ${reloads} times, most during an answer, some before its first chunk`, () => {
    expect(records).toHaveLength(reloads);
    expect(records.filter((record) => record.duringAnswer).length).toBeGreaterThanOrEqual(reloads * 0.8);
    expect(records.filter((record) => record.duringAnswer && record.beforeFirstChunk).length).toBeGreaterThan(0);
  });

  it('gives the chat its address as the message is sent: every reload is of /chat/[id]', () => {
    const elsewhere = records.filter((record) => new URL(record.url).pathname !== `/chat/${record.chatId}`);
    expect(elsewhere.map(describeReload)).toEqual([]);
    expect(records.every((record) => record.chatId !== '' && record.chatId !== 'chat')).toBe(true);
  });

  it('every reload during an answer takes it up: Stop, and a request for it', () => {
    const stuck = records.filter((record) => record.duringAnswer && !record.attached);
    expect(stuck.map(describeReload)).toEqual([]);
  });

  it("every answer ends on the page: Send comes back with the plan at the server's final count", () => {
    const ends = records.filter((record) => record.end !== undefined);
    expect(ends).toHaveLength(answers.wide + answers.narrow);
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

  it('no reload shows fewer tasks done than the page showed before it, at any frame', () => {
    expect(steppedBack(records).map(describeReload)).toEqual([]);
  });
}
