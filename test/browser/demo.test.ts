/**
 * The demo, driven as a user drives it, in headless Chromium: the offline scripted agent streams
 * real `todo_write` calls through `useChat`, and the pinned checklist must build item by item,
 * survive a rejected call and a Stop, and end with everything completed. Also: Send keeps its own look
 * once an answer ends, and a failed request on a live model shows a line a person can act on.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { launchChromium } from '../support/launch-chromium.js';
import { checkAccessibility } from '../support/check-accessibility.js';
import { serveBuiltDemo } from '../support/serve-built-demo.js';
import { startDemoServer } from '../../demo/server/start-demo-server.js';
import { scenarios } from '../../demo/agent/scenarios.js';
import { SERVER_UNREACHABLE_TEXT } from '../../demo/src/request-failure-text.js';

/** What the checklist showed at one moment (recorded in the page on every DOM change). */
interface Snapshot {
  phase: string;
  items: { content: string; status: string }[];
  notice: string;
}

declare global {
  interface Window {
    __snapshots: Snapshot[];
    __longTasks: { start: number; duration: number }[];
    __sendBorders: string[];
  }
}

/** Records every distinct checklist state the user could have seen. */
function recordChecklist(): void {
  window.__snapshots = [];
  let last = '';
  const record = (): void => {
    const root = document.querySelector<HTMLElement>('[data-todo-list]');
    if (!root) return;
    const items = [...root.querySelectorAll<HTMLElement>('[data-todo-item]')].map((item) => ({
      content: item.querySelector('[data-todo-content]')?.textContent ?? '',
      status: item.dataset.status ?? '',
    }));
    const snapshot = {
      phase: root.dataset.phase ?? '',
      items,
      notice: root.querySelector('[data-todo-notice]')?.textContent ?? '',
    };
    const key = JSON.stringify(snapshot);
    if (key !== last) {
      last = key;
      window.__snapshots.push(snapshot);
    }
  };
  new MutationObserver(record).observe(document, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
  });
}

function recordLongTasks(): void {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
}

/** The built demo behind `vite preview`: static files only. */
let staticUrl: string;
let closeStatic: () => Promise<void>;
let browser: Browser;
// One context for the whole file: @sparticuz/chromium runs --single-process, where closing a
// context can take the browser down. Each test opens (and closes) its own page.
let context: BrowserContext;
// Motion allowed, for what only shows while CSS transitions run (contexts stay open until the browser closes).
let movingContext: BrowserContext;
let page: Page | undefined;
let pageErrors: string[] = [];

beforeAll(async () => {
  const [demo, chromium] = await Promise.all([serveBuiltDemo(), launchChromium()]);
  staticUrl = demo.url;
  closeStatic = demo.close;
  browser = chromium.browser;
  context = await browser.newContext({ reducedMotion: 'reduce' });
  movingContext = await browser.newContext({ reducedMotion: 'no-preference' });
});

afterAll(async () => {
  await browser?.close();
  await closeStatic?.();
});

afterEach(async () => {
  await closePage();
  expect(pageErrors).toEqual([]);
  pageErrors = [];
});

async function closePage(): Promise<void> {
  await page?.close();
  page = undefined;
}

async function openDemo(
  query: string,
  options: {
    record?: boolean;
    longTasks?: boolean;
    width?: number;
    baseUrl?: string;
    motion?: boolean;
    /** Runs before the page loads, e.g. to answer its requests. */
    prepare?: (page: Page) => Promise<void>;
  } = {},
): Promise<Page> {
  await closePage();
  const opened = await (options.motion === true ? movingContext : context).newPage();
  page = opened;
  await options.prepare?.(opened);
  await opened.setViewportSize({ width: options.width ?? 1280, height: 860 });
  opened.on('pageerror', (error) => pageErrors.push(error.message));
  opened.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(message.text());
  });
  if (options.record !== false) await opened.addInitScript(recordChecklist);
  if (options.longTasks === true) await opened.addInitScript(recordLongTasks);
  await opened.goto(`${options.baseUrl ?? staticUrl}?${query}`);
  await opened.getByRole('button', { name: 'Send', exact: true }).waitFor();
  return opened;
}

