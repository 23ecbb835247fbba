/**
 * What an update did, as a person sees it in Chromium: the rows an accepted write changed carry a
 * marker and a brief highlight, a dropped task lingers as removed until the next write, a re-sent
 * list marks nothing, reduced motion keeps the markers without motion, and the server's HTML is the
 * page React hydrates.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TodoList } from '../../src/react.js';
import { launchChromium } from '../support/launch-chromium.js';
import { conversationOf, type PlanTodo } from './changes-page/conversation.js';

const PAGE_ROOT = fileURLToPath(new URL('./changes-page/', import.meta.url));
const REPOSITORY = fileURLToPath(new URL('../../', import.meta.url));

let server: ViteDevServer;
let url: string;
let browser: Browser;
/** Contexts stay open until the browser closes (@sparticuz/chromium runs single-process). */
const contexts: Partial<Record<'reduce' | 'no-preference', BrowserContext>> = {};
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
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function openPage(motion: 'reduce' | 'no-preference', initialWrites?: PlanTodo[][]): Promise<Page> {
  contexts[motion] ??= await browser.newContext({ reducedMotion: motion });
  const page = await contexts[motion].newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') pageErrors.push(message.text());
  });
  if (initialWrites) {
    const html = renderToString(createElement(TodoList, { messages: conversationOf(initialWrites), status: 'ready' }));
    await page.route(url, async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace('<!--ssr-->', html);
      await route.fulfill({ response, body });
    });
    await page.addInitScript((writes) => (window.initialWrites = writes), initialWrites);
  }
  await page.goto(url);
  await page.waitForFunction(() => typeof window.showWrites === 'function');
  return page;
}

/** Shows the list after `lists` and reads each row: its text, status and change marker. */
async function show(page: Page, lists: PlanTodo[][]): Promise<{ content: string; status: string; change: string }[]> {
  await page.evaluate((writes) => window.showWrites(writes), lists);
  return page.$$eval('[data-todo-item]', (items) =>
    items.map((item) => ({
      content: item.querySelector('[data-todo-content]')?.textContent ?? '',
      status: item.getAttribute('data-status') ?? '',
      change: item.getAttribute('data-change') ?? '',
    })),
  );
}

const todo = (content: string, status: PlanTodo['status'] = 'pending'): PlanTodo => ({ content, status });
const PLAN = [todo('Read the code', 'in_progress'), todo('Write tests'), todo('Ship it')];
const DONE_ONE = [todo('Read the code', 'completed'), todo('Write tests', 'in_progress'), todo('Ship it')];
const REPLANNED = [
  todo('Read the code', 'completed'),
  todo('Write tests', 'in_progress'),
  todo('Update the changelog'),
];

describe('each accepted write marks what it changed', () => {
  it('completing one task marks exactly that row completed (and the next one started)', async () => {
    const page = await openPage('no-preference');
    await show(page, [PLAN]);
    const rows = await show(page, [PLAN, DONE_ONE]);
    expect(rows.map((row) => row.change)).toEqual(['completed', 'started', '']);
    // The highlight is motion the user sees: an animation runs on the completed row.
    const animated = await page.$$eval('[data-todo-item]', (items) =>
      items.map((item) => item.getAnimations({ subtree: true }).length > 0),
    );
    expect(animated[0]).toBe(true);
    await page.close();
  });

  it('a new task is marked added; a dropped task shows as removed and is gone after the next write', async () => {
    const page = await openPage('no-preference');
    await show(page, [PLAN, DONE_ONE]);
    const rows = await show(page, [PLAN, DONE_ONE, REPLANNED]);
    expect(rows).toEqual([
      { content: 'Read the code', status: 'completed', change: '' },
      { content: 'Write tests', status: 'in_progress', change: '' },
      { content: 'Update the changelog', status: 'pending', change: 'added' },
      { content: 'Ship it', status: 'pending', change: 'removed' },
    ]);
    const removed = page.locator('[data-change="removed"]');
    expect(await removed.getAttribute('aria-hidden')).toBe('true');
    // Dropped last in the list: the rows that did not change did not move.
    const next = [
      todo('Read the code', 'completed'),
      todo('Write tests', 'completed'),
      todo('Update the changelog', 'in_progress'),
    ];
    const after = await show(page, [PLAN, DONE_ONE, REPLANNED, next]);
    expect(after.map((row) => row.content)).toEqual(['Read the code', 'Write tests', 'Update the changelog']);
    expect(await removed.count()).toBe(0);
    await page.close();
  });

  it('a re-sent list that changes nothing marks nothing', async () => {
    const page = await openPage('no-preference');
    await show(page, [PLAN, DONE_ONE]);
    const rows = await show(page, [PLAN, DONE_ONE, DONE_ONE]);
    expect(rows.map((row) => row.change)).toEqual(['', '', '']);
    expect(await page.locator('[role="status"]').textContent()).toBe('No changes. 1 of 3 completed.');
    await page.close();
  });

  it('under reduced motion, no animation runs and the markers are still there', async () => {
    const page = await openPage('reduce');
    await show(page, [PLAN]);
    const rows = await show(page, [PLAN, REPLANNED]);
    expect(rows.map((row) => row.change)).toEqual(['completed', 'started', 'added', 'removed']);
    // What may still run jumps from one state to the next (a dropped row vanishing at once): no motion.
    const moving = await page.evaluate(() =>
      document
        .querySelector('[data-todo-list]')!
        .getAnimations({ subtree: true })
        .filter((animation) => animation.playState === 'running')
        .filter((animation) =>
          (animation.effect as KeyframeEffect)
            .getKeyframes()
            .slice(0, -1)
            .some((keyframe) => !String(keyframe.easing).startsWith('steps')),
        )
        .map((animation) => (animation as CSSAnimation).animationName),
    );
    expect(moving).toEqual([]);
    await page.close();
  });
});

