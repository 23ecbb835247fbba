/**
 * Resumable streams of the example on a real Redis (a throwaway `redis-server` on a loopback port):
 * reloads at seeded points mid-call resume the answer, the checklist (sampled every animation
 * frame) never goes empty, never shows a task twice, never goes back to an older list, and the
 * stored chat equals an uninterrupted run's; a reload while an approved plan runs resumes it; the
 * answer goes on with no client; Stop stops it; 50 concurrent chats all complete; Redis killed
 * mid-answer ends it as an interrupted step and the next message works.
 *
 * DEPLOY_SEED (default 1) picks the reload points, DEPLOY_RELOADS (default 3) how many cases;
 * LOAD_CHATS (default 50).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scenarios } from '../../demo/agent/scenarios.js';
import { seededRandom } from '../../demo/agent/seeded-random.js';
import { launchChromium } from '../support/launch-chromium.js';
import {
  acceptedLists,
  answeredApprovals,
  canonical,
  keyOf,
  readStore,
  type Row,
  type StoredChat,
  stepCount,
  todoCalls,
  waitForIdle,
} from './support/chat-store.js';
import { type ExampleServer, ExampleServers, newChatId, replayedTodos, userMessage } from './support/next-example.js';
import { processGroupRss } from './support/next-server.js';
import { chatIdOf, openChat, pageRows, sampleChecklist, send, shownAlert } from './support/page-probes.js';
import { type RedisServer, startRedisServer } from './support/redis-server.js';
import { postChat, recordChatChunks } from './support/sse-recorder.js';

const PLAN = scenarios.plan;
const LOAD_CHATS = Number(process.env.LOAD_CHATS ?? 50);
const random = seededRandom(Number(process.env.DEPLOY_SEED ?? 1));
/** Two reloads per case, after these many chunks. */
const RELOAD_POINTS = Array.from({ length: Number(process.env.DEPLOY_RELOADS ?? 3) }, () =>
  [Math.floor(random() * 160) + 10, Math.floor(random() * 160) + 10].sort((a, b) => a - b),
);

const servers = new ExampleServers();
let redis: RedisServer;
let server: ExampleServer;
let browser: Browser;
/** Reports each UI chunk it reads and each checklist state it shows (every frame, across reloads). */
let page: Page;
let onChunk: (type: string) => void = () => {};
const samples: { rows: Row[]; load: number }[] = [];

beforeAll(async () => {
  redis = await startRedisServer();
  server = await servers.start('redis', { REDIS_URL: redis.url });
  ({ browser } = await launchChromium());
  page = await (await browser.newContext()).newPage();
  await page.exposeFunction('onChatChunk', (type: string) => onChunk(type));
  await page.exposeFunction('onChecklistSample', (sample: { rows: Row[]; load: number }) => samples.push(sample));
  await page.addInitScript(recordChatChunks);
  await page.addInitScript(sampleChecklist);
});

afterAll(async () => {
  await browser?.close();
  await servers.stopAll();
  await redis?.stop();
});

const store = (chatId: string): StoredChat => readStore(server.database, chatId);
const consistent = async (stored: StoredChat) =>
  expect(keyOf(stored.todos)).toBe(keyOf(await replayedTodos(stored.messages)));
const notCompleted = (rows: readonly Row[]) => rows.filter((row) => row.status !== 'completed');

/** An uninterrupted run of the plan, once: what the store holds after it. */
let reference: Promise<{ finished: boolean; stored: StoredChat }> | undefined;
const referenceRun = () =>
  (reference ??= (async () => {
    const chatId = newChatId('reference');
    const result = await postChat(server.baseUrl, { id: chatId, message: userMessage(PLAN.prompt) });
    await waitForIdle(server.database, chatId);
    return { finished: result.finished, stored: store(chatId) };
  })());

it('an uninterrupted run finishes and ends with the plan completed', async () => {
  const { finished, stored } = await referenceRun();
  expect(finished).toBe(true);
  expect(notCompleted(stored.todos)).toEqual([]);
});