const snapshots = (page: Page): Promise<Snapshot[]> => page.evaluate(() => window.__snapshots);
const statusesOf = (snapshot: Snapshot | undefined): string[] => snapshot?.items.map((item) => item.status) ?? [];

/** Waits until the checklist's phase and statuses are exactly these. */
async function waitForChecklist(page: Page, phase: string, statuses: string[], timeout = 30_000): Promise<void> {
  await page.waitForFunction(
    ({ phase, statuses }) => {
      const root = document.querySelector<HTMLElement>('[data-todo-list]');
      const seen = [...(root?.querySelectorAll<HTMLElement>('[data-todo-item]') ?? [])].map(
        (item) => item.dataset.status,
      );
      return root?.dataset.phase === phase && JSON.stringify(seen) === JSON.stringify(statuses);
    },
    { phase, statuses },
    { timeout },
  );
}

async function waitForIdle(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.querySelector<HTMLElement>('.workspace')?.dataset.status === 'ready',
    undefined,
    { timeout: 60_000 },
  );
}

/** Tabs through the page from the top; returns the controls focused, and every enabled control on the page. */
async function tabThroughPage(page: Page): Promise<{ reached: string[]; controls: string[] }> {
  const describeElement = (element: Element | null): string =>
    element
      ? `${element.tagName.toLowerCase()}:${(element.getAttribute('aria-label') ?? (element as HTMLInputElement).labels?.[0]?.textContent ?? element.textContent ?? '').trim().slice(0, 40)}`
      : '';
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const reached = new Set<string>();
  for (let press = 0; press < 40; press++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(`(${describeElement.toString()})(document.activeElement)`);
    if (reached.has(focused as string)) break;
    reached.add(focused as string);
  }
  const controls =
    (await page.evaluate(`[...document.querySelectorAll('button, select, textarea, input, a[href], summary, [tabindex]')]
    .filter((element) => !element.disabled && element.tabIndex >= 0 && element.getClientRects().length > 0)
    .map((element) => (${describeElement.toString()})(element))`)) as string[];
  return { reached: [...reached], controls };
}

describe('the demo, normal plan', () => {
  it('builds the checklist item by item while it streams, survives the rejected call, and finishes all completed', async () => {
    const page = await openDemo('scenario=plan&speed=1000');
    const tasks = scenarios.plan.tasks.map((task) => task.content);
    await page.getByRole('button', { name: 'Send', exact: true }).click();

    // Mid-stream, seen directly: the first call is streaming and shows some items but not all yet.
    await page.waitForFunction(() => {
      const root = document.querySelector<HTMLElement>('[data-todo-list]');
      const count = root?.querySelectorAll('[data-todo-item]').length ?? 0;
      return root?.dataset.phase === 'streaming' && count >= 1 && count < 7;
    });
    expect(await page.locator('[data-todo-list]').getAttribute('aria-busy')).toBe('true');

    await waitForChecklist(page, 'accepted', Array(7).fill('completed'));
    await waitForIdle(page);
    await expect.poll(() => page.locator('.message__text').last().textContent()).toContain('Done. Login is limited');

    const seen = await snapshots(page);
    // The first call: rows appear one by one (1, 2, ... 7), never shrinking, statuses always valid.
    const firstCall = seen.slice(
      0,
      seen.findIndex((snapshot) => snapshot.phase !== 'streaming' && snapshot.phase !== 'empty'),
    );
    const counts = firstCall.map((snapshot) => snapshot.items.length);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    for (let count = 1; count <= 7; count++) expect(counts).toContain(count);
    for (const [index, snapshot] of seen.entries()) {
      for (const item of snapshot.items) expect(['pending', 'in_progress', 'completed']).toContain(item.status);
      expect(snapshot.items.every((item) => item.content.trim() !== '')).toBe(true);
      if (index >= firstCall.length) expect(snapshot.items.length).toBeGreaterThan(0); // never flashes empty
    }
    // The rejected call (two tasks in progress): the last accepted list stays, with a note.
    const rejected = seen.find((snapshot) => snapshot.phase === 'rejected');
    expect(rejected?.notice).toMatch(/Update rejected.*in_progress/s);
    expect(statusesOf(rejected)).toEqual([
      'completed',
      'completed',
      'in_progress',
      'pending',
      'pending',
      'pending',
      'pending',
    ]);
    // Then the correction, and every later list: exactly one task in progress until the end.
    const accepted = seen.filter((snapshot) => snapshot.phase === 'accepted');
    expect(accepted.map((snapshot) => snapshot.items.filter((item) => item.status === 'completed').length)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7,
    ]);
    expect(accepted.at(-1)?.items.map((item) => item.content)).toEqual(tasks);
    await expect.poll(() => page.locator('[data-todo-summary]').textContent()).toContain('7 of 7 completed');
  });
});

