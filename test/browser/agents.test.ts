/**
 * Other agents' plans as a person sees them in Chromium: Gemini CLI's cancelled task muted and struck
 * apart from the completed ones, announced, axe-clean in light and dark; and the demo's plan tool
 * picker on Claude Code's `TodoWrite`, whose task in progress reads in its present tense, and which
 * leaves the "Review plans" switch in sight, disabled, with the reason beside it.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toActiveForm } from '../../demo/agent/active-form.js';
import { scenarios } from '../../demo/agent/scenarios.js';
import { launchChromium } from '../support/launch-chromium.js';
import { checkAccessibility } from '../support/check-accessibility.js';
import { serveBuiltDemo } from '../support/serve-built-demo.js';
import type { GeminiTodo } from './agents-page/main.js';

const PAGE_ROOT = fileURLToPath(new URL('./agents-page/', import.meta.url));
const REPOSITORY = fileURLToPath(new URL('../../', import.meta.url));

let server: ViteDevServer;
let pageUrl: string;
let demoUrl: string;
let closeDemo: () => Promise<void>;
let browser: Browser;
// One context for the file (@sparticuz/chromium runs --single-process); a page per test.
let context: BrowserContext;
let page: Page | undefined;
let pageErrors: string[] = [];

beforeAll(async () => {
  server = await createServer({
    root: PAGE_ROOT,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    server: { port: 0, host: '127.0.0.1', hmr: false, watch: null, fs: { allow: [REPOSITORY] } },
  });
  await server.listen();
  pageUrl = server.resolvedUrls!.local[0]!;
  const [demo, chromium] = await Promise.all([serveBuiltDemo(), launchChromium()]);
  demoUrl = demo.url;
  closeDemo = demo.close;
  browser = chromium.browser;
  context = await browser.newContext({ reducedMotion: 'reduce' });
});

afterAll(async () => {
  await browser?.close();
  await closeDemo?.();
  await server?.close();
});

afterEach(async () => {
  await page?.close();
  page = undefined;
  expect(pageErrors).toEqual([]);
  pageErrors = [];
});

async function open(url: string): Promise<Page> {
  const opened = await context.newPage();
  page = opened;
  await opened.setViewportSize({ width: 1280, height: 860 });
  opened.on('pageerror', (error) => pageErrors.push(error.message));
  opened.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(message.text());
  });
  await opened.goto(url);
  return opened;
}

const PLAN: GeminiTodo[] = [
  { description: 'Reproduce the bug', status: 'in_progress' },
  { description: 'Rewrite the session store', status: 'pending' },
  { description: 'Write a failing test', status: 'pending' },
];
const REPLANNED: GeminiTodo[] = [
  { description: 'Reproduce the bug', status: 'completed' },
  { description: 'Rewrite the session store', status: 'cancelled' },
  { description: 'Write a failing test', status: 'in_progress' },
];

describe("Gemini CLI's cancelled task", () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`is muted and struck apart from completed, announced and axe-clean (${theme})`, async () => {
      const page = await open(pageUrl);
      await page.waitForFunction(() => typeof window.showGeminiWrites === 'function');
      const show = (lists: GeminiTodo[][]) =>
        page.evaluate(([lists, theme]) => window.showGeminiWrites(lists, theme), [lists, theme] as [
          GeminiTodo[][],
          typeof theme,
        ]);
      await show([PLAN]);
      await show([PLAN, REPLANNED]);
      const rows = await page.$$eval('[data-todo-item]', (items) =>
        items.map((item) => {
          const content = item.querySelector<HTMLElement>('[data-todo-content]')!;
          const icon = item.querySelector<HTMLElement>('[data-todo-icon]')!;
          const style = getComputedStyle(content);
          return {
            status: item.dataset.status,
            spoken: item.textContent,
            color: style.color,
            struck: style.textDecorationLine,
            icon: `${icon.textContent} ${getComputedStyle(icon).borderStyle}`,
          };
        }),
      );
      const [completed, cancelled, current] = rows as [(typeof rows)[0], (typeof rows)[0], (typeof rows)[0]];
      expect(cancelled).toMatchObject({
        status: 'cancelled',
        struck: 'line-through',
        spoken: '✕ Rewrite the session store, Cancelled',
      });
      expect(cancelled.icon).toBe('✕ dashed');
      // Muted like a completed task, unlike the one in progress; its icon is not the completed check.
      expect(cancelled.color).toBe(completed.color);
      expect(cancelled.color).not.toBe(current.color);
      expect(completed.icon).not.toBe(cancelled.icon);
      expect(await page.locator('[data-todo-summary]').textContent()).toBe('1 of 2 completed');
      expect(await page.locator('[data-todo-list] [role="status"]').textContent()).toBe(
        'Completed: Reproduce the bug. Cancelled: Rewrite the session store. Now: Write a failing test. 1 of 2 completed.',
      );
      await checkAccessibility(page);
    });
  }
});

declare global {
  interface Window {
    __rows: string[];
    __spoken: string[];
  }
}

/**
 * Records every distinct row (text and status) once a call's input is whole (a new task streams its
 * text before its present tense), and every announcement of the checklist.
 */
