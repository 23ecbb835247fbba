/**
 * What the end-to-end tests read of the example's page: the plan panel's rows (live, in the server's
 * HTML with its streamed segments in place, sampled on every change), the error line, and the chat's
 * input and Send button.
 */
import type { Page } from 'playwright-core';
import type { Row } from './chat-store.js';

export type { Row };

/** A state of the plan panel. */
export interface Checklist {
  rows: Row[];
  phase: string | null;
}

/** The plan panel's rows on a live page, dropped tasks left out. */
export function pageRows(page: Page): Promise<Row[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('[aria-label="Plan"] li[data-status]:not([data-change="removed"])')].map((item) => ({
      content: (item.querySelector('[data-todo-content]') ?? item).textContent?.trim() ?? '',
      status: item.getAttribute('data-status') ?? '',
    })),
  );
}

/** Every row of the plan panel and its list's phase. */
export function readChecklist(page: Page): Promise<Checklist> {
  return page.evaluate(() => {
    const root = document.querySelector('[aria-label="Plan"]');
    const rows = [...(root?.querySelectorAll('li[data-status]') ?? [])].map((item) => ({
      content: (item.querySelector('[data-todo-content]') ?? item).textContent?.trim() ?? '',
      status: item.getAttribute('data-status') ?? '',
    }));
    return { rows, phase: root?.querySelector('[data-phase]')?.getAttribute('data-phase') ?? null };
  });
}

/** The phase of the plan panel's list. */
export const planPhase = (page: Page): Promise<string | null> =>
  page.locator('[aria-label="Plan"] [data-todo-list]').getAttribute('data-phase');

/** The page's error line (`role="alert"`), or `null` when none shows. */
export function shownAlert(page: Page): Promise<string | null> {
  return page
    .locator('.chat p[role="alert"]')
    .textContent({ timeout: 100 })
    .catch(() => null);
}

/**
 * The plan panel's rows in the server's HTML, as React's streaming puts it together (no script of
 * the app ran, nothing hydrated): see {@link assembleSegments}.
 */
export function rowsFromHtml(html: string): Row[] {
  const assembled = assembleSegments(html);
  const start = assembled.indexOf('aria-label="Plan"');
  if (start === -1) return [];
  const panel = assembled.slice(start, assembled.indexOf('</aside>', start));
  return [...panel.matchAll(/<li\b[^>]*\bdata-status="([^"]*)"[^>]*>([\s\S]*?)<\/li>/g)].map((match) => {
    const body = match[2] ?? '';
    const content = /data-todo-content[^>]*>([\s\S]*?)<\/span>/.exec(body)?.[1] ?? body;
    return {
      content: decodeHtml(content.replace(/<!--[\s\S]*?-->/g, '').replace(/<[^>]+>/g, '')).trim(),
      status: match[1] ?? '',
    };
  });
}

/**
 * Server HTML with every streamed segment put in its place. A part of a Suspense boundary that React
 * could not render yet when it wrote the boundary (here: a prop of the chat the RSC stream sent in a
 * later row) is written as a hole, `<template id="P:n"></template>`, and sent later in the same
 * response as `<div hidden id="S:n">…</div>` with `$RS("S:n","P:n")`, which moves it into the hole
 * before `$RC` shows the boundary. Whether a part comes inline or as a segment depends on timing, so
 * a reader of the HTML must do what `$RS` does.
 */
export function assembleSegments(html: string): string {
  const moves = new Map([...html.matchAll(/\$RS\("([^"]+)","([^"]+)"\)/g)].map((match) => [match[2]!, match[1]!]));
  const fill = (markup: string, depth: number): string =>
    depth > 50
      ? markup
      : markup.replace(/<template id="([^"]+)"><\/template>/g, (hole, id: string) => {
          const segment = segmentMarkup(html, moves.get(id));
          return segment === undefined ? hole : fill(segment, depth + 1);
        });
  return fill(html, 0);
}

/** The markup inside `<div hidden id="<id>">…</div>` (its own `</div>`, nested divs counted). */
function segmentMarkup(html: string, id: string | undefined): string | undefined {
  if (id === undefined) return undefined;
  const open = `<div hidden id="${id}">`;
  const start = html.indexOf(open);
  if (start === -1) return undefined;
  const tags = /<div\b|<\/div>/g;
  tags.lastIndex = start + open.length;
  let depth = 1;
  for (let tag = tags.exec(html); tag !== null; tag = tags.exec(html)) {
    depth += tag[0] === '</div>' ? -1 : 1;
    if (depth === 0) return html.slice(start + open.length, tag.index);
  }
  return undefined;
}

function decodeHtml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** Opens `url` and waits until the chat is ready: Send shown, the network idle. */
export async function openChat(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('button', { name: 'Send' }).waitFor();
  await page.waitForLoadState('networkidle');
}