describe('the demo, rejected call', () => {
  it('keeps the last accepted list on screen with a visible note, then recovers on "continue"', async () => {
    const page = await openDemo('scenario=rejected&speed=10');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await waitForChecklist(page, 'rejected', ['completed', 'in_progress', 'pending', 'pending']);
    await waitForIdle(page);

    const notice = page.locator('[data-todo-notice]');
    expect(await notice.isVisible()).toBe(true);
    expect(await notice.textContent()).toMatch(/Update rejected.*status "done"/s);
    expect(await page.locator('.plan__phase').textContent()).toBe('Last update not applied');
    expect(await page.locator('.tool-line [data-rejection="error"]').count()).toBe(1);

    await checkAccessibility(page);
    const { reached, controls } = await tabThroughPage(page);
    expect(controls).toEqual(
      expect.arrayContaining(['button:continue', 'summary:Why', 'button:Send', 'button:New chat']),
    );
    expect(reached).toEqual(expect.arrayContaining(controls));

    await page.getByRole('button', { name: 'continue', exact: true }).click();
    await waitForChecklist(page, 'accepted', Array(4).fill('completed'));
    expect(await notice.count()).toBe(0);
  });
});

describe('the demo, long run stopped mid-call', () => {
  it('falls back to the last accepted list when Stop is pressed while a call streams', async () => {
    const page = await openDemo('scenario=stop&speed=2');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    // Every control is reachable while the agent works, Stop included.
    await page.getByRole('button', { name: 'Stop', exact: true }).waitFor();
    const { reached } = await tabThroughPage(page);
    expect(reached).toContain('button:Stop');
    // Wait for a call streaming over an accepted list with progress (an update, not the plan), then press Stop.
    await page.waitForFunction(
      () => {
        const root = document.querySelector<HTMLElement>('[data-todo-list]');
        const summary = [...document.querySelectorAll<HTMLElement>('[data-todo-call-summary]')].at(-1);
        return (
          root?.dataset.phase === 'streaming' &&
          root.querySelector('[data-status="completed"]') !== null &&
          summary?.dataset.phase === 'streaming'
        );
      },
      undefined,
      { timeout: 40_000 },
    );
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await waitForIdle(page);

    const seen = await snapshots(page);
    const lastAccepted = seen.findLast((snapshot) => snapshot.phase === 'accepted');
    const final = seen.at(-1)!;
    expect(final.phase).toBe('rejected');
    expect(final.notice).toContain('Stopped before it was saved');
    expect(final.items).toEqual(lastAccepted?.items);
    expect(statusesOf(final).filter((status) => status === 'in_progress')).toHaveLength(1);
    expect(await page.locator('.tool-line [data-rejection="interrupted"]').textContent()).toBe(
      'Stopped before it was saved',
    );
    expect(await page.getByRole('button', { name: 'continue', exact: true }).isVisible()).toBe(true);
  });
});

