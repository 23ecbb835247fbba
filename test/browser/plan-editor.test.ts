/**
 * The plan editor as a person uses it in Chromium, on a phone as on a desktop: each task's field shows its whole text
 * (wrapping and growing with it) and opens at its start, and every control of the waiting plan and of the editor can
 * be scrolled to and seen whole at 320 and 390 px wide.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Todo } from '../../src/index.js';
import { launchChromium } from '../support/launch-chromium.js';
import { hiddenText, isWhollyVisible } from '../support/whole-visibility.js';

const PAGE_ROOT = fileURLToPath(new URL('./editor-page/', import.meta.url));
const REPOSITORY = fileURLToPath(new URL('../../', import.meta.url));

const PLAN: Todo[] = [
  {
    content: 'Reproduce the flaky checkout test on a clean database and record the failing seed',
    status: 'in_progress',
  },
  { content: 'Find the root cause of the flaky checkout test in the payment retry loop', status: 'pending' },
  { content: 'Write a reversible migration for the orders table that adds the missing index', status: 'pending' },
  { content: 'Ship', status: 'pending' },
];

let server: ViteDevServer;
let url: string;
let browser: Browser;
/** One context, its pages left open until the browser closes (@sparticuz/chromium runs single-process). */
let context: BrowserContext;
const pageErrors: string[] = [];

beforeAll(async () => {
  server = await createServer({
    root: PAGE_ROOT,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    server: { port: 0, host: '127.0.0.1', hmr: false, watch: null, fs: { allow: [REPOSITORY] } },
  });
  await server.listen();
  url = server.resolvedUrls!.local[0]!;
  ({ browser } = await launchChromium());
  context = await browser.newContext();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function openProposal(width: number, height: number): Promise<Page> {
  const page = await context.newPage();
  await page.setViewportSize({ width, height });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(url);
  await page.waitForFunction(() => 'showProposal' in window);
  await page.evaluate((todos) => window.showProposal(todos), PLAN);
  await page.getByRole('button', { name: 'Edit plan' }).waitFor();
  return page;
}

describe.each([
  [320, 640],
  [390, 844],
  [1024, 768],
])('at %i×%i', (width, height) => {
  it("shows the waiting plan's three buttons whole", async () => {
    const page = await openProposal(width, height);
    for (const name of ['Approve', 'Request changes', 'Edit plan'])
      expect(await isWhollyVisible(page.getByRole('button', { name })), name).toBe(true);
  });

  it('shows every task whole in the editor, opening at its start, and every control of the editor whole', async () => {
    const page = await openProposal(width, height);
    await page.getByRole('button', { name: 'Edit plan' }).click();
    const first = page.getByRole('textbox', { name: 'Task 1', exact: true });
    await expect.poll(() => first.evaluate((field) => field === document.activeElement)).toBe(true);
    // The caret and the view are at the start of the text, not scrolled to its end.
    expect(
      await first.evaluate((field: HTMLTextAreaElement) => [field.selectionStart, field.scrollTop, field.scrollLeft]),
    ).toEqual([0, 0, 0]);
    for (const [index, todo] of PLAN.entries()) {
      const field = page.getByRole('textbox', { name: `Task ${index + 1}`, exact: true });
      expect(await field.inputValue()).toBe(todo.content);
      // Nothing of the text is hidden: the field is as tall and as wide as its text needs.
      expect(await hiddenText(field), `Task ${index + 1}`).toEqual({ height: 0, width: 0 });
      expect(await isWhollyVisible(field), `Task ${index + 1}`).toBe(true);
    }
    // A long task wraps onto more lines than a short one takes.
    const heights = await Promise.all(
      [1, 4].map((n) =>
        page.getByRole('textbox', { name: `Task ${n}`, exact: true }).evaluate((field) => field.clientHeight),
      ),
    );
    if (width < 600) expect(heights[0]).toBeGreaterThan(heights[1]!);
    const form = page.getByRole('form', { name: 'Edit the plan' });
    for (const name of ['Add task', 'Approve', 'Cancel', 'Remove task 1', 'Move task 2 up'])
      expect(await isWhollyVisible(form.getByRole('button', { name })), name).toBe(true);
  });

  it('grows a field as the person types past its width, and Enter still moves to the next task', async () => {
    const page = await openProposal(width, height);
    await page.getByRole('button', { name: 'Edit plan' }).click();
    const last = page.getByRole('textbox', { name: 'Task 4', exact: true });
    await last.click();
    const before = await last.evaluate((field) => field.clientHeight);
    await page.keyboard.type(' the release to every region after the smoke tests pass on staging and canary');
    const after = await last.evaluate((field) => ({
      height: field.clientHeight,
      hidden: field.scrollHeight - field.clientHeight,
    }));
    expect(after.hidden).toBe(0);
    if (width < 600) expect(after.height).toBeGreaterThan(before);
    await page.getByRole('textbox', { name: 'Task 3', exact: true }).click();
    await page.keyboard.press('Enter');
    expect(await last.evaluate((field) => field === document.activeElement)).toBe(true);
    expect(await page.getByRole('textbox', { name: 'Task 3', exact: true }).inputValue()).toBe(PLAN[2]!.content);
  });
});

it('raised no page error', () => {
  expect(pageErrors).toEqual([]);
});
