/**
 * The Next.js example on a phone, in Chromium at 390×844 and 320×640, light and dark, with no API key: the page
 * says a scripted agent answers, the empty checklist keeps its status region, a suggestion sends itself and leaves
 * what was typed, the page follows the newest text as it streams (and stays where the person scrolled up to), and
 * the plan stays reachable from a line pinned at the top that opens the list.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/launch-chromium.js';
import { isWhollyVisible } from '../support/whole-visibility.js';
import { type ExampleServer, ExampleServers } from './support/next-example.js';
import { openChat } from './support/page-probes.js';

const servers = new ExampleServers();
let server: ExampleServer;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  server = await servers.start('phone', { SCRIPTED_MODEL_SPEED: '4' });
  ({ browser } = await launchChromium());
  // One context for every page: closing one can take the single-process Chromium down with it.
  context = await browser.newContext({ reducedMotion: 'reduce' });
});

afterAll(async () => {
  await browser?.close();
  await servers.stopAll();
});

/** How far the page's bottom is below the viewport's, in pixels. */
const belowView = (page: Page): Promise<number> =>
  page.evaluate(() => {
    const root = document.scrollingElement!;
    return root.scrollHeight - root.scrollTop - window.innerHeight;
  });

const busy = (page: Page): Promise<boolean> => page.getByRole('button', { name: 'Stop' }).isVisible();

// Scrolling does not depend on the theme: each width follows the answer once, in one of the two themes.
describe.each([
  { width: 390, height: 844, theme: 'light' as const, scrolls: true },
  { width: 390, height: 844, theme: 'dark' as const, scrolls: false },
  { width: 320, height: 640, theme: 'light' as const, scrolls: false },
  { width: 320, height: 640, theme: 'dark' as const, scrolls: true },
])('at $width×$height, $theme', ({ width, height, theme, scrolls }) => {
  let page: Page;

  beforeAll(async () => {
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await page.setViewportSize({ width, height });
    await page.emulateMedia({ colorScheme: theme });
    await openChat(page, `${server.baseUrl}/`);
  });

  afterAll(async () => {
    // A width that does not follow the answer leaves it running: stopped, so the next width has the server alone.
    if (page !== undefined && (await busy(page))) {
      await page.getByRole('button', { name: 'Stop' }).click();
      await page.getByRole('button', { name: 'Send' }).waitFor({ timeout: 60_000 });
    }
    await page?.close();
  });

  it('says a scripted agent answers, and the empty checklist keeps its status region', async () => {
    expect(await page.evaluate(() => document.documentElement.className)).toContain(theme);
    const note = page.getByText('scripted agent', { exact: false });
    expect(await note.textContent()).toMatch(/no API key is set/);
    expect(await isWhollyVisible(note)).toBe(true);
    expect(await page.getByRole('complementary', { name: 'Plan' }).getByRole('status').count()).toBe(1);
  });

  it('sends a suggestion as it is and keeps what was typed; the plan arrives, announced', async () => {
    const input = page.getByRole('textbox', { name: 'Message' });
    await input.fill('Words of my own');
    const suggestion = page.getByRole('list', { name: 'Suggestions' }).getByRole('button').first();
    const text = (await suggestion.textContent())!;
    await suggestion.click();
    await expect.poll(() => page.locator('.chat-message[data-role="user"]').allTextContents()).toEqual([text]);
    expect(await input.inputValue()).toBe('Words of my own');
    const status = page.getByRole('complementary', { name: 'Plan' }).getByRole('status');
    await expect.poll(() => status.textContent(), { timeout: 60_000 }).toMatch(/^Planned \d+ tasks\./);
  });

  it('while a task is in progress, its name in the pinned line is cut to fit: the page is no wider than the phone', async () => {
    const current = page.getByRole('complementary', { name: 'Plan' }).getByRole('button', { expanded: false });
    await expect.poll(() => current.locator('.truncate').textContent()).not.toBe('');
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBe(width);
  });

  it.runIf(scrolls)('follows the newest text while the answer streams', async () => {
    const heights: number[] = [];
    while (await busy(page)) {
      heights.push(await page.evaluate(() => document.scrollingElement!.scrollHeight));
      expect(await belowView(page)).toBeLessThan(48 + height);
      await page.waitForTimeout(250);
    }
    await page.getByRole('button', { name: 'Send' }).waitFor({ timeout: 120_000 });
    expect(heights.at(-1)! > height).toBe(true);
    await expect.poll(() => belowView(page)).toBeLessThan(48);
  });

  it('keeps the plan reachable: a line pinned at the top opens the list', async () => {
    const plan = page.getByRole('complementary', { name: 'Plan' });
    const toggle = plan.getByRole('button', { expanded: false });
    const box = (await toggle.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(height / 4);
    expect(await toggle.textContent()).toMatch(/\d+ of \d+ done/);
    expect(await isWhollyVisible(toggle)).toBe(true);
    await toggle.click();
    await plan.getByRole('button', { expanded: true }).waitFor();
    const rows = plan.locator('[data-todo-item]');
    expect(await rows.count()).toBeGreaterThan(0);
    for (const row of await rows.all()) expect(await isWhollyVisible(row)).toBe(true);
    await plan.getByRole('button', { expanded: true }).click();
  });

  it.runIf(scrolls)('stays where the person scrolled up to while the answer goes on', async () => {
    // The whole plan: an answer that runs to its end, so the text below keeps growing.
    await page.getByRole('list', { name: 'Suggestions' }).getByRole('button').first().click();
    await page.getByRole('button', { name: 'Stop' }).waitFor();
    const grown = await page.evaluate(() => document.scrollingElement!.scrollHeight);
    await page.mouse.move(width / 2, height / 2);
    await page.mouse.wheel(0, -400);
    await expect.poll(() => belowView(page)).toBeGreaterThan(300);
    const scrolledTo = await page.evaluate(() => window.scrollY);
    await page.getByRole('button', { name: 'Send' }).waitFor({ timeout: 120_000 });
    expect(await page.evaluate(() => document.scrollingElement!.scrollHeight)).toBeGreaterThan(grown);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolledTo)).toBeLessThan(2);
  });
});