describe('the demo page', () => {
  it('has no axe violations and every control is reachable with Tab, in light and dark', async () => {
    for (const theme of ['light', 'dark']) {
      const page = await openDemo(`scenario=plan&theme=${theme}`);
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      await checkAccessibility(page);
      const { reached, controls } = await tabThroughPage(page);
      // Scenario, speed, plan tool, theme.
      expect(controls.filter((control) => control.startsWith('select:'))).toHaveLength(4);
      expect(controls.filter((control) => control.startsWith('textarea:'))).toHaveLength(1);
      expect(controls).toEqual(expect.arrayContaining(['button:Send', 'button:New chat']));
      expect(reached).toEqual(expect.arrayContaining(controls));
    }
  });

  it("gives Send its own border once an answer ends, never Stop's, and keeps focus on the button", async () => {
    const page = await openDemo('scenario=rejected&speed=5&theme=light', { motion: true, record: false });
    const send = page.getByRole('button', { name: 'Send', exact: true });
    const stop = page.getByRole('button', { name: 'Stop', exact: true });
    // The pointer rests on the button throughout, as after a click.
    const box = (await send.boundingBox())!;
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    await page.mouse.move(x, y);
    const own = await send.evaluate((button) => getComputedStyle(button).borderTopColor);
    // Every border Send shows: the moment it appears, and on the next frames.
    await page.evaluate(() => {
      window.__sendBorders = [];
      new MutationObserver(() => {
        const button = [...document.querySelectorAll<HTMLElement>('.composer button')].find(
          (candidate) => candidate.textContent === 'Send',
        );
        if (!button) return;
        const record = (): void => {
          if (button.isConnected) window.__sendBorders.push(getComputedStyle(button).borderTopColor);
        };
        record();
        requestAnimationFrame(() => {
          record();
          requestAnimationFrame(record);
        });
      }).observe(document.querySelector('.composer')!, { subtree: true, childList: true, characterData: true });
    });
    await page.mouse.down();
    await page.mouse.up();
    await stop.waitFor();
    // Over Stop, the border turns red (--demo-danger) while the answer streams.
    await page.mouse.move(x + 1, y);
    await stop.evaluate(
      (button) =>
        new Promise<void>((resolve) => {
          const check = (): void =>
            getComputedStyle(button).borderTopColor === 'rgb(180, 35, 24)' ? resolve() : void setTimeout(check, 10);
          check();
        }),
    );
    await waitForIdle(page);
    await send.waitFor();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const borders = await page.evaluate(() => window.__sendBorders);
    expect(borders.length).toBeGreaterThan(0);
    expect(new Set(borders)).toEqual(new Set([own]));
    expect(await send.evaluate((button) => button === document.activeElement)).toBe(true);
  });

  it('pins the checklist beside the chat on wide screens and above it on narrow ones', async () => {
    for (const [width, placement] of [
      [1280, 'beside'],
      [390, 'above'],
    ] as const) {
      const page = await openDemo('scenario=plan', { width });
      const plan = (await page.locator('.plan').boundingBox())!;
      const chat = (await page.locator('.chat').boundingBox())!;
      if (placement === 'beside') expect(plan.x).toBeGreaterThanOrEqual(chat.x + chat.width - 1);
      else expect(plan.y + plan.height).toBeLessThanOrEqual(chat.y + 1);
    }
  });
});