describe('server rendering', () => {
  it('the server HTML and the hydrated page agree, markers included', async () => {
    const lists = [PLAN, REPLANNED];
    const html = renderToString(createElement(TodoList, { messages: conversationOf(lists), status: 'ready' }));
    expect(html).toContain('data-change="removed"');
    const before = pageErrors.length;
    const page = await openPage('no-preference', lists);
    const serverHtml = await page.$eval('#root', (root) => root.innerHTML);
    await page.waitForFunction(() => document.querySelector('[data-todo-list]') !== null);
    // Hydration happened with no mismatch and changed nothing on screen.
    expect(pageErrors.slice(before)).toEqual([]);
    const hydrated = await page.$eval('#root', (root) => root.innerHTML);
    expect(hydrated).toBe(serverHtml);
    await page.close();
  });
});

describe.each([
  { width: 320, theme: 'light' as const },
  { width: 320, theme: 'dark' as const },
  { width: 390, theme: 'light' as const },
  { width: 390, theme: 'dark' as const },
])('the notice of a call that was not applied, at $width px, $theme', ({ width, theme }) => {
  /** The notice after `last` over an accepted plan, its colour and the danger colour of the list. */
  async function notice(last: Record<string, unknown>) {
    const page = await openPage('reduce');
    await page.setViewportSize({ width, height: 640 });
    await page.emulateMedia({ colorScheme: theme });
    const [accepted] = conversationOf([PLAN]);
    const messages = [
      accepted,
      {
        id: 'm1',
        role: 'assistant',
        parts: [{ type: 'tool-todo_write', toolCallId: 'c1', input: { todos: DONE_ONE }, ...last }],
      },
    ];
    await page.evaluate((written) => window.showMessages(written), messages);
    const seen = await page.locator('[data-todo-notice]').evaluate((element) => {
      const probe = document.createElement('span');
      probe.style.color = 'var(--todo-danger)';
      element.closest('[data-todo-list]')!.append(probe);
      const danger = getComputedStyle(probe).color;
      probe.remove();
      return { text: element.textContent, colour: getComputedStyle(element).color, danger };
    });
    await page.close();
    return seen;
  }

  it('draws changes the person asked for as their answer, not in the red of a refusal', async () => {
    const denied = await notice({
      state: 'output-denied',
      approval: { id: 'a1', approved: false, reason: 'Split the last task' },
    });
    expect(denied.text).toBe('Changes requested Split the last task');
    expect(denied.colour).not.toBe(denied.danger);
    const refused = await notice({ state: 'output-error', errorText: 'Error: The disk is full.' });
    expect(refused.text).toContain('Update rejected');
    expect(refused.colour).toBe(refused.danger);
  });
});
