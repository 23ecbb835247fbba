/**
 * The stylesheet in the example's Tailwind v4 app, on a stored list (a task in progress, a
 * rejection notice): a utility on each slot wins over it, the theme follows the app's class under
 * either OS scheme (axe color-contrast passes in all four, also on the agent's Markdown and on a
 * new chat's empty plan) from the first paint, only a live list spins and nothing moves under
 * reduced motion, icons sit on the first line's centre from 12 to 24 px, and the inline headless
 * lists are styled by utilities alone.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMIT_PLAN, RENAME_COLUMN_PLAN } from '../../examples/next-chat/lib/scripted-plans.js';
import { launchChromium } from '../support/launch-chromium.js';
import { waitForIdle } from './support/chat-store.js';
import { ExampleServers, newChatId, userMessage } from './support/next-example.js';
import { openChat } from './support/page-probes.js';
import { postChat } from './support/sse-recorder.js';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** `--todo-success` of the stylesheet, light and dark (it is not mapped to the app: it must follow the class). */
const SUCCESS = { light: 'rgb(26, 127, 55)', dark: 'rgb(63, 185, 80)' } as const;
/** The slots of the plan panel's list, each with a property its utility sets (lib/todo-list-classes.ts). */
const SLOT_PROPERTIES = {
  root: ['[data-todo-list]', 'padding-top'],
  summary: ['[data-todo-summary]', 'font-size'],
  progress: ['progress', 'height'],
  list: ['[data-todo-items]', 'row-gap'],
  item: ['[data-todo-item]', 'column-gap'],
  icon: ['[data-todo-icon]', 'width'],
  content: ['[data-todo-content]', 'line-height'],
  toggle: ['[data-todo-toggle]', 'font-size'],
  notice: ['[data-todo-notice]', 'font-size'],
} as const;

const servers = new ExampleServers();
let browser: Browser;
let page: Page;
let chatUrl: string;
/** A stored chat whose agent wrote `code` in its Markdown (the plan scenario's first note). */
let markdownUrl: string;

beforeAll(async () => {
  const server = await servers.start('styles');
  // A stored chat whose last call was rejected: its list has a task in progress and a notice.
  const chatId = newChatId('styles');
  await postChat(server.baseUrl, { id: chatId, message: userMessage(RENAME_COLUMN_PLAN.prompt) });
  await waitForIdle(server.database, chatId);
  chatUrl = `${server.baseUrl}/chat/${chatId}`;
  const markdownChat = newChatId('markdown');
  await postChat(server.baseUrl, { id: markdownChat, message: userMessage(LOGIN_LIMIT_PLAN.prompt) });
  await waitForIdle(server.database, markdownChat);
  markdownUrl = `${server.baseUrl}/chat/${markdownChat}`;
  ({ browser } = await launchChromium());
  page = await browser.newPage();
  await openChat(page, chatUrl);
});

afterAll(async () => {
  await browser?.close();
  await servers.stopAll();
});

describe("the app's utilities", () => {
  /** Each slot's property with the app's classes, and on a copy of the same list without them (the stylesheet alone). */
  const slots = () =>
    page.evaluate((slots) => {
      const root = document.querySelector<HTMLElement>('[aria-label="Plan"] [data-todo-list]');
      if (root === null) throw new Error('no plan list');
      const bare = root.cloneNode(true) as HTMLElement;
      for (const element of [bare, ...bare.querySelectorAll('*')]) element.removeAttribute('class');
      root.after(bare);
      const rows = Object.entries(slots).map(([slot, [selector, property]]) => {
        const find = (list: HTMLElement): Element | null =>
          list.matches(selector) ? list : list.querySelector(selector);
        const styled = find(root);
        const plain = find(bare);
        return {
          slot,
          hasClass: (styled?.getAttribute('class') ?? '') !== '',
          withUtility: styled === null ? undefined : getComputedStyle(styled).getPropertyValue(property),
          stylesheetOnly: plain === null ? undefined : getComputedStyle(plain).getPropertyValue(property),
        };
      });
      bare.remove();
      return rows;
    }, SLOT_PROPERTIES);

  it('every slot but the toggle is rendered in the stored rejected list', async () => {
    const missing = (await slots()).filter((row) => row.withUtility === undefined).map((row) => row.slot);
    expect(missing.filter((slot) => slot !== 'toggle')).toEqual([]);
  });

  it.each(Object.entries(SLOT_PROPERTIES).filter(([slot]) => slot !== 'toggle'))(
    "the %s slot's utility wins over the stylesheet",
    async (slot, [, property]) => {
      const row = (await slots()).find((each) => each.slot === slot)!;
      expect(row.hasClass, `${slot} has the app's class`).toBe(true);
      expect(row.withUtility, `${property} with the utility vs the stylesheet alone`).not.toBe(row.stylesheetOnly);
    },
  );
});

