/**
 * Plan review in the demo, in headless Chromium, by keyboard only: turn "Review plans" on, send a
 * request, send the plan back with a reason, review the revision, approve it and watch it run to
 * the end. Also: nothing waits with the switch off, axe is clean in both themes while a plan waits,
 * and nothing moves under reduced motion.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { demoInChromium } from '../support/demo-browser.js';
import { checkAccessibility } from '../support/check-accessibility.js';
import { scenarios } from '../../demo/agent/scenarios.js';
import { planRequest } from '../../demo/agent/plan-request.js';

const REASON = 'Also update the user documentation';

declare global {
  interface Window {
    __phases: string[];
    __spunInReview: boolean;
    __acceptedLists: string[][];
  }
}

/**
 * Records every phase the checklist went through, consecutive repeats collapsed, whether a waiting plan
 * ever spun, and every accepted list it showed (its tasks' texts, removed rows left out).
 */
function recordPhases(): void {
  window.__phases = [];
  window.__spunInReview = false;
  window.__acceptedLists = [];
  let lastAccepted = '';
  new MutationObserver(() => {
    const root = document.querySelector<HTMLElement>('[data-todo-list]');
    const phase = root?.dataset.phase;
    if (phase !== undefined && window.__phases.at(-1) !== phase) window.__phases.push(phase);
    const icon = root?.querySelector('[data-status="in_progress"] [data-todo-icon]');
    if (phase === 'review' && icon && getComputedStyle(icon).animationName !== 'none') window.__spunInReview = true;
    if (phase === 'accepted' && root) {
      const rows = [...root.querySelectorAll<HTMLElement>('[data-todo-item]:not([data-change="removed"])')];
      const list = rows.map((row) => row.querySelector('[data-todo-content]')?.textContent ?? '');
      const key = JSON.stringify(rows.map((row, index) => [list[index], row.dataset.status]));
      if (key !== lastAccepted) {
        lastAccepted = key;
        window.__acceptedLists.push(list);
      }
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}

const demo = demoInChromium();
const openDemo = (query: string, motion = false): Promise<Page> => demo.open(query, { motion, init: recordPhases });

/** The focused element's role-ish description: tag and accessible text (`field` for a task's field, an input or a textarea). */
const focused = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element) return '';
    const labelled = (element as HTMLInputElement).labels?.[0]?.textContent;
    const kind = element.hasAttribute('data-todo-edit-field') ? 'field' : element.tagName.toLowerCase();
    return `${kind}:${(element.getAttribute('aria-label') ?? labelled ?? element.textContent ?? '').trim()}`;
  });

const focusIsOnList = (page: Page): Promise<boolean> =>
  page.evaluate(() => document.activeElement?.hasAttribute('data-todo-list') === true);

/** Presses Tab (from where focus is) until `target` is focused; fails after 60 presses. */
async function tabTo(page: Page, target: string): Promise<void> {
  for (let press = 0; press < 60; press++) {
    await page.keyboard.press('Tab');
    if ((await focused(page)) === target) return;
  }
  throw new Error(`Tab never reached ${target} (last: ${await focused(page)})`);
}

async function waitForPhase(page: Page, phase: string, itemCount?: number): Promise<void> {
  await page.waitForFunction(
    ({ phase, itemCount }) => {
      const root = document.querySelector<HTMLElement>('[data-todo-list]');
      const items = root?.querySelectorAll('[data-todo-item]:not([data-change="removed"])').length ?? 0;
      const idle = document.querySelector<HTMLElement>('.workspace')?.dataset.status === 'ready';
      return root?.dataset.phase === phase && idle && (itemCount === undefined || items === itemCount);
    },
    { phase, itemCount },
    { timeout: 60_000 },
  );
}

const rowTexts = (page: Page): Promise<string[]> =>
  page.locator('[data-todo-item]:not([data-change="removed"]) [data-todo-content]').allTextContents();

/** Turns "Review plans" on by keyboard, then sends the scenario's request with Enter. */
async function sendWithReview(page: Page): Promise<void> {
  const toggle = page.getByRole('switch', { name: 'Review plans' });
  expect(await toggle.isChecked()).toBe(false);
  await tabTo(page, 'input:Review plans');
  await page.keyboard.press('Space');
  expect(await toggle.isChecked()).toBe(true);
  await tabTo(page, 'textarea:Message the agent');
  await page.keyboard.press('Enter');
}

