/**
 * The built demo in Chromium for one test file: one context (@sparticuz/chromium runs --single-process), a page
 * per test, closed after it, and any error the page throws or logs fails that test. Call at the top of the file.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { launchChromium } from './launch-chromium.js';
import { serveBuiltDemo } from './serve-built-demo.js';

export interface DemoPageOptions {
  width?: number;
  height?: number;
  /** Runs in the page before the demo's own scripts (a recorder of what the page showed). */
  init?: () => void;
  /** Lets the page animate (a context of its own); by default motion is reduced. */
  motion?: boolean;
}

export function demoInChromium(): { open(query: string, options?: DemoPageOptions): Promise<Page> } {
  let demo: Awaited<ReturnType<typeof serveBuiltDemo>> | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext;
  let movingContext: BrowserContext | undefined;
  let page: Page | undefined;
  let pageErrors: string[] = [];

  beforeAll(async () => {
    const [served, chromium] = await Promise.all([serveBuiltDemo(), launchChromium()]);
    demo = served;
    browser = chromium.browser;
    context = await browser.newContext({ reducedMotion: 'reduce' });
  });

  afterAll(async () => {
    await browser?.close();
    await demo?.close();
  });

  afterEach(async () => {
    await page?.close();
    page = undefined;
    expect(pageErrors).toEqual([]);
    pageErrors = [];
  });

  return {
    /** The demo at `?query`, once its Send button shows. */
    async open(query, { width = 1280, height = 860, init, motion = false } = {}) {
      // Contexts stay open until the browser closes: the single process keeps one page alive.
      if (motion) movingContext ??= await browser!.newContext({ reducedMotion: 'no-preference' });
      const opened = await (motion ? movingContext! : context).newPage();
      page = opened;
      await opened.setViewportSize({ width, height });
      opened.on('pageerror', (error) => pageErrors.push(error.message));
      opened.on('console', (message) => {
        if (message.type() === 'error') pageErrors.push(message.text());
      });
      if (init) await opened.addInitScript(init);
      await opened.goto(`${demo!.url}?${query}`);
      await opened.getByRole('button', { name: 'Send', exact: true }).waitFor();
      return opened;
    },
  };
}