describe('motion', () => {
  const read = () =>
    page.evaluate(() => {
      const plan = document.querySelector('[aria-label="Plan"] [data-todo-list]')!;
      const icon = plan.querySelector('[data-status="in_progress"] [data-todo-icon]');
      const running = (element: Element): number =>
        element.getAnimations({ subtree: true }).filter((animation) => animation.playState === 'running').length;
      return {
        inProgress: icon === null ? 0 : 1,
        spinning: icon === null ? 0 : running(icon),
        staleSpinning: [...document.querySelectorAll('[data-todo-list]:not([data-live])')].reduce(
          (sum, list) => sum + running(list),
          0,
        ),
        ringGap: icon === null ? '' : getComputedStyle(icon).borderRightColor,
      };
    });
  /** The plan list as if its call were live (`data-live`), under a reduced-motion setting. */
  const readAs = async (live: boolean, reducedMotion: 'reduce' | 'no-preference') => {
    await page.emulateMedia({ reducedMotion });
    await page.evaluate((live) => {
      document.querySelector('[aria-label="Plan"] [data-todo-list]')!.toggleAttribute('data-live', live);
    }, live);
    try {
      return await read();
    } finally {
      await page.evaluate(() =>
        document.querySelector('[aria-label="Plan"] [data-todo-list]')!.removeAttribute('data-live'),
      );
      await page.emulateMedia({ reducedMotion: 'no-preference' });
    }
  };

  it('the stored list has a task in progress', async () => expect((await read()).inProgress).toBe(1));

  it('no list of a finished call animates (nothing runs in any list without data-live)', async () => {
    expect(await readAs(false, 'no-preference')).toMatchObject({ spinning: 0, staleSpinning: 0 });
  });

  it('the same list with data-live spins its task in progress', async () => {
    expect((await readAs(true, 'no-preference')).spinning).toBeGreaterThan(0);
  });

  it('under prefers-reduced-motion nothing runs; the in-progress ring keeps its gap', async () => {
    expect(await readAs(true, 'reduce')).toMatchObject({ spinning: 0, ringGap: 'rgba(0, 0, 0, 0)' });
  });
});

it("icons sit on the first line's centre from 12 to 24 px, in the plan and inline", async () => {
  const offsets = await page.evaluate(() => {
    const root = document.querySelector<HTMLElement>('[aria-label="Plan"] [data-todo-list]')!;
    const lists = [root, ...document.querySelectorAll<HTMLElement>('[aria-label="Conversation"] [data-todo-list]')];
    const measured: { size: number; offset: number; where: string }[] = [];
    for (const size of [12, 13, 14, 15, 16, 18, 20, 22, 24]) {
      for (const list of lists) {
        const before = list.style.fontSize;
        list.style.fontSize = `${size}px`;
        for (const item of list.querySelectorAll('[data-todo-item]:not([hidden])')) {
          const icon = item.querySelector('[data-todo-icon]')!.getBoundingClientRect();
          const content = item.querySelector('[data-todo-content]')!;
          const lineHeight = Number.parseFloat(getComputedStyle(content).lineHeight);
          const offset = icon.top + icon.height / 2 - (content.getBoundingClientRect().top + lineHeight / 2);
          measured.push({
            size,
            offset,
            where: `${list === root ? 'plan' : 'inline'} ${item.getAttribute('data-status')}`,
          });
        }
        list.style.fontSize = before;
      }
    }
    return measured;
  });
  expect(offsets.length).toBeGreaterThan(0);
  expect(offsets.filter((each) => Math.abs(each.offset) > 0.5)).toEqual([]);
});

it('an inline headless list (unstyled + utilities): progress bar 6 px, no native look; round 16 px icons, glyph hidden', async () => {
  const inline = await page.evaluate(() => {
    const list = document.querySelector('[aria-label="Conversation"] [data-todo-list][data-unstyled]');
    if (list === null) return null;
    const progress = list.querySelector('progress')!;
    const icon = list.querySelector('[data-todo-icon]')!;
    return {
      progressHeight: getComputedStyle(progress).height,
      progressAppearance: getComputedStyle(progress).appearance,
      iconWidth: getComputedStyle(icon).width,
      iconRound: getComputedStyle(icon).borderTopLeftRadius !== '0px',
      iconColor: getComputedStyle(icon).color,
    };
  });
  expect(inline).toEqual({
    progressHeight: '6px',
    progressAppearance: 'none',
    iconWidth: '16px',
    iconRound: true,
    iconColor: 'rgba(0, 0, 0, 0)',
  });
});