function recordChecklist(): void {
  window.__rows = [];
  window.__spoken = [];
  new MutationObserver(() => {
    if (document.querySelector<HTMLElement>('[data-todo-list]')?.dataset.phase === 'streaming') return;
    for (const item of document.querySelectorAll<HTMLElement>('[data-todo-list] [data-todo-item]')) {
      const row = `${item.querySelector('[data-todo-content]')?.textContent} [${item.dataset.status}]`;
      if (!window.__rows.includes(row)) window.__rows.push(row);
    }
    const spoken = document.querySelector('[data-todo-list] [role="status"]')?.textContent ?? '';
    if (spoken && window.__spoken.at(-1) !== spoken) window.__spoken.push(spoken);
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
}

const REVIEW_HINT = 'Claude Code writes its plan without asking: review works with todo_write.';

/** A control's accessible description: the text of the elements its aria-describedby names. */
const descriptionOf = (control: Locator): Promise<string> =>
  control.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter((id) => id !== '')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );

describe("the demo's plan tool picker, on Claude Code's TodoWrite", () => {
  const tasks = scenarios.plan.tasks.map((task) => task.content);

  it('is picked from ?tool=claude-code; the task in progress reads in its present tense, then as written once done', async () => {
    const opened = await context.newPage();
    page = opened;
    opened.on('pageerror', (error) => pageErrors.push(error.message));
    await opened.addInitScript(recordChecklist);
    await opened.goto(`${demoUrl}?scenario=plan&speed=50&tool=claude-code`);
    expect(await opened.getByRole('combobox', { name: 'Plan tool' }).inputValue()).toBe('claude-code');
    await opened.getByRole('button', { name: 'Send', exact: true }).click();
    await opened.waitForFunction(
      (count) =>
        document.querySelector<HTMLElement>('.workspace')?.dataset.status === 'ready' &&
        document.querySelectorAll('[data-todo-list] [data-status="completed"]').length === count,
      tasks.length,
      { timeout: 60_000 },
    );
    const rows = await opened.evaluate(() => window.__rows);
    expect(rows).toContain(`${toActiveForm(tasks[0]!)} [in_progress]`);
    expect(rows).toContain(`${toActiveForm(tasks[1]!)} [in_progress]`);
    expect(rows).not.toContain(`${tasks[0]} [in_progress]`);
    expect(await opened.locator('[data-todo-content]').allTextContents()).toEqual(tasks);
    expect(await opened.locator('.tool-line__name').first().textContent()).toBe('TodoWrite');
    const spoken = await opened.evaluate(() => window.__spoken);
    expect(spoken[0]).toBe(`Planned ${tasks.length} tasks. Now: ${tasks[0]}. 0 of ${tasks.length} completed.`);
  });

  it('writes the choice into the URL and starts a new chat with the other tool; Review plans stays in sight, disabled, with the reason; axe-clean in light and dark', async () => {
    for (const theme of ['light', 'dark']) {
      const opened = await open(`${demoUrl}?scenario=plan&speed=1000&theme=${theme}`);
      const picker = opened.getByRole('combobox', { name: 'Plan tool' });
      const review = opened.getByRole('switch', { name: 'Review plans' });
      expect(await picker.inputValue()).toBe('todo_write');
      expect(await review.isEnabled()).toBe(true);
      expect(await descriptionOf(review)).toBe('');
      await review.check();
      await picker.selectOption('claude-code');
      await opened.waitForFunction(() => new URL(location.href).searchParams.get('tool') === 'claude-code');
      // Claude Code's tool has no plan review: the switch stays in sight, off and disabled, and says why.
      expect(await review.isVisible()).toBe(true);
      expect(await review.isDisabled()).toBe(true);
      expect(await review.isChecked()).toBe(false);
      expect(await descriptionOf(review)).toBe(REVIEW_HINT);
      expect(await opened.getByText(REVIEW_HINT, { exact: true }).isVisible()).toBe(true);
      await opened.getByRole('button', { name: 'Send', exact: true }).click();
      await opened.locator('[data-todo-list] [data-status="in_progress"]').first().waitFor({ timeout: 60_000 });
      // The plan ran without waiting for anyone.
      expect(await opened.getByRole('group', { name: 'Review the plan' }).count()).toBe(0);
      await checkAccessibility(opened);
      await picker.selectOption('todo_write');
      await opened.waitForFunction(() => !new URL(location.href).searchParams.has('tool'));
      // Back on todo_write, the person's choice stands again and the hint goes.
      expect(await review.isEnabled()).toBe(true);
      expect(await review.isChecked()).toBe(true);
      expect(await descriptionOf(review)).toBe('');
      expect(await opened.getByText(REVIEW_HINT, { exact: true }).count()).toBe(0);
      await opened.close();
      page = undefined;
    }
  });
});
