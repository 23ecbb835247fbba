/**
 * The demo on Claude Code's task tools, in Chromium: a row shows its id ("#3"), waits "blocked by #2" until #2 is
 * done, then is claimed by its owner and finished; "Review plans" stays in sight, disabled, with the reason. Axe-clean
 * with a blocked row and an owner on screen, in light and dark; on a 390px phone the blocked row's id, text and
 * "blocked by" each come wholly into view.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { toActiveForm } from '../../demo/agent/active-form.js';
import { scenarios } from '../../demo/agent/scenarios.js';
import { checkAccessibility } from '../support/check-accessibility.js';
import { demoInChromium } from '../support/demo-browser.js';
import { isWhollyVisible } from '../support/whole-visibility.js';

const TASKS = scenarios.plan.tasks.map((task) => task.content);
const REVIEW_HINT = 'Claude Code writes its plan without asking: review works with todo_write.';

/** Row #3 as the pinned plan showed it, each distinct state in order. */
interface ThirdRow {
  status: string;
  text: string;
  owner: string;
  blockedBy: string;
}

declare global {
  interface Window {
    __third: ThirdRow[];
  }
}

function recordThirdRow(): void {
  window.__third = [];
  let last = '';
  new MutationObserver(() => {
    const id = [...document.querySelectorAll('.plan [data-todo-id]')].find((each) => each.textContent?.trim() === '#3');
    const row = id?.closest<HTMLElement>('[data-todo-item]');
    if (!row || row.hasAttribute('data-streaming')) return;
    const state = {
      status: row.dataset.status ?? '',
      text: row.querySelector('[data-todo-content]')?.textContent ?? '',
      owner: row.querySelector('[data-todo-owner]')?.textContent?.trim() ?? '',
      blockedBy: row.querySelector('[data-todo-blocked-by]')?.textContent ?? '',
    };
    const key = JSON.stringify(state);
    if (key !== last) {
      last = key;
      window.__third.push(state);
    }
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
}

const demo = demoInChromium();
const open = (query: string, width?: number, height?: number): Promise<Page> =>
  demo.open(query, { width, height, init: recordThirdRow });

/** The pinned plan's row of task `id` ("3"). */
const rowOf = (page: Page, id: string): Locator =>
  page.locator('.plan [data-todo-item]').filter({ has: page.locator('[data-todo-id]', { hasText: `#${id}` }) });

/**
 * Sends the scenario's prompt and waits until #3 waits on #2 while #1 is under way; from then on the agent slows
 * down (the speed picker to 0.5×), so the blocked row stays while it is checked.
 */
async function sendUntilBlocked(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await rowOf(page, '3').and(page.locator('[data-status="blocked"]')).waitFor({ timeout: 60_000 });
  await page.getByRole('combobox', { name: 'Speed' }).selectOption('0.5');
  await rowOf(page, '1').and(page.locator('[data-status="in_progress"]')).waitFor({ timeout: 60_000 });
  expect(await rowOf(page, '3').getAttribute('data-status')).toBe('blocked');
}

/** A control's accessible description: the text of the elements its aria-describedby names. */
const descriptionOf = (control: Locator): Promise<string> =>
  control.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter((id) => id !== '')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );

describe.each(['light', 'dark'] as const)("the demo on Claude Code's task tools (%s)", (theme) => {
  it('shows #3 blocked by #2 until #2 is done, the owner who claimed each task, and no plan review', async () => {
    const page = await open(`scenario=plan&speed=4&tool=claude-code-tasks&theme=${theme}`);
    expect(await page.getByRole('combobox', { name: 'Plan tool' }).inputValue()).toBe('claude-code-tasks');
    const review = page.getByRole('switch', { name: 'Review plans' });
    expect(await review.isDisabled()).toBe(true);
    expect(await descriptionOf(review)).toBe(REVIEW_HINT);
    await sendUntilBlocked(page);

    const third = rowOf(page, '3');
    expect(await third.locator('[data-todo-id]').textContent()).toBe('#3');
    expect(await third.locator('[data-todo-content]').textContent()).toBe(TASKS[2]);
    expect(await third.locator('[data-todo-blocked-by]').textContent()).toBe('blocked by #2');
    const first = rowOf(page, '1');
    expect(await first.locator('[data-todo-owner]').textContent()).toBe('(main)');
    expect(await first.locator('[data-todo-content]').textContent()).toBe(toActiveForm(TASKS[0]!));
    await checkAccessibility(page);

    await page.getByRole('combobox', { name: 'Speed' }).selectOption('4');
    await page.waitForFunction(
      (count) =>
        document.querySelector<HTMLElement>('.workspace')?.dataset.status === 'ready' &&
        document.querySelectorAll('.plan [data-todo-item][data-status="completed"]').length === count,
      TASKS.length,
      { timeout: 60_000 },
    );
    expect(await page.getByRole('group', { name: 'Review the plan' }).count()).toBe(0);
    expect(await page.locator('.tool-line__name').last().textContent()).toBe('TaskList');
    expect(await page.locator('.plan [data-todo-owner]').allTextContents()).toEqual(Array(TASKS.length).fill('(main)'));

    // Row #3 waited on #2, was freed when #2 was done, then claimed, then finished.
    const seen = await page.evaluate(() => window.__third);
    const statuses = seen.map((row) => row.status).filter((status, at, all) => status !== all[at - 1]);
    expect(statuses).toEqual(['pending', 'blocked', 'pending', 'in_progress', 'completed']);
    for (const row of seen) expect(row.blockedBy).toBe(row.status === 'blocked' ? 'blocked by #2' : '');
    // An update shows once its input is whole: its status and its owner come together.
    expect(seen.filter((row) => row.status === 'pending' || row.status === 'blocked').map((row) => row.owner)).toEqual([
      '',
      '',
      '',
    ]);
    expect(seen.findLast((row) => row.status === 'in_progress')).toEqual({
      status: 'in_progress',
      text: toActiveForm(TASKS[2]!),
      owner: '(main)',
      blockedBy: '',
    });
    expect(await page.locator('[data-todo-list] [data-todo-blocked-by]').count()).toBe(0);
  });
});

describe("the demo on Claude Code's task tools at 390×844", () => {
  it("keeps the blocked row's id, text and blocked-by, and an owner, wholly in view", async () => {
    const page = await open('scenario=plan&speed=4&tool=claude-code-tasks&theme=light', 390, 844);
    await sendUntilBlocked(page);
    const third = rowOf(page, '3');
    for (const part of ['[data-todo-id]', '[data-todo-content]', '[data-todo-blocked-by]'])
      expect(await isWhollyVisible(third.locator(part)), part).toBe(true);
    expect(await isWhollyVisible(rowOf(page, '1').locator('[data-todo-owner]')), 'owner').toBe(true);
    // The text wraps beside "blocked by #2": neither overlaps the other, and both stay inside the row.
    const boxes = await third.evaluate((row) => {
      const box = (selector: string) => row.querySelector(selector)!.getBoundingClientRect();
      return {
        row: row.getBoundingClientRect(),
        content: box('[data-todo-content]'),
        blockedBy: box('[data-todo-blocked-by]'),
      };
    });
    expect(boxes.content.right).toBeLessThanOrEqual(boxes.blockedBy.left + 0.5);
    expect(boxes.blockedBy.right).toBeLessThanOrEqual(boxes.row.right + 0.5);
    console.log(
      `[tasks 390px] row #3 ${Math.round(boxes.row.width)}×${Math.round(boxes.row.height)} px; ` +
        `text ${Math.round(boxes.content.width)} px wide, ${Math.round(boxes.content.height)} px tall; ` +
        `"blocked by #2" ${Math.round(boxes.blockedBy.width)} px`,
    );
    await checkAccessibility(page);
  });
});