/** One reduced-motion page for the four themes (closing a context can take the single-process Chromium down with it). */
let themed: Promise<Page> | undefined;
const themedPage = () =>
  (themed ??= (async () => {
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    const themedPage = await context.newPage();
    // The class at the first animation frame: before the first paint.
    await themedPage.addInitScript(() => {
      requestAnimationFrame(() => Object.assign(window, { firstFrameClass: document.documentElement.className }));
    });
    await themedPage.goto(chatUrl);
    return themedPage;
  })());

describe.each([
  ['light', 'light'],
  ['light', 'dark'],
  ['dark', 'light'],
  ['dark', 'dark'],
] as const)('OS %s, app %s', (os, app) => {
  let seen: {
    firstFrameClass: string;
    htmlClass: string;
    background: string;
    foreground: string;
    listColor: string;
    listScheme: string;
    successIcon: string;
    bodyBackground: string;
    violations: string[];
    /** A chat with the agent's Markdown: its code spans, and axe's color-contrast there. */
    codeSpans: number;
    markdownViolations: string[];
    /** A new chat: the sidebar's sentence before the first plan, and axe's color-contrast there. */
    emptyPlanText: string;
    emptyViolations: string[];
  };
  beforeAll(async () => {
    const themed = await themedPage();
    await themed.emulateMedia({ colorScheme: os, reducedMotion: 'reduce' });
    await themed.evaluate((theme) => window.localStorage.setItem('theme', theme), app);
    await openChat(themed, chatUrl);
    await themed.addScriptTag({ content: AXE_SOURCE });
    const contrastViolations = () =>
      themed.evaluate(async () => {
        const { axe } = window as unknown as {
          axe: {
            run: (
              context: Document,
              options: object,
            ) => Promise<{ violations: { nodes: { target: unknown; failureSummary?: string }[] }[] }>;
          };
        };
        const result = await axe.run(document, { runOnly: { type: 'rule', values: ['color-contrast'] } });
        return result.violations.flatMap((violation) =>
          violation.nodes.map((node) => `${JSON.stringify(node.target)} ${node.failureSummary ?? ''}`),
        );
      });
    const violations = await contrastViolations();
    const chat = await themed.evaluate(() => {
      const probe = document.createElement('div');
      probe.style.cssText = 'position:absolute;color:var(--foreground);background-color:var(--background)';
      document.body.append(probe);
      const { backgroundColor: background, color: foreground } = getComputedStyle(probe);
      probe.remove();
      const list = document.querySelector('[aria-label="Plan"] [data-todo-list]')!;
      const completedIcon = list.querySelector('[data-status="completed"] [data-todo-icon]');
      return {
        firstFrameClass: (window as unknown as { firstFrameClass?: string }).firstFrameClass ?? '',
        htmlClass: document.documentElement.className,
        background,
        foreground,
        listColor: getComputedStyle(list).color,
        listScheme: getComputedStyle(list).colorScheme,
        successIcon: completedIcon === null ? '' : getComputedStyle(completedIcon).backgroundColor,
        bodyBackground: getComputedStyle(document.body).backgroundColor,
      };
    });
    await openChat(themed, markdownUrl);
    await themed.addScriptTag({ content: AXE_SOURCE });
    const codeSpans = await themed.locator('.chat-message[data-role="assistant"] code').count();
    const markdownViolations = await contrastViolations();
    await openChat(themed, new URL('/', chatUrl).href);
    await themed.addScriptTag({ content: AXE_SOURCE });
    // biome-ignore lint/performance/useDomNodeTextContent: the text a person sees, not that of a hidden list
    const emptyPlanText = (await themed.locator('[aria-label="Plan"]').innerText()).trim();
    seen = {
      ...chat,
      violations,
      codeSpans,
      markdownViolations,
      emptyPlanText,
      emptyViolations: await contrastViolations(),
    };
  });

  it(`<html class="${app}"> from the first frame (no flash of the other theme)`, () => {
    expect(seen.firstFrameClass.split(' ')).toContain(app);
    expect(seen.htmlClass.split(' ')).toContain(app);
  });

  it("the list takes the app's palette (text, page, color-scheme)", () => {
    expect({ text: seen.listColor, page: seen.bodyBackground, scheme: seen.listScheme }).toEqual({
      text: seen.foreground,
      page: seen.background,
      scheme: app,
    });
  });

  it('--todo-success follows the app too (the completed icon)', () => expect(seen.successIcon).toBe(SUCCESS[app]));

  it('axe color-contrast passes', () => expect(seen.violations).toEqual([]));

  it("the agent's Markdown: its code spans pass axe color-contrast", () => {
    expect(seen.codeSpans).toBeGreaterThan(0);
    expect(seen.markdownViolations).toEqual([]);
  });

  it('a new chat: the sidebar says where the plan will show, and axe color-contrast passes', () => {
    expect(seen.emptyPlanText).toBe("The agent's plan shows here once it makes one.");
    expect(seen.emptyViolations).toEqual([]);
  });
});
