/**
 * The demo's research scenario in Chromium: while the subagent works, its own checklist shows under the research
 * call in the chat, live, and its polite status region says what each of its updates did; the pinned plan never
 * shows the subagent's tasks. Once the subagent answered, its list stays, finished and no longer live. Axe-clean with
 * the nested list, while it runs and after, in light and dark.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { scenarios } from '../../demo/agent/scenarios.js';
import { checkAccessibility } from '../support/check-accessibility.js';
import { demoInChromium } from '../support/demo-browser.js';

const scenario = scenarios.research;
const research = scenario.tasks[0]!.research!;
const MAIN_TASKS = scenario.tasks.map((task) => task.content);
const SUBAGENT_TASKS = research.plan.tasks.map((task) => task.content);

/** What the page showed, recorded on every DOM change. */
interface Seen {
  /** Every task text the pinned plan showed whole. */
  pinned: string[];
  /** Every distinct state of the research card: its title, whether its list was live, and its rows. */
  cards: { title: string; live: boolean; rows: string[] }[];
  /** Every distinct text of the nested list's status region, in order. */
  spoken: string[];
}

declare global {
  interface Window {
    __seen: Seen;
  }
}

function recordPage(): void {
  window.__seen = { pinned: [], cards: [], spoken: [] };
  let lastCard = '';
  new MutationObserver(() => {
    const seen = window.__seen;
    for (const content of document.querySelectorAll(
      '.plan [data-todo-item]:not([data-streaming]) [data-todo-content]',
    )) {
      const text = content.textContent ?? '';
      if (!seen.pinned.includes(text)) seen.pinned.push(text);
    }
    const card = document.querySelector('.research');
    const list = card?.querySelector<HTMLElement>('[data-todo-list]');
    if (!card || !list) return;
    const state = {
      title: card.querySelector('.research__title')?.textContent ?? '',
      live: list.hasAttribute('data-live'),
      rows: [...list.querySelectorAll<HTMLElement>('[data-todo-item]')].map(
        (item) => `${item.querySelector('[data-todo-content]')?.textContent} [${item.dataset.status}]`,
      ),
    };
    const key = JSON.stringify(state);
    if (key !== lastCard) {
      lastCard = key;
      seen.cards.push(state);
    }
    const spoken = list.querySelector('[role="status"]')?.textContent ?? '';
    if (spoken !== '' && seen.spoken.at(-1) !== spoken) seen.spoken.push(spoken);
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
}

const demo = demoInChromium();
const open = (query: string): Promise<Page> => demo.open(query, { init: recordPage });

const rowsOf = (tasks: readonly string[], status: string): string[] => tasks.map((task) => `${task} [${status}]`);

describe.each(['light', 'dark'] as const)('the research scenario (%s)', (theme) => {
  it("shows the subagent's plan under its call, live while it runs and finished after; the pinned plan never shows it", async () => {
    const page = await open(`scenario=research&speed=4&theme=${theme}`);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const card = page.locator('.research');
    const nested = card.locator('[data-todo-list]');
    // The subagent's second task in progress: its whole plan is written, and it has moved on once.
    await nested
      .locator('[data-todo-item][data-status="in_progress"]', { hasText: SUBAGENT_TASKS[1] })
      .waitFor({ timeout: 60_000 });
    // Slow while the nested list is checked in the middle of its run, then fast to the end.
    const speed = page.getByRole('combobox', { name: 'Speed' });
    await speed.selectOption('0.5');
    expect(await nested.getAttribute('data-live')).toBe('');
    expect(await card.locator('.research__title').textContent()).toBe(`Researching: ${research.question}`);
    expect(await nested.locator('[data-todo-content]').allTextContents()).toEqual(SUBAGENT_TASKS);
    expect(await page.locator('.plan [data-todo-content]').allTextContents()).toEqual(MAIN_TASKS);
    expect(await nested.getByRole('list').getAttribute('aria-label')).toBe('Research tasks');
    await checkAccessibility(page);

    await speed.selectOption('4');
    await page.waitForFunction(
      (count) =>
        document.querySelector<HTMLElement>('.workspace')?.dataset.status === 'ready' &&
        document.querySelectorAll('.plan [data-todo-item][data-status="completed"]').length === count,
      MAIN_TASKS.length,
      { timeout: 60_000 },
    );
    // After: the subagent's list stays under its call, finished and still; the main plan went on to the end.
    expect(await nested.getAttribute('data-live')).toBeNull();
    expect(await card.locator('.research__title').textContent()).toBe(`Researched: ${research.question}`);
    expect(await nested.locator('[data-todo-summary]').textContent()).toBe('3 of 3 completed');
    expect(await page.locator('.message__text').last().textContent()).toBe(scenario.summary);
    await checkAccessibility(page);

    const seen = await page.evaluate(() => window.__seen);
    // The pinned plan only ever showed the main agent's tasks.
    expect(seen.pinned).toEqual(MAIN_TASKS);
    // While live, the card said it was researching, and its rows were the subagent's, moving forward.
    const live = seen.cards.filter((state) => state.live);
    expect(live.every((state) => state.title.startsWith('Researching: '))).toBe(true);
    const liveRows = live.flatMap((state) => state.rows);
    for (const [at, task] of SUBAGENT_TASKS.entries()) {
      expect(liveRows).toContain(`${task} [in_progress]`);
      if (at < SUBAGENT_TASKS.length - 1) expect(liveRows).toContain(`${task} [completed]`);
    }
    expect(seen.cards.at(-1)).toEqual({
      title: `Researched: ${research.question}`,
      live: false,
      rows: rowsOf(SUBAGENT_TASKS, 'completed'),
    });
    // Its polite status region told each of the subagent's updates.
    const [first, second, third] = SUBAGENT_TASKS as [string, string, string];
    expect(seen.spoken).toEqual([
      `Planned 3 tasks. Now: ${first}. 0 of 3 completed.`,
      `Completed: ${first}. Now: ${second}. 1 of 3 completed.`,
      `Completed: ${second}. Now: ${third}. 2 of 3 completed.`,
      `Completed: ${third}. 3 of 3 completed.`,
    ]);
  });
});