describe.each(RELOAD_POINTS.map((points, index) => ({ case: index + 1, points })))(
  'reload case $case: reloads after $points chunks',
  ({ points }) => {
    let starts = 0;
    let loads: number[];
    /** Whether the store had a list when each page load began: a page that starts before the first one is empty. */
    const storedAtLoad: boolean[] = [true];
    let stored: StoredChat;
    let shown: Row[];
    let alert: string | null;
    beforeAll(async () => {
      samples.length = 0;
      let seen = 0;
      let next = 0;
      let chatId = '';
      let reloaded: Promise<unknown> = Promise.resolve();
      onChunk = (type) => {
        seen++;
        if (type === 'start') starts++;
        if (next < points.length && seen >= points[next]! && chatId !== '') {
          next++;
          reloaded = reloaded.then(() => {
            storedAtLoad.push(store(chatId).todos.length > 0);
            return page.reload({ waitUntil: 'commit' }).catch(() => {});
          });
        }
      };
      await openChat(page, `${server.baseUrl}/`);
      await send(page, PLAN.prompt);
      chatId = await chatIdOf(page);
      await waitForIdle(server.database, chatId, 120_000);
      await reloaded;
      await page.getByRole('button', { name: 'Send' }).waitFor({ timeout: 30_000 });
      await page.waitForTimeout(300);
      onChunk = () => {};
      loads = [...new Set(samples.map((sample) => sample.load))];
      stored = store(chatId);
      shown = await pageRows(page);
      alert = await shownAlert(page);
    });

    it('each reload resumed the running answer (the answer and one resume per reload began, one page load each)', () => {
      expect({ streams: starts, loads: loads.length }).toEqual({
        streams: points.length + 1,
        loads: points.length + 1,
      });
    });

    it('the checklist never goes empty once it has rows (across the loads)', () => {
      // Empty is allowed only at the start of a page load that began before the store had a list.
      let hadRows = false;
      let previousLoad = -1;
      const blank: number[] = [];
      samples.forEach((sample, index) => {
        const load = loads.indexOf(sample.load);
        if (load !== previousLoad) {
          previousLoad = load;
          if (storedAtLoad[load] === false) hadRows = false;
        }
        if (sample.rows.length > 0) hadRows = true;
        else if (hadRows) blank.push(index);
      });
      expect(samples.some((sample) => sample.rows.length > 0)).toBe(true);
      expect(blank, 'the frames that were empty').toEqual([]);
    });

    it('no frame shows a task twice', () => {
      const doubled = samples.filter(
        (sample) => new Set(sample.rows.map((row) => row.content)).size !== sample.rows.length,
      );
      expect(doubled.map((sample) => keyOf(sample.rows)).slice(0, 2)).toEqual([]);
    });

    it('no frame goes back to an older accepted list', async () => {
      const accepted = acceptedLists((await referenceRun()).stored.messages);
      let newest = -1;
      const backwards: string[] = [];
      for (const sample of samples) {
        const at = accepted.lastIndexOf(keyOf(sample.rows));
        if (at === -1) continue;
        if (at < newest) backwards.push(keyOf(sample.rows));
        newest = Math.max(newest, at);
      }
      expect(backwards.slice(0, 2)).toEqual([]);
    });

    it("the stored chat equals the uninterrupted run's (messages and list)", async () => {
      const { stored: expected } = await referenceRun();
      expect(canonical(stored.messages)).toBe(canonical(expected.messages));
      expect(stored.todos).toEqual(expected.todos);
    });

    it('the page ends on the stored list, with no error', () => {
      expect({ shown, alert }).toEqual({ shown: stored.todos, alert: null });
    });

    it('keeps the todos table = readTodos(stored conversation)', () => consistent(stored));
  },
);