describe('the demo on a live model, when a request fails', () => {
  const LIVE_CONFIG = { mode: 'live', provider: 'openai', modelId: 'gpt-5.4-mini' };
  const REFUSED_KEY = 'The model provider refused the API key (HTTP 401): invalid x-api-key';

  /** The page in live mode, its chat route answered by `answer`; sends the request already in the box. */
  async function sendLive(answer: (route: Route) => Promise<void>): Promise<Page> {
    const page = await openDemo('theme=light', {
      record: false,
      prepare: async (opened) => {
        await opened.route('**/api/config', (route) => route.fulfill({ json: LIVE_CONFIG }));
        await opened.route('**/api/chat', answer);
      },
    });
    await page.getByText('Live · OpenAI').waitFor();
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    return page;
  }

  /** The line under the chat, once it shows. */
  async function alertText(page: Page): Promise<string> {
    const alert = page.locator('.chat').getByRole('alert');
    await alert.waitFor();
    return (await alert.textContent()) ?? '';
  }

  afterEach(() => {
    // Chromium reports each failed load on the console; that is the failure under test, not a page error.
    pageErrors = pageErrors.filter((error) => !error.startsWith('Failed to load resource'));
  });

  it("shows the route's line when the stream fails (a refused API key)", async () => {
    const page = await sendLive((route) =>
      route.fulfill({
        status: 200,
        headers: { 'content-type': 'text/event-stream', 'x-vercel-ai-ui-message-stream': 'v1' },
        body: `data: ${JSON.stringify({ type: 'start' })}\n\ndata: ${JSON.stringify({ type: 'error', errorText: REFUSED_KEY })}\n\n`,
      }),
    );
    expect(await alertText(page)).toBe(REFUSED_KEY);
    await checkAccessibility(page);
  });

  it("shows the route's own words, not its JSON, when it refuses the request", async () => {
    const refusal = 'No OPENAI_API_KEY or ANTHROPIC_API_KEY: the demo runs its scripted agent in the browser.';
    const page = await sendLive((route) => route.fulfill({ status: 503, json: { error: refusal } }));
    expect(await alertText(page)).toBe(refusal);
  });

  it('says what to check when the server cannot be reached', async () => {
    const page = await sendLive((route) => route.abort('connectionrefused'));
    expect(await alertText(page)).toBe(SERVER_UNREACHABLE_TEXT);
  });
});

describe('the demo, 200-item list', () => {
  it('streams a 200-item call into the checklist (long tasks measured, not asserted)', async () => {
    const page = await openDemo('scenario=large&speed=1000', { record: false, longTasks: true });
    const startedAt = await page.evaluate(() => performance.now());
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    // The first call writes all 200 items; measure until it is accepted, then stop the run.
    await page.waitForFunction(
      () => document.querySelector<HTMLElement>('[data-todo-list]')?.dataset.phase === 'accepted',
      undefined,
      { timeout: 90_000 },
    );
    const { longTasks, elapsed } = await page.evaluate(
      (startedAt) => ({
        longTasks: window.__longTasks.filter((task) => task.start >= startedAt),
        elapsed: performance.now() - startedAt,
      }),
      startedAt,
    );
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await waitForIdle(page);
    // An update (a task completed) may have been accepted before the Stop landed.
    expect(await page.locator('[data-todo-summary]').textContent()).toMatch(/\b[0-2] of 200 completed/);
    // Collapsed to the current task and a few, with a real toggle to show all: only the rows shown are in the page.
    const toggle = page.getByRole('button', { name: 'Show all 200' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('[data-todo-item]').count()).toBeLessThan(20);
    await toggle.click();
    expect(await page.locator('[data-todo-item]:visible').count()).toBe(200);

    const longest = Math.max(0, ...longTasks.map((task) => task.duration));
    const blocking = longTasks.reduce((sum, task) => sum + task.duration - 50, 0);
    console.log(
      `[demo 200 items] one call of 200 items (${Math.round(elapsed)} ms, 1-7 character deltas, a render per delta): ` +
        `${longTasks.length} long tasks, longest ${Math.round(longest)} ms, total blocking ${Math.round(blocking)} ms`,
    );
  });
});

describe('npm run demo (the dev server, sources through the aliases)', () => {
  it('serves the page, reports the scripted mode, and runs the offline agent', async () => {
    const devServer = await startDemoServer();
    try {
      const config = (await (await fetch(`${devServer.url}api/config`)).json()) as { mode: string };
      expect(config).toEqual({ mode: 'scripted' });
      const page = await openDemo('scenario=rejected&speed=20', { baseUrl: devServer.url });
      await expect.poll(() => page.locator('.mode').textContent()).toContain('Offline');
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await waitForChecklist(page, 'rejected', ['completed', 'in_progress', 'pending', 'pending']);
    } finally {
      await closePage();
      await devServer.close();
    }
  });
});
