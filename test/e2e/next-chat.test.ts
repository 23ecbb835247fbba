/**
 * A live chat on the Next.js example in Chromium: the checklist builds while the answer streams
 * (never empty, never an invalid row), a turn that ends on a rejected call keeps the last accepted
 * list, the stored conversation (/chat/[id]) holds the same list in its server HTML and its todos
 * table, the page hydrates without a warning, and the chat goes on from there to the end, the
 * agent's Markdown rendered as it streams. Stop on the page ends a running answer and releases the chat.
 * Reloads at seeded random moments of answers (some before the first chunk, some at 390 px) each take
 * the answer up at once and never show a list behind the one the page showed before.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMIT_PLAN, RENAME_COLUMN_PLAN } from '../../examples/next-chat/lib/scripted-plans.js';
import { launchChromium } from '../support/launch-chromium.js';
import { REPO_ROOT } from '../support/pack-package.js';
import { keyOf, readStore, type Row, waitForIdle } from './support/chat-store.js';
import { type ExampleServer, ExampleServers, replayedTodos, userMessage } from './support/next-example.js';
import {
  type Checklist,
  chatIdOf,
  type MotionSamples,
  openChat,
  readChecklist,
  recordChecklist,
  pageRows,
  rowsFromHtml,
  send,
  sendAndWait,
  stopAnswer,
  takeRecording,
} from './support/page-probes.js';
import { postChat } from './support/sse-recorder.js';
import { reloadSuite } from './support/reload-during-answer.js';

const SCENARIO = RENAME_COLUMN_PLAN;
const PLAN_SIZE = SCENARIO.tasks.length;
const STATUSES = ['pending', 'in_progress', 'completed'];
/** The console messages that mean server and client HTML disagreed. */
const HYDRATION = /hydrat|did not match|server rendered html|react error #(418|423|425)|text content does not match/i;

const servers = new ExampleServers();
let server: ExampleServer;
let browser: Browser;
let page: Page;
const consoleMessages: string[] = [];

beforeAll(async () => {
  server = await servers.start('chat');
  ({ browser } = await launchChromium());
  page = await browser.newPage();
  page.on('console', (message) => consoleMessages.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => consoleMessages.push(`pageerror: ${error.message}`));
});

afterAll(async () => {
  await browser?.close();
  await servers.stopAll();
});

const hydrationWarnings = (): string[] => consoleMessages.filter((message) => HYDRATION.test(message));

/** Loads the page again and reads its list once it has hydrated, with the warnings of that load. */
async function reload(): Promise<{ list: Checklist; warnings: string[] }> {
  consoleMessages.length = 0;
  await page.reload();
  await page.getByRole('button', { name: 'Send' }).waitFor();
  await page.waitForLoadState('networkidle');
  return { list: await readChecklist(page), warnings: hydrationWarnings() };
}

/** What /chat/[id] serves without JavaScript, and what the store holds. */
async function readStored(chatId: string) {
  const response = await fetch(`${server.baseUrl}/chat/${chatId}`);
  const html = await response.text();
  const stored = readStore(server.database, chatId);
  return {
    status: response.status,
    htmlRows: rowsFromHtml(html),
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '',
    tableRows: stored.todos,
    userTurns: stored.messages.filter((message) => message.role === 'user').length,
  };
}

/** What must hold in every recorded state of a live turn. */
function itKeepsEveryStateValid(samples: () => Checklist[]): void {
  it('the checklist never goes empty once it has rows', () => {
    const all = samples();
    const first = all.findIndex((sample) => sample.rows.length > 0);
    expect(first).not.toBe(-1);
    expect(all.slice(first).filter((sample) => sample.rows.length === 0)).toEqual([]);
  });
  it('no row ever shows an invalid status or an empty text', () => {
    const invalid = samples().flatMap((sample) =>
      sample.rows.filter((row) => !STATUSES.includes(row.status) || row.content === ''),
    );
    expect(invalid).toEqual([]);
  });
}