describe('plan review: a reload while the approved plan runs', () => {
  let seen = 0;
  let starts = 0;
  let proposed: number;
  let blank: number;
  let reloadedRows: number[];
  let alert: string | null;
  let stored: StoredChat;
  let shown: Row[];
  beforeAll(async () => {
    const chatId = newChatId('review-resume');
    await postChat(server.baseUrl, { id: chatId, message: userMessage(PLAN.prompt), review: true });
    await waitForIdle(server.database, chatId);
    proposed = (todoCalls(store(chatId).messages)[0]?.input as { todos: Row[] } | undefined)?.todos.length ?? 0;
    await page.goto(`${server.baseUrl}/chat/${chatId}`);
    const approve = page.getByLabel('Plan').getByRole('button', { name: 'Approve' });
    await approve.waitFor({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    const firstLoad = await page.evaluate(() => performance.timeOrigin);
    samples.length = 0;
    let reloaded: Promise<unknown> = Promise.resolve();
    onChunk = (type) => {
      seen++;
      if (type === 'start') starts++;
      if (seen === 40) reloaded = page.reload({ waitUntil: 'commit' }).catch(() => {});
    };
    await approve.click();
    await page.waitForFunction(() => document.querySelector('.chat-form button[type="submit"]') === null, null, {
      timeout: 20_000,
    });
    await waitForIdle(server.database, chatId, 120_000);
    await reloaded;
    await page.getByRole('button', { name: 'Send' }).waitFor({ timeout: 30_000 });
    await page.waitForTimeout(300);
    onChunk = () => {};
    stored = store(chatId);
    blank = samples.filter((sample) => sample.rows.length === 0).length;
    reloadedRows = samples.filter((sample) => sample.load !== firstLoad).map((sample) => sample.rows.length);
    alert = await shownAlert(page);
    shown = await pageRows(page);
  });

  it("the reload resumed the approved plan's answer with no error, and the checklist never went empty", () => {
    expect({ streams: starts, blankFrames: blank, alert }).toEqual({ streams: 2, blankFrames: 0, alert: null });
    expect(reloadedRows.length, 'states sampled after the reload').toBeGreaterThan(0);
  });

  it('the approved plan ran to the end once (one answer stored), and the page shows it', () => {
    expect(stored.todos).toHaveLength(proposed);
    expect(notCompleted(stored.todos)).toEqual([]);
    expect(answeredApprovals(stored)).toHaveLength(1);
    expect(shown).toEqual(stored.todos);
  });

  it('keeps the todos table = readTodos(stored conversation)', () => consistent(stored));
});

it("the answer goes on with no client: the client left after 20 chunks, the stored chat still equals the uninterrupted run's", async () => {
  const chatId = newChatId('detached');
  const result = await postChat(
    server.baseUrl,
    { id: chatId, message: userMessage(PLAN.prompt) },
    { abortAfterChunks: 20 },
  );
  await waitForIdle(server.database, chatId, 120_000);
  expect(result.chunks.length).toBeGreaterThanOrEqual(20);
  expect(canonical(store(chatId).messages)).toBe(canonical((await referenceRun()).stored.messages));
});

describe('Stop on a resumable answer', () => {
  let idle: boolean;
  let atStop: StoredChat;
  let later: StoredChat;
  beforeAll(async () => {
    await openChat(page, `${server.baseUrl}/`);
    await send(page, PLAN.prompt);
    const chatId = await chatIdOf(page);
    await page.waitForFunction(() => document.querySelectorAll('[aria-label="Plan"] li[data-status]').length > 0);
    await page.getByRole('button', { name: 'Stop' }).click();
    idle = await waitForIdle(server.database, chatId, 10_000);
    atStop = store(chatId);
    await page.waitForTimeout(1_500);
    later = store(chatId);
  });

  it('ends the answer on the server: the chat is released at once, and nothing is added after', async () => {
    expect(idle).toBe(true);
    expect(later.messages).toEqual(atStop.messages);
    expect(canonical(later.messages)).not.toBe(canonical((await referenceRun()).stored.messages));
  });

  it('keeps the todos table = readTodos(stored conversation)', () => consistent(later));
});

describe(`${LOAD_CHATS} concurrent chats on one server`, () => {
  let results: Awaited<ReturnType<typeof postChat>>[];
  let stored: StoredChat[];
  beforeAll(async () => {
    const groupId = server.child.pid!;
    let peakRss = processGroupRss(groupId);
    const idleRss = peakRss;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, processGroupRss(groupId));
    }, 100);
    const chatIds = Array.from({ length: LOAD_CHATS }, (_, index) => newChatId(`load${index}`));
    const start = performance.now();
    results = await Promise.all(
      chatIds.map((id) => postChat(server.baseUrl, { id, message: userMessage(PLAN.prompt) })),
    );
    const wall = (performance.now() - start) / 1000;
    await Promise.all(chatIds.map((id) => waitForIdle(server.database, id)));
    clearInterval(sampler);
    stored = chatIds.map(store);
    const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
    console.log(
      `${LOAD_CHATS} chats in ${wall.toFixed(1)} s wall; RSS ${megabytes(idleRss)} MB before, peak ${megabytes(peakRss)} MB`,
    );
  });

  it('all complete', () => {
    const incomplete = stored.filter(
      (chat, index) =>
        !results[index]!.finished || chat.todos.length !== PLAN.tasks.length || notCompleted(chat.todos).length > 0,
    );
    expect(incomplete.length).toBe(0);
  });

  it('every stored list = readTodos of its chat', async () => {
    const replayed = await Promise.all(stored.map((chat) => replayedTodos(chat.messages)));
    expect(stored.filter((chat, index) => keyOf(chat.todos) !== keyOf(replayed[index]!)).length).toBe(0);
  });
});