/** Types `text` and sends it (does not wait for the answer). */
export async function send(page: Page, text: string): Promise<void> {
  await page.getByLabel('Message').fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
}

/** Sends a message and waits until the answer has ended: an assistant message is there and Send is back. */
export async function sendAndWait(page: Page, text: string): Promise<void> {
  const messagesBefore = await page.locator('.chat-message').count();
  await send(page, text);
  await page.waitForFunction(
    (count) =>
      document.querySelectorAll('.chat-message').length >= count + 2 &&
      document.querySelector('.chat-form button[type="submit"]') !== null,
    messagesBefore,
    { timeout: 120_000 },
  );
}

/** Stops the answer running on the page once its first chunk shows, and waits for Send. */
export async function stopAnswer(page: Page): Promise<void> {
  await page.locator('.chat-message[data-role="assistant"]').last().waitFor({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Stop' }).click({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Send' }).waitFor({ timeout: 60_000 });
}

/** The chat id of the page, once a new chat has moved to /chat/[id]. */
export async function chatIdOf(page: Page): Promise<string> {
  await page.waitForURL(/\/chat\/[A-Za-z0-9_-]+$/, { timeout: 20_000 });
  return page.url().split('/').at(-1)!;
}

/**
 * Runs in the page before its scripts: reports the plan panel's rows at every animation frame where they changed, and
 * whether the panel is on screen (a streamed segment is parsed into a hidden holder before it is shown).
 */
export function sampleChecklist(): void {
  const target = window as unknown as {
    onChecklistSample?: (sample: { rows: unknown[]; load: number; visible: boolean }) => void;
  };
  const load = performance.timeOrigin;
  let last = '';
  const tick = (): void => {
    const root = document.querySelector('[aria-label="Plan"]');
    if (root !== null) {
      const rows = [...root.querySelectorAll('li[data-status]:not([data-change="removed"])')].map((item) => ({
        content: (item.querySelector('[data-todo-content]') ?? item).textContent?.trim() ?? '',
        status: item.getAttribute('data-status') ?? '',
      }));
      const visible = root.checkVisibility();
      const key = JSON.stringify([visible, rows]);
      if (key !== last) {
        last = key;
        target.onChecklistSample?.({ rows, load, visible });
      }
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/** How often a task in progress was seen spinning, per kind of list, over the DOM changes sampled. */
export interface MotionSamples {
  livePlan: number;
  liveInline: number;
  stale: number;
  samples: number;
}

/** Records, in the page, every state of the plan panel and what spins on each DOM change; read with {@link takeRecording}. */
export async function recordChecklist(page: Page): Promise<void> {
  await page.evaluate(() => {
    const samples: { rows: { content: string; status: string }[]; phase: string | null }[] = [];
    const motion = { livePlan: 0, liveInline: 0, stale: 0, samples: 0 };
    Object.assign(window, { checklistSamples: samples, motionSamples: motion });
    const root = document.querySelector('[aria-label="Plan"]');
    if (root === null) throw new Error('no plan panel');
    const sample = (): void => {
      const rows = [...root.querySelectorAll('li[data-status]')].map((item) => ({
        content: (item.querySelector('[data-todo-content]') ?? item).textContent?.trim() ?? '',
        status: item.getAttribute('data-status') ?? '',
      }));
      const phase = root.querySelector('[data-phase]')?.getAttribute('data-phase') ?? null;
      const last = samples.at(-1);
      if (last === undefined || JSON.stringify(last) !== JSON.stringify({ rows, phase })) samples.push({ rows, phase });
    };
    sample();
    new MutationObserver(sample).observe(root, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
    // What spins: the task in progress of a live list (plan or inline), and anything in a list that is not live.
    const running = (element: Element | null): boolean =>
      element?.getAnimations().some((animation) => animation.playState === 'running') === true;
    new MutationObserver(() => {
      motion.samples += 1;
      for (const list of document.querySelectorAll('[data-todo-list]')) {
        const icon = list.querySelector('[data-status="in_progress"] [data-todo-icon]');
        if (!list.hasAttribute('data-live')) {
          if (running(icon)) motion.stale += 1;
        } else if (running(icon)) {
          if (root.contains(list)) motion.livePlan += 1;
          else motion.liveInline += 1;
        }
      }
    }).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-live', 'data-status'],
    });
  });
}

/** What {@link recordChecklist} saw since it began. */
export function takeRecording(page: Page): Promise<{ samples: Checklist[]; motion: MotionSamples }> {
  return page.evaluate(() => {
    const recorded = window as unknown as { checklistSamples: Checklist[]; motionSamples: MotionSamples };
    return { samples: recorded.checklistSamples, motion: recorded.motionSamples };
  });
}
