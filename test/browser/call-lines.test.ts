/**
 * Each plan call's line in the demo's transcript, in headless Chromium at 320 and 390 px wide, light and dark:
 * changes the person asked for read as their answer (not in the error's red), a refused call's line shows its
 * reason whole, and the line of a plan the person edited says so.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { demoInChromium } from '../support/demo-browser.js';
import { isWhollyVisible } from '../support/whole-visibility.js';

const demo = demoInChromium();
const REASON = 'Also update the user documentation';

/** The demo at a phone's width, "Review plans" on, once its plan waits for review. */
async function waitingPlan(width: number, theme: string): Promise<Page> {
  const page = await demo.open(`scenario=plan&speed=1000&review=1&theme=${theme}`, { width, height: 844 });
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByRole('group', { name: 'Review the plan' }).waitFor({ timeout: 60_000 });
  return page;
}

/** The text colour of an element, and of `var(--demo-danger)` on the same page. */
function colours(line: Locator): Promise<{ text: string; danger: string }> {
  return line.evaluate((element) => {
    const probe = document.createElement('span');
    probe.style.color = 'var(--demo-danger)';
    document.body.append(probe);
    const danger = getComputedStyle(probe).color;
    probe.remove();
    return { text: getComputedStyle(element).color, danger };
  });
}

/** Waits until the agent is done: the transcript stops growing. */
function untilIdle(page: Page): Promise<unknown> {
  return page.waitForFunction(
    () => document.querySelector<HTMLElement>('.workspace')?.dataset.status === 'ready',
    undefined,
    {
      timeout: 60_000,
    },
  );
}

describe.each([
  { width: 320, theme: 'light' },
  { width: 320, theme: 'dark' },
  { width: 390, theme: 'light' },
  { width: 390, theme: 'dark' },
])('the demo at $width px, $theme', ({ width, theme }) => {
  it('draws changes the person asked for as their answer, not in the red of an error', async () => {
    const page = await waitingPlan(width, theme);
    await page.getByRole('button', { name: 'Request changes' }).click();
    await page.getByRole('textbox', { name: 'What should change?' }).fill(REASON);
    await page.keyboard.press('Enter');
    const line = page.locator('.tool-line', { has: page.locator('[data-rejection="denied"]') });
    await line.waitFor({ timeout: 60_000 });
    await untilIdle(page);
    expect(await line.textContent()).toContain(`Changes requested: ${REASON}`);
    const { text, danger } = await colours(line);
    expect(text).not.toBe(danger);
    expect(await isWhollyVisible(line)).toBe(true);
  });

  it("shows a refused call's reason whole in its line", async () => {
    const page = await demo.open(`scenario=rejected&speed=1000&theme=${theme}`, { width, height: 844 });
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const summary = page.locator('[data-todo-call-summary][data-rejection="error"]');
    await summary.waitFor({ timeout: 60_000 });
    await untilIdle(page);
    expect(await summary.textContent()).toMatch(/has status "done"; use pending, in_progress or completed\.$/);
    expect(await isWhollyVisible(summary)).toBe(true);
    expect(
      await summary.evaluate(
        (element) => element.scrollWidth <= element.clientWidth && element.scrollHeight <= element.clientHeight,
      ),
    ).toBe(true);
    const { text, danger } = await colours(summary);
    expect(text).toBe(danger);
  });

  it('says a plan the person edited was edited by them', async () => {
    const page = await waitingPlan(width, theme);
    await page.getByRole('button', { name: 'Edit plan' }).click();
    const editor = page.getByRole('form', { name: 'Edit the plan' });
    await editor.getByRole('textbox', { name: 'Task 1', exact: true }).fill('Read the login route first');
    await editor.getByRole('button', { name: 'Approve', exact: true }).click();
    const first = page.locator('[data-todo-call-summary]').first();
    await expect.poll(() => first.textContent(), { timeout: 60_000 }).toMatch(/^Planned \d+ tasks, edited by you$/);
    await untilIdle(page);
    expect(await isWhollyVisible(first)).toBe(true);
  });
});
