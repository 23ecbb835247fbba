/**
 * `npm run screenshots`: screenshots of the demo for the README, light and dark, mid-stream,
 * finished, waiting for review and being edited (plus a narrow-screen one), saved as PNG under docs/.
 * `npm run screenshots -- review edit` takes only the groups named (streaming, update, review, edit, narrow).
 *
 * Runs the demo's dev server and headless Chromium (system, else @sparticuz/chromium). Plain Node 24
 * with type stripping: local .ts modules are loaded with their real extension at runtime; the
 * `import type` lines only serve the type checker.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { launchChromium as LaunchChromium } from '../test/support/launch-chromium.js';
import type { startDemoServer as StartDemoServer } from '../demo/server/start-demo-server.js';

const load = async <T>(path: string): Promise<T> => (await import(new URL(path, import.meta.url).href)) as T;
const { launchChromium } = await load<{ launchChromium: typeof LaunchChromium }>('../test/support/launch-chromium.ts');
const { startDemoServer } = await load<{ startDemoServer: typeof StartDemoServer }>(
  '../demo/server/start-demo-server.ts',
);

const OUTPUT_DIRECTORY = new URL('../docs/', import.meta.url);
const GROUPS = process.argv.slice(2);
const wants = (group: string): boolean => GROUPS.length === 0 || GROUPS.includes(group);
const WIDE = { width: 1280, height: 800 };
const NARROW = { width: 390, height: 800 };

/** Waits for the checklist to match `predicate(phase, summary, rows)`. */
async function waitForChecklist(page: Page, predicate: string): Promise<void> {
  await page.waitForFunction(
    `(() => {
      const root = document.querySelector('[data-todo-list]');
      const phase = root?.dataset.phase ?? '';
      const summary = root?.querySelector('[data-todo-summary]')?.textContent ?? '';
      const rows = root?.querySelectorAll('[data-todo-item]').length ?? 0;
      return ${predicate};
    })()`,
    undefined,
    { timeout: 120_000 },
  );
}

async function shoot(page: Page, name: string): Promise<void> {
  // Let the last delta render and animations settle on a frame.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const path = new URL(`${name}.png`, OUTPUT_DIRECTORY);
  await page.screenshot({ path: path.pathname });
  console.log(`saved docs/${name}.png`);
}

const server = await startDemoServer();
const { browser, source } = await launchChromium();
console.log(`demo at ${server.url}, Chromium: ${source}`);
mkdirSync(OUTPUT_DIRECTORY, { recursive: true });
try {
  const context = await browser.newContext({ deviceScaleFactor: 2, reducedMotion: 'reduce' });
  for (const theme of wants('streaming') ? (['light', 'dark'] as const) : []) {
    const page = await context.newPage();
    await page.setViewportSize(WIDE);
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    await page.goto(`${server.url}?scenario=plan&speed=0.5&theme=${theme}`);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    // Mid-stream: the plan being written, its fifth task arriving (the last row still growing).
    await waitForChecklist(
      page,
      `phase === 'streaming' && rows === 5 && root.querySelector('[data-todo-item]:last-child[data-streaming]') !== null && root.querySelector('[data-todo-item]:last-child')?.textContent.length > 30`,
    );
    await shoot(page, `demo-${theme}-streaming`);
    await page.getByLabel('Speed').selectOption('4');
    await waitForChecklist(page, `phase === 'accepted' && summary.startsWith('7 of 7')`);
    await page.getByLabel('Speed').selectOption('1');
    await page.waitForFunction(() => document.querySelector<HTMLElement>('.workspace')?.dataset.status === 'ready');
    await shoot(page, `demo-${theme}-finished`);
    await page.close();
  }
  // An update as it lands: a task just completed and the next one started, their highlight frozen
  // a quarter of the way through (motion allowed for this one).
  for (const theme of wants('update') ? (['light', 'dark'] as const) : []) {
    const page = await context.newPage();
    await page.setViewportSize(WIDE);
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'no-preference' });
    await page.goto(`${server.url}?scenario=plan&speed=1&theme=${theme}`);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await waitForChecklist(
      page,
      `root.hasAttribute('data-live') && root.querySelector('[data-change="completed"]') !== null && root.querySelector('[data-change="started"]') !== null`,
    );
    await page.evaluate(() => {
      for (const animation of document.querySelector('[data-todo-list]')!.getAnimations({ subtree: true })) {
        animation.pause();
        animation.currentTime = 400;
      }
    });
    await shoot(page, `demo-${theme}-update`);
    await page.close();
  }
  // A plan waiting for review: sent back once with a reason, its revision waits with the controls.
  for (const theme of wants('review') ? (['light', 'dark'] as const) : []) {
    const page = await context.newPage();
    await page.setViewportSize(WIDE);
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    await page.goto(`${server.url}?scenario=plan&speed=4&theme=${theme}&review=1`);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await waitForChecklist(page, `phase === 'review' && rows === 7`);
    await page.getByRole('button', { name: 'Request changes' }).click();
    await page.getByRole('textbox', { name: 'What should change?' }).fill('Also update the user documentation');
    await page.keyboard.press('Enter');
    await waitForChecklist(page, `phase === 'review' && rows === 8`);
    await page.waitForFunction(() => document.querySelector<HTMLElement>('.workspace')?.dataset.status === 'ready');
    await shoot(page, `demo-${theme}-review`);
    await page.close();
  }
  // A plan being edited: task 1 renamed, task 2 removed, a task added at the top, one left empty.
  for (const theme of wants('edit') ? (['light', 'dark'] as const) : []) {
    const page = await context.newPage();
    await page.setViewportSize(WIDE);
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    await page.goto(`${server.url}?scenario=plan&speed=4&theme=${theme}&review=1`);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await waitForChecklist(page, `phase === 'review' && rows === 7`);
    await page.waitForFunction(() => document.querySelector<HTMLElement>('.workspace')?.dataset.status === 'ready');
    await page.getByRole('button', { name: 'Edit plan' }).click();
    await page.getByRole('textbox', { name: 'Task 1', exact: true }).fill('Read the login route first');
    await page.getByRole('button', { name: 'Remove task 2' }).click();
    await page.getByRole('button', { name: 'Add task' }).click();
    await page.getByRole('textbox', { name: 'Task 7', exact: true }).fill('Agree on the limit with the team');
    for (let position = 7; position > 1; position--) {
      await page.getByRole('button', { name: `Move task ${position} up` }).click();
    }
    await page.getByRole('button', { name: 'Add task' }).click();
    await shoot(page, `demo-${theme}-edit`);
    await page.close();
  }
  // Narrow screen: the plan pinned above the chat, after a rejected call.
  const page = await context.newPage();
  await page.setViewportSize(NARROW);
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  if (wants('narrow')) {
    await page.goto(`${server.url}?scenario=rejected&speed=4&theme=light`);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await waitForChecklist(page, `phase === 'rejected'`);
    await page.waitForFunction(() => document.querySelector<HTMLElement>('.workspace')?.dataset.status === 'ready');
    await shoot(page, 'demo-narrow-rejected');
  }
  await page.close();
} finally {
  await browser.close();
  await server.close();
}