// Last: it kills Redis.
describe('Redis killed mid-answer', () => {
  let steps = 0;
  let killed: Promise<void> | undefined;
  const chunkTypes: string[] = [];
  let idle: boolean;
  let stored: StoredChat;
  let shown: Row[];
  let after: StoredChat;
  beforeAll(async () => {
    onChunk = (type) => {
      if (type === 'finish-step') steps++;
      chunkTypes.push(type);
      if (steps >= 2 && killed === undefined) killed = redis.stop('SIGKILL');
    };
    await openChat(page, `${server.baseUrl}/`);
    await send(page, PLAN.prompt);
    const chatId = await chatIdOf(page);
    await page.getByRole('button', { name: 'Send' }).waitFor({ timeout: 60_000 });
    await killed;
    onChunk = () => {};
    idle = await waitForIdle(server.database, chatId, 10_000);
    stored = store(chatId);
    shown = await pageRows(page);
    await send(page, 'continue');
    await page.waitForFunction(() => document.querySelectorAll('.chat-message[data-role="user"]').length === 2);
    await page.getByRole('button', { name: 'Send' }).waitFor({ timeout: 120_000 });
    await waitForIdle(server.database, chatId);
    after = store(chatId);
  });

  it('ends the answer (aborted) and releases the chat; the steps the page saw end are stored', () => {
    expect({ killed: killed !== undefined, idle, aborted: chunkTypes.includes('abort') }).toEqual({
      killed: true,
      idle: true,
      aborted: true,
    });
    expect(stepCount(stored.messages)).toBeGreaterThanOrEqual(steps);
  });

  it('the page shows the stored list', () => expect(shown).toEqual(stored.todos));

  it('keeps the todos table = readTodos(stored conversation) after Redis died', () => consistent(stored));

  it('with Redis still down, the next message is answered (embedded) and finishes the plan', () => {
    expect(after.todos.length).toBeGreaterThan(0);
    expect(notCompleted(after.todos)).toEqual([]);
  });

  it('keeps the todos table = readTodos(stored conversation) after "continue" without Redis', () => consistent(after));
});