const PLAN = scenarios.plan.tasks.map((task) => task.content);

describe('plan review in the demo', () => {
  it('by keyboard only: the plan waits, goes back with a reason, the revision waits, and once approved runs to the end', async () => {
    const page = await openDemo('scenario=plan&speed=1000');
    await sendWithReview(page);

    await waitForPhase(page, 'review', PLAN.length);
    expect(await rowTexts(page)).toEqual(PLAN);
    await expect
      .poll(() => page.locator('[data-todo-list] [role="status"]').textContent())
      .toBe('The plan waits for your review.');
    await expect
      .poll(() => page.locator('[data-todo-call-summary]').last().textContent())
      .toBe('The plan waits for your review.');
    await page.getByRole('group', { name: 'Review the plan' }).waitFor();

    // Request changes: the field takes focus; Enter sends the reason.
    await tabTo(page, 'button:Request changes');
    await page.keyboard.press('Enter');
    expect(await focused(page)).toBe('input:What should change?');
    await page.keyboard.type(REASON);
    await page.keyboard.press('Enter');
    // The controls go away with the answer: focus stays on the plan.
    await expect.poll(() => focusIsOnList(page)).toBe(true);

    await waitForPhase(page, 'review', PLAN.length + 1);
    expect(await rowTexts(page)).toEqual([...PLAN, 'Update the user documentation']);
    await expect
      .poll(() => page.locator('[data-todo-call-summary]').allTextContents())
      .toEqual([`Changes requested: ${REASON}`, 'The plan waits for your review.']);

    await tabTo(page, 'button:Approve');
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      (total) =>
        document.querySelector('[data-todo-summary]')?.textContent?.includes(`${total} of ${total} completed`) ===
          true && document.querySelector<HTMLElement>('.workspace')?.dataset.status === 'ready',
      PLAN.length + 1,
      { timeout: 60_000 },
    );
    expect(await page.getByRole('group', { name: 'Review the plan' }).count()).toBe(0);
    expect(await focusIsOnList(page)).toBe(true);
    const phases = await page.evaluate(() => window.__phases);
    // Review twice (the plan, then its revision), then it ran: never review once it was approved.
    expect(phases.filter((phase) => phase === 'review')).toHaveLength(2);
    expect(phases.at(-1)).toBe('accepted');
  });

  it('Escape closes the reason field and focus goes back to "Request changes"', async () => {
    const page = await openDemo('scenario=plan&speed=1000');
    await sendWithReview(page);
    await waitForPhase(page, 'review', PLAN.length);
    await tabTo(page, 'button:Request changes');
    await page.keyboard.press('Enter');
    expect(await focused(page)).toBe('input:What should change?');
    await page.keyboard.type('never mind');
    await page.keyboard.press('Escape');
    expect(await page.getByRole('textbox', { name: 'What should change?' }).count()).toBe(0);
    expect(await focused(page)).toBe('button:Request changes');
    expect(await page.locator('[data-todo-list]').getAttribute('data-phase')).toBe('review');
  });

  it('with the switch off nothing waits', async () => {
    const page = await openDemo('scenario=plan&speed=1000');
    await tabTo(page, 'textarea:Message the agent');
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      () => document.querySelector('[data-todo-summary]')?.textContent?.includes('7 of 7 completed') === true,
      undefined,
      { timeout: 60_000 },
    );
    expect(await page.evaluate(() => window.__phases)).not.toContain('review');
  });

  it('has no axe violations while a plan waits, with the field open too, in light and dark; nothing moves under reduced motion', async () => {
    for (const theme of ['light', 'dark']) {
      const page = await openDemo(`scenario=plan&speed=1000&theme=${theme}&review=1`);
      expect(await page.getByRole('switch', { name: 'Review plans' }).isChecked()).toBe(true);
      await page.getByRole('button', { name: 'Send', exact: true }).press('Enter');
      await waitForPhase(page, 'review', PLAN.length);
      await checkAccessibility(page);
      await page.getByRole('button', { name: 'Request changes' }).press('Enter');
      await checkAccessibility(page);
      const motion = await page.evaluate(() =>
        [...document.querySelectorAll('[data-todo-review] *, [data-todo-item], [data-todo-icon], .switch')].map(
          (element) => {
            const style = getComputedStyle(element);
            return { animation: style.animationName, transition: style.transitionDuration };
          },
        ),
      );
      for (const style of motion) {
        expect(style.animation).toBe('none');
        expect(style.transition.split(',').every((duration) => Number.parseFloat(duration) === 0)).toBe(true);
      }
      await page.close();
    }
  });
});

