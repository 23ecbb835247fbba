/**
 * The demo on a phone, in headless Chromium at 320×640 and 390×844: with "Review plans" on, a waiting
 * plan's Approve, Request changes and Edit plan, and the editor's fields with its Add task, Approve and
 * Cancel, each come wholly into view when scrolled to: inside the viewport and inside every box that
 * scrolls or clips around it, never cut by the plan panel's edge. While a plan waits, the page itself
 * scrolls: no box scrolls inside it, and the chat keeps its height.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { demoInChromium } from '../support/demo-browser.js';
import { isWhollyVisible } from '../support/whole-visibility.js';
import { scenarios } from '../../demo/agent/scenarios.js';

const demo = demoInChromium();

const PLAN = scenarios.plan.tasks.map((task) => task.content);

/** The demo at a phone's size, "Review plans" on, its plan sent and waiting for review. */
async function openWaitingPlan(width: number, height: number, theme = 'light'): Promise<Page> {
  const opened = await demo.open(`scenario=plan&speed=1000&review=1&theme=${theme}`, { width, height });
  await opened.getByRole('button', { name: 'Send', exact: true }).click();
  await opened.waitForFunction(
    () =>
      document.querySelector<HTMLElement>('[data-todo-list]')?.dataset.phase === 'review' &&
      document.querySelector<HTMLElement>('.workspace')?.dataset.status === 'ready',
    undefined,
    { timeout: 60_000 },
  );
  return opened;
}

describe.each([
  { width: 320, height: 640 },
  { width: 390, height: 844 },
])('the demo at $width×$height', ({ width, height }) => {
  it("a waiting plan's Approve, Request changes and Edit plan come wholly into view; the composer stays whole", async () => {
    const page = await openWaitingPlan(width, height);
    const review = page.getByRole('group', { name: 'Review the plan' });
    for (const name of ['Approve', 'Request changes', 'Edit plan']) {
      expect(await isWhollyVisible(review.getByRole('button', { name, exact: true })), name).toBe(true);
    }
    expect(await isWhollyVisible(page.getByRole('textbox', { name: 'Message the agent' })), 'the message box').toBe(
      true,
    );
    expect(await isWhollyVisible(page.getByRole('button', { name: 'Send', exact: true })), 'Send').toBe(true);
  });

  it("the editor's fields, Add task, Approve and Cancel come wholly into view", async () => {
    const page = await openWaitingPlan(width, height);
    await page.getByRole('button', { name: 'Edit plan' }).click();
    const editor = page.getByRole('form', { name: 'Edit the plan' });
    await editor.getByRole('textbox', { name: 'Task 1', exact: true }).waitFor();
    expect(await editor.getByRole('textbox').count()).toBe(PLAN.length);
    // A task's field is a textbox, whether an <input> or a growing <textarea>.
    const controls: [string, Locator][] = [
      ...PLAN.map((_, index): [string, Locator] => {
        const name = `Task ${index + 1}`;
        return [name, editor.getByRole('textbox', { name, exact: true })];
      }),
      ...['Add task', 'Approve', 'Cancel'].map((name): [string, Locator] => [
        name,
        editor.getByRole('button', { name, exact: true }),
      ]),
    ];
    for (const [name, control] of controls) expect(await isWhollyVisible(control), name).toBe(true);
  });
});

describe('the demo at 390×844', () => {
  it("shows a waiting plan's buttons whole without any scrolling: the plan panel grows to hold them", async () => {
    const page = await openWaitingPlan(390, 844);
    const panel = page.getByRole('complementary', { name: 'Agent plan' });
    const panelBottom = await panel.evaluate((element) => element.getBoundingClientRect().bottom);
    for (const name of ['Approve', 'Request changes', 'Edit plan']) {
      const box = (await page.getByRole('button', { name, exact: true }).boundingBox())!;
      expect(box.y + box.height, name).toBeLessThanOrEqual(panelBottom);
    }
    expect(await page.locator('.plan__body').evaluate((body) => body.scrollHeight <= body.clientHeight)).toBe(true);
  });
});

/** The boxes between `locator` and the page that scroll their content (overflow not visible, more content than room). */
function scrollBoxesAround(locator: Locator): Promise<string[]> {
  return locator.evaluate((element) => {
    const boxes: string[] = [];
    for (
      let ancestor = element.parentElement;
      ancestor && ancestor !== document.body;
      ancestor = ancestor.parentElement
    ) {
      const { overflowY } = getComputedStyle(ancestor);
      if (overflowY !== 'visible' && ancestor.scrollHeight > ancestor.clientHeight + 1) boxes.push(ancestor.className);
    }
    return boxes;
  });
}

describe.each([
  { width: 320, height: 640, theme: 'light' },
  { width: 320, height: 640, theme: 'dark' },
  { width: 390, height: 844, theme: 'light' },
  { width: 390, height: 844, theme: 'dark' },
])('editing a plan at $width×$height, $theme', ({ width, height, theme }) => {
  it("scrolls the page to the editor's Approve, with no box scrolling inside it, and the chat keeps its height", async () => {
    const page = await openWaitingPlan(width, height, theme);
    await page.getByRole('button', { name: 'Edit plan' }).click();
    const editor = page.getByRole('form', { name: 'Edit the plan' });
    const approve = editor.getByRole('button', { name: 'Approve', exact: true });
    await approve.waitFor();
    expect(await scrollBoxesAround(approve)).toEqual([]);
    expect(await scrollBoxesAround(page.locator('.message').last())).toEqual([]);
    expect(await page.evaluate(() => document.scrollingElement!.scrollHeight > window.innerHeight)).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await isWhollyVisible(approve)).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const chat = await page.getByRole('region', { name: 'Conversation' }).boundingBox();
    expect(chat!.height).toBeGreaterThanOrEqual(128);
  });
});

describe.each([
  { width: 320, theme: 'light' },
  { width: 320, theme: 'dark' },
  { width: 390, theme: 'light' },
  { width: 390, theme: 'dark' },
])('a suggestion at $width px, $theme', ({ width, theme }) => {
  it('sends itself and leaves what the person typed in the box', async () => {
    const page = await demo.open(`scenario=plan&speed=1000&theme=${theme}`, { width, height: 844 });
    const box = page.getByRole('textbox', { name: 'Message the agent' });
    await box.fill('Keep these words');
    const suggestion = page.getByRole('group', { name: 'Try a request' }).getByRole('button').first();
    const request = (await suggestion.textContent())!;
    expect(await isWhollyVisible(suggestion)).toBe(true);
    await suggestion.click();
    await expect.poll(() => page.locator('.message[data-role="user"]').allTextContents()).toEqual([`You${request}`]);
    expect(await box.inputValue()).toBe('Keep these words');
  });

  it("sends the scenario's own prompt away with it when nothing was typed", async () => {
    const page = await demo.open(`scenario=plan&speed=1000&theme=${theme}`, { width, height: 844 });
    await page.getByRole('group', { name: 'Try a request' }).getByRole('button').first().click();
    await page.locator('.message[data-role="user"]').waitFor();
    expect(await page.getByRole('textbox', { name: 'Message the agent' }).inputValue()).toBe('');
  });
});