/** The stored conversation holds `rows()` in its HTML, its <title> and its todos table, with `turns` user turns. */
function itStoresTheList(stored: () => Awaited<ReturnType<typeof readStored>>, rows: () => Row[], turns: number): void {
  it('/chat/[id] HTML holds the list the live chat showed', () => {
    expect(stored().status).toBe(200);
    expect(stored().htmlRows).toEqual(rows());
  });
  it('its <title> (from readTodos) says "N of M done"', () => {
    const completed = rows().filter((row) => row.status === 'completed').length;
    expect(stored().title).toMatch(new RegExp(`^${completed} of ${rows().length} done`));
  });
  it('the todos table (SQLite, kept with the conversation) holds the same list', () => {
    expect(stored().tableRows).toEqual(rows());
  });
  it(`the stored conversation has ${turns} user turn(s)`, () => {
    expect(stored().userTurns).toBe(turns);
  });
}

/** Notes, on every change of the page, whether the agent's last message showed a code span while the answer ran. */
function recordMarkdown(page: Page): Promise<void> {
  return page.evaluate(() => {
    const target = window as unknown as { codeWhileRunning: boolean };
    target.codeWhileRunning = false;
    new MutationObserver(() => {
      const running = document.querySelector('.chat-form button[type="button"]') !== null;
      const last = [...document.querySelectorAll('.chat-message[data-role="assistant"]')].at(-1);
      if (running && last?.querySelector('code')) target.codeWhileRunning = true;
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

/** The first turn, run once for every test that needs it. */
let firstTurn:
  | Promise<{
      chatId: string;
      startWarnings: string[];
      samples: Checklist[];
      motion: MotionSamples;
      live: Checklist;
      notice: string | null;
      emptyPlan: { text: string; shownLists: number };
    }>
  | undefined;
const runFirstTurn = () =>
  (firstTurn ??= (async () => {
    await openChat(page, `${server.baseUrl}/`);
    const startWarnings = hydrationWarnings();
    const emptyPlan = await page.locator('[aria-label="Plan"]').evaluate((aside) => ({
      // biome-ignore lint/performance/useDomNodeTextContent: the text a person sees, not that of a hidden list
      text: (aside as HTMLElement).innerText.trim(),
      // A list box that takes room on the page (its status region alone is a clipped pixel).
      shownLists: [...aside.querySelectorAll('[data-todo-list]')].filter((list) => {
        const { width, height } = list.getBoundingClientRect();
        return width > 1 && height > 1;
      }).length,
    }));
    await recordChecklist(page);
    await sendAndWait(page, SCENARIO.prompt);
    const { samples, motion } = await takeRecording(page);
    const live = await readChecklist(page);
    const notice = await page.locator('[aria-label="Plan"] [data-todo-notice]').textContent();
    return { chatId: await chatIdOf(page), startWarnings, samples, motion, live, notice, emptyPlan };
  })());

describe('a new chat on / that ends on a rejected call', () => {
  let turn: Awaited<ReturnType<typeof runFirstTurn>>;
  let stored: Awaited<ReturnType<typeof readStored>>;
  let reloaded: Awaited<ReturnType<typeof reload>>;
  beforeAll(async () => {
    turn = await runFirstTurn();
    stored = await readStored(turn.chatId);
    reloaded = await reload();
  });

  it('shows no hydration warning on / (a new chat)', () => expect(turn.startWarnings).toEqual([]));

  it('before the first plan, the sidebar says where the plan will show, with no empty list box', () => {
    expect(turn.emptyPlan).toEqual({ text: "The agent's plan shows here once it makes one.", shownLists: 0 });
  });

  it(`streams the plan in item by item (a streaming state with 1..${PLAN_SIZE - 1} rows)`, () => {
    const streamed = turn.samples.filter((sample) => sample.phase === 'streaming').map((sample) => sample.rows.length);
    expect(
      streamed.some((rows) => rows > 0 && rows < PLAN_SIZE),
      `rows of each streaming state: ${streamed}`,
    ).toBe(true);
  });

  itKeepsEveryStateValid(() => turn.samples);

  it("spins the current call's task in progress, in the plan and inline, while the chat runs", () => {
    expect(turn.motion.livePlan, JSON.stringify(turn.motion)).toBeGreaterThan(0);
    expect(turn.motion.liveInline, JSON.stringify(turn.motion)).toBeGreaterThan(0);
  });

  it('never spins an icon of an earlier, finished call', () => expect(turn.motion.stale).toBe(0));

  it('ends the turn on a rejected call (phase "rejected")', () => expect(turn.live.phase).toBe('rejected'));

  it('leaves the last accepted list on screen after the rejected call', () => {
    const lastAccepted = turn.samples.filter((sample) => sample.phase === 'accepted').at(-1);
    expect(turn.live.rows).toHaveLength(PLAN_SIZE);
    expect(turn.live.rows).toEqual(lastAccepted?.rows);
  });

  it('says the update was rejected, with the reason', () => expect(turn.notice).toMatch(/^Update rejected[\s\S]{10,}/));

  describe('the stored conversation, after a rejected last call', () => {
    itStoresTheList(
      () => stored,
      () => turn.live.rows,
      1,
    );
  });

  it('shows the same list after a reload and hydration, still "rejected"', () => {
    expect(reloaded.list).toEqual({ rows: turn.live.rows, phase: 'rejected' });
  });

  it('shows no hydration warning after the reload', () => expect(reloaded.warnings).toEqual([]));
});

describe('the chat goes on from /chat/[id]', () => {
  let samples: Checklist[];
  let finished: Checklist;
  let stored: Awaited<ReturnType<typeof readStored>>;
  let reloaded: Awaited<ReturnType<typeof reload>>;
  let markdown: { codeWhileRunning: boolean; codeSpans: number; backticks: number };
  beforeAll(async () => {
    const { chatId } = await runFirstTurn();
    await openChat(page, `${server.baseUrl}/chat/${chatId}`);
    await recordChecklist(page);
    await recordMarkdown(page);
    await sendAndWait(page, 'continue');
    samples = (await takeRecording(page)).samples;
    markdown = await page.evaluate(() => {
      const answers = [...document.querySelectorAll('.chat-message[data-role="assistant"]')];
      return {
        codeWhileRunning: (window as unknown as { codeWhileRunning: boolean }).codeWhileRunning,
        codeSpans: answers.reduce((sum, answer) => sum + answer.querySelectorAll('code').length, 0),
        backticks: answers.reduce((sum, answer) => sum + (answer.textContent?.split('`').length ?? 1) - 1, 0),
      };
    });
    finished = await readChecklist(page);
    stored = await readStored(chatId);
    reloaded = await reload();
  });

  afterAll(async () => {
    // NEXT_TEST_SCREENSHOTS=1: docs/next-chat-{light,dark}.png, the finished chat as a reader sees it.
    if (process.env.NEXT_TEST_SCREENSHOTS === '1' && page !== undefined) await takeScreenshots(page.url());
  });

  itKeepsEveryStateValid(() => samples);

  it("renders the agent's Markdown as it streams: `code` spans are code while the answer runs, and no backtick is left", () => {
    expect(markdown).toMatchObject({ codeWhileRunning: true, backticks: 0 });
    expect(markdown.codeSpans).toBeGreaterThan(0);
  });

  it(`ends with all ${PLAN_SIZE} items completed`, () => {
    expect(finished.phase).toBe('accepted');
    expect(finished.rows.map((row) => row.status)).toEqual(Array(PLAN_SIZE).fill('completed'));
  });

  describe('the stored conversation, after the chat went on', () => {
    itStoresTheList(
      () => stored,
      () => finished.rows,
      2,
    );
  });

  it('shows the finished list after a second reload', () => expect(reloaded.list.rows).toEqual(finished.rows));

  it('shows no hydration warning after the second reload', () => expect(reloaded.warnings).toEqual([]));
});

describe('Stop while the agent answers', () => {
  const plan = LOGIN_LIMIT_PLAN;
  let stop: { status: number; body: unknown };
  let released: boolean;
  let stopped: ReturnType<typeof readStore>;
  let replayed: Row[];
  let shownAfterReload: Row[];
  let next: ReturnType<typeof readStore>;
  beforeAll(async () => {
    await runFirstTurn();
    await openChat(page, `${server.baseUrl}/`);
    await send(page, plan.prompt);
    const chatId = await chatIdOf(page);
    // A task done: the list is stored, and most of the plan is still to come.
    await page.locator('[aria-label="Plan"] li[data-status="completed"]').first().waitFor({ timeout: 60_000 });
    const stopResponse = page.waitForResponse((response) => response.url().endsWith('/stop'));
    await page.getByRole('button', { name: 'Stop' }).click();
    const response = await stopResponse;
    stop = { status: response.status(), body: await response.json() };
    await page.getByRole('button', { name: 'Send' }).waitFor({ timeout: 20_000 });
    // The running step sees the Stop within a poll, stores what it has and releases the chat.
    released = await waitForIdle(server.database, chatId, 20_000);
    stopped = readStore(server.database, chatId);
    replayed = await replayedTodos(stopped.messages);
    await openChat(page, `${server.baseUrl}/chat/${chatId}`);
    shownAfterReload = await pageRows(page);
    await sendAndWait(page, 'continue');
    await waitForIdle(server.database, chatId);
    next = readStore(server.database, chatId);
  });

  it('the stop request says it stopped a running answer', () => {
    expect(stop).toEqual({ status: 200, body: { stopped: true } });
  });

  it('the answer ends and the chat is released, before the plan is done', () => {
    expect(released).toBe(true);
    expect(stopped.todos.filter((row) => row.status !== 'completed')).not.toEqual([]);
  });

  it('the todos table = readTodos(stored conversation), and a reload shows it', () => {
    expect(keyOf(stopped.todos)).toBe(keyOf(replayed));
    expect(keyOf(shownAfterReload)).toBe(keyOf(stopped.todos));
  });

  it('the chat takes the next message (not a 409) and answers it', () => {
    expect(next.messages.filter((message) => message.role === 'user')).toHaveLength(2);
    expect(next.messages.at(-1)?.role).toBe('assistant');
  });
});

describe('Stop on a page loaded during an answer, before it took the answer up', () => {
  let shown: { send: boolean; released: boolean; rows: Row[]; stored: Row[] };
  beforeAll(async () => {
    await openChat(page, `${server.baseUrl}/`);
    await send(page, LOGIN_LIMIT_PLAN.prompt);
    const chatId = await chatIdOf(page);
    await page.locator('[aria-label="Plan"] li[data-status="completed"]').first().waitFor({ timeout: 60_000 });
    // The loaded page's request for the running answer waits in the browser: the page shows Stop, not yet attached.
    let release: () => Promise<void> = async () => {};
    const held = new Promise<void>((reached) => {
      void page.route(
        '**/api/chat/*/stream',
        (route) => {
          release = () => route.continue().catch(() => {});
          reached();
        },
        { times: 1 },
      );
    });
    await page.reload();
    await held;
    const stopButton = page.getByRole('button', { name: 'Stop' });
    await stopButton.waitFor({ timeout: 20_000 });
    await stopButton.click();
    await release();
    const sendBack = await page
      .getByRole('button', { name: 'Send' })
      .waitFor({ timeout: 20_000 })
      .then(
        () => true,
        () => false,
      );
    const released = await waitForIdle(server.database, chatId, 20_000);
    const stored = readStore(server.database, chatId).todos;
    // The page ends on the store's list once it has it.
    let rows = await pageRows(page);
    for (const deadline = Date.now() + 20_000; keyOf(rows) !== keyOf(stored) && Date.now() < deadline; ) {
      await page.waitForTimeout(100);
      rows = await pageRows(page);
    }
    shown = { send: sendBack, released, rows, stored };
  });

  it('stops the answer, gives Send back and shows the stored list', () => {
    expect(shown.send).toBe(true);
    expect(shown.released).toBe(true);
    expect(keyOf(shown.rows)).toBe(keyOf(shown.stored));
    expect(shown.stored.filter((row) => row.status !== 'completed')).not.toEqual([]);
  });
});

describe('a message sent again after a reload, refused: another tab started an answer on the chat meanwhile', () => {
  const MINE = 'Also log every refused attempt';
  let shown: { input: string; alert: string | null; users: string[]; answering: boolean };
  let storedUsers: string[];
  beforeAll(async () => {
    await openChat(page, `${server.baseUrl}/`);
    // The message never reaches the server: the page keeps it to send again.
    await page.route(
      '**/api/chat',
      (route) => (route.request().method() === 'POST' ? route.abort() : route.fallback()),
      {
        times: 1,
      },
    );
    await send(page, MINE);
    const chatId = await chatIdOf(page);
    // Settled either way: the answer is stopped from the page below.
    const other = postChat(server.baseUrl, { id: chatId, message: userMessage(LOGIN_LIMIT_PLAN.prompt) }).catch(
      (error: unknown) => error,
    );
    // The store may not exist yet on a fresh server: it is made with the first chat.
    const answering = (): boolean => {
      try {
        return readStore(server.database, chatId).answering !== null;
      } catch {
        return false;
      }
    };
    for (const deadline = Date.now() + 20_000; !answering(); ) {
      if (Date.now() > deadline) throw new Error("the other tab's answer did not start");
      await page.waitForTimeout(50);
    }
    await page.reload();
    const alert = page.locator('.chat p[role="alert"]');
    await alert.waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Stop' }).waitFor({ timeout: 20_000 });
    shown = {
      input: await page.getByLabel('Message').inputValue(),
      alert: await alert.textContent(),
      users: await page.locator('.chat-message[data-role="user"]').allTextContents(),
      answering: await page.getByRole('button', { name: 'Stop' }).isVisible(),
    };
    await stopAnswer(page);
    await other;
    await waitForIdle(server.database, chatId, 20_000);
    storedUsers = readStore(server.database, chatId)
      .messages.filter((message) => message.role === 'user')
      .map((message) => JSON.stringify(message.parts));
  });

  it("gives the text back to the input and says why; the page shows the other tab's message and its answer", () => {
    expect(shown).toEqual({
      input: MINE,
      alert: expect.stringMatching(/The agent is still answering/),
      users: [LOGIN_LIMIT_PLAN.prompt],
      answering: true,
    });
  });

  it("stores only the other tab's message", () => {
    expect(storedUsers).toHaveLength(1);
    expect(storedUsers[0]).toContain(LOGIN_LIMIT_PLAN.prompt);
  });
});

describe('reloads at seeded random moments of answers (next start)', () => {
  reloadSuite({
    target: () => ({ browser, baseUrl: server.baseUrl }),
    seed: 44,
    reloadsPerAnswer: 5,
    maxDelayMs: 2_000,
  });
});

async function takeScreenshots(chatUrl: string): Promise<void> {
  const context = await browser.newContext({
    reducedMotion: 'reduce',
    viewport: { width: 1200, height: 860 },
    deviceScaleFactor: 2,
  });
  const shot = await context.newPage();
  await shot.goto(chatUrl);
  for (const theme of ['light', 'dark'] as const) {
    await shot.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    await shot.evaluate((theme) => window.localStorage.setItem('theme', theme), theme);
    await openChat(shot, chatUrl);
    await shot.screenshot({ path: join(REPO_ROOT, 'docs', `next-chat-${theme}.png`) });
  }
}
