/**
 * The demo on a phone, in headless Chromium at 320×640 and 390×844: with "Review plans" on, a waiting
 * plan's Approve, Request changes and Edit plan, and the editor's fields with its Add task, Approve and
 * Cancel, each come wholly into view when scrolled to: inside the viewport and inside every box that
 * scrolls or clips around it, never cut by the plan panel's edge.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { demoInChromium } from '../support/demo-browser.js';
import { isWhollyVisible } from '../support/whole-visibility.js';
import { scenarios } from '../../src/testing/scenarios.js';

const demo = demoInChromium();

const PLAN = scenarios.plan.tasks.map((task) => task.content);

/** The demo at a phone's size, "Review plans" on, its plan sent and waiting for review. */
async function openWaitingPlan(width: number, height: number): Promise<Page> {
  const opened = await demo.open('scenario=plan&speed=1000&review=1', { width, height });
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