describe('editing a waiting plan in the demo', () => {
  const ADDED = 'Agree on the limit with the team';
  const RENAMED = 'Read the login route first';
  const RENAMED_FIRST = 'Read how the settings page loads its theme';
  const CHANGELOG = 'Add a changelog entry';

  it('by keyboard only: rename task 1, remove task 2, add a task, move it to the top, approve; the agent works through exactly that list', async () => {
    const page = await openDemo('scenario=plan&speed=1000', true);
    await sendWithReview(page);
    await waitForPhase(page, 'review', PLAN.length);
    // A waiting plan has not started: its first task does not spin.
    expect(await page.evaluate(() => window.__spunInReview)).toBe(false);
    expect(
      await page
        .locator('[data-todo-list] [data-status="in_progress"] [data-todo-icon]')
        .first()
        .evaluate((icon) => getComputedStyle(icon).animationName),
    ).toBe('none');

    await tabTo(page, 'button:Edit plan');
    await page.keyboard.press('Enter');
    // The editor loads on this first press: focus stays on the button until it is there.
    await expect.poll(() => focused(page)).toBe('field:Task 1');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(RENAMED);
    await page.keyboard.press('Enter');
    expect(await focused(page)).toBe('field:Task 2');
    await tabTo(page, 'button:Remove task 2');
    await page.keyboard.press('Enter');
    expect(await focused(page)).toBe('field:Task 2');
    await tabTo(page, 'button:Add task');
    await page.keyboard.press('Enter');
    expect(await focused(page)).toBe(`field:Task ${PLAN.length}`);
    await page.keyboard.type(ADDED);
    await tabTo(page, `button:Move task ${PLAN.length} up`);
    for (let position = PLAN.length; position > 1; position--) {
      expect(await focused(page)).toBe(`button:Move task ${position} up`);
      await page.keyboard.press('Enter');
    }
    const edited = [ADDED, RENAMED, ...PLAN.slice(2)];
    expect(
      await page
        .getByRole('form', { name: 'Edit the plan' })
        .getByRole('textbox')
        .evaluateAll((fields) => fields.map((field) => (field as HTMLInputElement).value)),
    ).toEqual(edited);
    await tabTo(page, 'button:Approve');
    await page.keyboard.press('Enter');

    await page.waitForFunction(
      (total) =>
        document.querySelector('[data-todo-summary]')?.textContent?.includes(`${total} of ${total} completed`) ===
          true && document.querySelector<HTMLElement>('.workspace')?.dataset.status === 'ready',
      edited.length,
      { timeout: 60_000 },
    );
    expect(await rowTexts(page)).toEqual(edited);
    expect(await focusIsOnList(page)).toBe(true);
    // Every list after the edit holds every task the person kept, word for word, in their order.
    const lists = await page.evaluate(() => window.__acceptedLists);
    expect(lists.length).toBeGreaterThanOrEqual(edited.length);
    for (const list of lists) expect(list).toEqual(edited);
    // Every call after the edit changed something: one line per call, none of them "No changes".
    const summaries = await page.locator('[data-todo-call-summary]').allTextContents();
    expect(summaries.length).toBeGreaterThan(edited.length);
    expect(summaries.filter((summary) => /no changes/i.test(summary))).toEqual([]);
    // The agent said it works from the edit, and never planned anything else.
    await expect.poll(() => page.getByText('Working from your edited plan').count()).toBe(1);
    const phases = await page.evaluate(() => window.__phases);
    expect(phases.filter((phase) => phase === 'review')).toHaveLength(1);
    expect(phases.at(-1)).toBe('accepted');
  });

  it('an edit that keeps the task in progress first, on a plan that would reword and drop tasks: every task stays as the person wrote it', async () => {
    const page = await openDemo('scenario=plan&speed=1000&review=1');
    const request = 'Add a dark mode toggle to the settings page';
    await page.getByRole('group', { name: 'Try a request' }).getByRole('button', { name: request }).click();
    const proposed = planRequest(request).tasks.map((task) => task.content);
    await waitForPhase(page, 'review', proposed.length);
    await page.getByRole('button', { name: 'Edit plan' }).click();
    const editor = page.getByRole('form', { name: 'Edit the plan' });
    // Task 1 renamed (still first, still in progress), task 2 removed, a task added and moved up one place.
    await editor.getByRole('textbox', { name: 'Task 1', exact: true }).fill(RENAMED_FIRST);
    await editor.getByRole('button', { name: 'Remove task 2' }).click();
    await editor.getByRole('button', { name: 'Add task' }).click();
    await editor.getByRole('textbox', { name: `Task ${proposed.length}`, exact: true }).fill(CHANGELOG);
    await editor.getByRole('button', { name: `Move task ${proposed.length} up` }).click();
    const edited = [RENAMED_FIRST, ...proposed.slice(2, -1), CHANGELOG, proposed.at(-1)!];
    // The plan's own script would reword the tests task and drop the docs task: both are the person's now.
    expect(edited).toEqual(
      expect.arrayContaining(['Write tests for the dark mode toggle', 'Document the dark mode toggle']),
    );
    await editor.getByRole('button', { name: 'Approve' }).click();

    // Run to the end, whatever the list became: every task completed, the agent idle.
    await page.waitForFunction(
      () =>
        /\b(\d+) of \1 completed/.test(document.querySelector('[data-todo-summary]')?.textContent ?? '') &&
        document.querySelector<HTMLElement>('.workspace')?.dataset.status === 'ready',
      undefined,
      { timeout: 60_000 },
    );
    const lists = await page.evaluate(() => window.__acceptedLists);
    expect(lists.length).toBeGreaterThanOrEqual(edited.length);
    for (const list of lists) expect(list).toEqual(edited);
    const summaries = await page.locator('[data-todo-call-summary]').allTextContents();
    expect(summaries.filter((summary) => /no changes/i.test(summary))).toEqual([]);
    await expect.poll(() => page.getByText('Working from your edited plan').count()).toBe(1);
    await expect.poll(() => page.getByText('Done: every task of your plan is finished.').count()).toBe(1);
  });

  it('an invalid edit cannot be sent: the problem shows next to the field, Approve is disabled; Escape restores the proposal', async () => {
    const page = await openDemo('scenario=plan&speed=1000');
    await sendWithReview(page);
    await waitForPhase(page, 'review', PLAN.length);
    await tabTo(page, 'button:Edit plan');
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('field:Task 1');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Backspace');
    const field = page.getByRole('textbox', { name: 'Task 1', exact: true });
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('[data-todo-edit-problem]').allTextContents()).toEqual(['Write the task, or remove it.']);
    const approve = page.getByRole('form', { name: 'Edit the plan' }).getByRole('button', { name: 'Approve' });
    expect(await approve.isDisabled()).toBe(true);
    // Enter walks the fields; from the last one it cannot reach a disabled Approve.
    for (let task = 1; task <= PLAN.length; task++) await page.keyboard.press('Enter');
    expect(await page.locator('[data-todo-list]').getAttribute('data-phase')).toBe('review');
    await page.keyboard.press('Escape');
    expect(await focused(page)).toBe('button:Edit plan');
    expect(await page.getByRole('form', { name: 'Edit the plan' }).count()).toBe(0);
    await page.keyboard.press('Enter');
    expect(await field.inputValue()).toBe(PLAN[0]);
  });

  it('has no axe violations with the editor open and a problem shown, in light and dark', async () => {
    for (const theme of ['light', 'dark']) {
      const page = await openDemo(`scenario=plan&speed=1000&theme=${theme}&review=1`);
      await page.getByRole('button', { name: 'Send', exact: true }).press('Enter');
      await waitForPhase(page, 'review', PLAN.length);
      await page.getByRole('button', { name: 'Edit plan' }).press('Enter');
      await checkAccessibility(page);
      await page.getByRole('button', { name: 'Add task' }).press('Enter');
      expect(await page.locator('[data-todo-edit-problem]').count()).toBe(1);
      await checkAccessibility(page);
      await page.close();
    }
  });
});
