/**
 * The Next.js proof (`npm run test:next`): packs this package from a clean copy of its sources
 * (the tarball a release publishes), installs it into examples/next-chat, runs `next build` and `next start` on a free loopback port, and drives
 * a live chat in Chromium. It checks what a user of the package depends on:
 * - the live chat builds the checklist while it streams (intermediate states, never empty) and a
 *   turn that ends on a rejected call keeps the last accepted list;
 * - the stored conversation (/chat/[id]) holds the same list in its server-rendered HTML (the
 *   rejected last call not counted), and the stored todos table agrees; the chat goes on from there;
 * - no hydration warning in the browser console;
 * - the route's server bundle holds no React client code from `todo-write/react`;
 * - `'use client'` survives at the top of the built `./react` entry;
 * - `next build` passes with `cacheComponents` and `/chat/[id]` is prerendered as a shell with streamed content;
 * - the stylesheet in the Tailwind v4 app: a utility on each slot wins over it, the theme follows the app's
 *   class under either OS scheme (axe color-contrast passes in all four), the theme is set before the first
 *   paint, only the current call's list spins, nothing moves under reduced motion, icons sit on the first
 *   line's centre from 12 to 24 px;
 * - the code quoted in docs/nextjs.md and docs/styling.md is the example's code.
 * The server is always stopped (its whole process group). Runs on Node 24 (type stripping).
 *
 * Environment: CI=true forces `npm ci` in the example; SCRIPTED_MODEL_SPEED (default 4) sets the
 * scripted agent's pace; NEXT_TEST_KEEP=1 keeps the temporary database directory.
 * `--screenshots` (or NEXT_TEST_SCREENSHOTS=1) also saves docs/next-chat-light.png and docs/next-chat-dark.png.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Browser, Page } from 'playwright-core';
import type { launchChromium as LaunchChromium } from '../test/support/launch-chromium.js';
import type { scenarios as Scenarios } from '../demo/agent/scenarios.js';
import type * as PackModule from '../test/support/pack-package.js';
import type * as NextServerModule from './next-server.js';
import type { NextServer } from './next-server.js';

/** Loads a .ts module at run time (Node strips its types); the type-only imports above keep tsc checking it. */
const load = async <T>(path: string): Promise<T> => (await import(new URL(path, import.meta.url).href)) as T;
const { freePort, startNextServer, stopOnInterrupt, stopServer } =
  await load<typeof NextServerModule>('./next-server.ts');
const { launchChromium } = await load<{ launchChromium: typeof LaunchChromium }>('../test/support/launch-chromium.ts');
const { extractTarball, packPackage } = await load<typeof PackModule>('../test/support/pack-package.ts');

const ROOT = join(import.meta.dirname, '..');
const APP = join(ROOT, 'examples', 'next-chat');
const NEXT_BIN = join(APP, 'node_modules', 'next', 'dist', 'bin', 'next');
const SCRIPTED_MODEL_SPEED = process.env.SCRIPTED_MODEL_SPEED ?? '4';
/** The scripted "rejected" scenario (demo/agent/scenarios.ts): its turn ends on a rejected call; "continue" finishes it. */
const { scenarios } = await load<{ scenarios: typeof Scenarios }>('../demo/agent/scenarios.ts');
const REJECTED_PROMPT = scenarios.rejected.prompt;
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAKE_SCREENSHOTS = process.argv.includes('--screenshots') || process.env.NEXT_TEST_SCREENSHOTS === '1';

// ---------------------------------------------------------------------------------------------
// Reporting: timed steps and named checks, a plain "N passed, N failed" line at the end.

interface StepTiming {
  name: string;
  seconds: number;
}
const timings: StepTiming[] = [];
const checks: { name: string; ok: boolean; detail?: string }[] = [];
const startedAt = performance.now();

async function step<T>(name: string, run: () => Promise<T>): Promise<T> {
  const start = performance.now();
  console.log(`\n▶ ${name}`);
  try {
    return await run();
  } finally {
    const seconds = (performance.now() - start) / 1000;
    timings.push({ name, seconds });
    console.log(`  ${name}: ${seconds.toFixed(1)} s`);
  }
}

function check(name: string, ok: boolean, detail?: string): void {
  checks.push({ name, ok, ...(detail === undefined ? {} : { detail }) });
  console.log(`  ${ok ? '✓' : '✗'} ${name}${!ok && detail !== undefined ? `\n      ${detail}` : ''}`);
}

function report(): void {
  console.log('\nStep timings:');
  for (const { name, seconds } of timings) console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${name}`);
  console.log(`  ${((performance.now() - startedAt) / 1000).toFixed(1).padStart(6)} s  total`);
  const failed = checks.filter((entry) => !entry.ok);
  for (const entry of failed) console.log(`  FAILED: ${entry.name}${entry.detail ? ` (${entry.detail})` : ''}`);
  console.log(`\n${checks.length - failed.length} passed, ${failed.length} failed`);
}

// ---------------------------------------------------------------------------------------------
// Processes

interface RunOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
}

/** Runs a command to completion; its output is shown only when it fails. */
function run(command: string, args: readonly string[], options: RunOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) return resolve(output);
      reject(
        new Error(
          `${command} ${args.join(' ')} (in ${relative(ROOT, options.cwd) || '.'}) exited with ${code}:\n${tail(output, 80)}`,
        ),
      );
    });
  });
}

function tail(text: string, lines: number): string {
  return text.split('\n').slice(-lines).join('\n');
}

/** The running `next start`, from the moment it is spawned (stopped in `finally` even if it never answered). */
let serverChild: ChildProcess | undefined;

const startServer = async (env: NodeJS.ProcessEnv): Promise<NextServer> =>
  startNextServer({
    app: APP,
    nextBin: NEXT_BIN,
    port: await freePort(),
    env,
    onSpawn: (child) => {
      serverChild = child;
    },
  });

// ---------------------------------------------------------------------------------------------
// Reading the checklist

interface Row {
  content: string;
  status: string;
}

/** The rows of the checklist in the plan panel of a live page. */
async function readChecklist(page: Page): Promise<{ rows: Row[]; phase: string | null }> {
  return page.evaluate(() => {
    const root = document.querySelector('[aria-label="Plan"]');
    const rows = [...(root?.querySelectorAll('li[data-status]') ?? [])].map((item) => ({
      content: (item.querySelector('[data-todo-content]') ?? item).textContent?.trim() ?? '',
      status: item.getAttribute('data-status') ?? '',
    }));
    const phase = root?.querySelector('[data-phase]')?.getAttribute('data-phase') ?? null;
    return { rows, phase };
  });
}

/** The rows of the checklist in raw server HTML (no JavaScript ran). */
function readChecklistFromHtml(html: string): Row[] {
  const start = html.indexOf('aria-label="Plan"');
  const panel = html.slice(start, html.indexOf('</aside>', start));
  const rows: Row[] = [];
  const itemPattern = /<li\b([^>]*\bdata-status="([^"]*)"[^>]*)>([\s\S]*?)<\/li>/g;
  for (const match of panel.matchAll(itemPattern)) {
    const body = match[3] ?? '';
    const contentMatch = /data-todo-content[^>]*>([\s\S]*?)<\/span>/.exec(body);
    rows.push({ content: decodeHtml(stripTags(contentMatch?.[1] ?? body)).trim(), status: match[2] ?? '' });
  }
  return rows;
}

function stripTags(html: string): string {
  return html.replace(/<!--[\s\S]*?-->/g, '').replace(/<[^>]+>/g, '');
}

function decodeHtml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

function sameRows(left: readonly Row[], right: readonly Row[]): boolean {
  return JSON.stringify(left) === JSON.stringify(right);
}

function describeRows(rows: readonly Row[]): string {
  return JSON.stringify(rows.map((row) => `${row.status}: ${row.content}`));
}

/** Records every visible state of the plan panel (in the page, on every DOM mutation). */
async function recordChecklist(page: Page): Promise<void> {
  await page.evaluate(() => {
    const samples: { rows: { content: string; status: string }[]; phase: string | null }[] = [];
    (window as unknown as { checklistSamples: typeof samples }).checklistSamples = samples;
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
    const motion = { livePlan: 0, liveInline: 0, stale: 0, samples: 0 };
    (window as unknown as { motionSamples: typeof motion }).motionSamples = motion;
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

async function takeMotionSamples(
  page: Page,
): Promise<{ livePlan: number; liveInline: number; stale: number; samples: number }> {
  return page.evaluate(
    () =>
      (
        window as unknown as {
          motionSamples: { livePlan: number; liveInline: number; stale: number; samples: number };
        }
      ).motionSamples,
  );
}

async function takeSamples(page: Page): Promise<{ rows: Row[]; phase: string | null }[]> {
  return page.evaluate(
    () => (window as unknown as { checklistSamples: { rows: Row[]; phase: string | null }[] }).checklistSamples,
  );
}

const STATUSES = new Set(['pending', 'in_progress', 'completed']);

/** Sends a message and waits until the response has ended: an assistant message is there and Send is back. */
async function sendAndWait(page: Page, text: string): Promise<void> {
  const messagesBefore = await page.locator('.chat-message').count();
  await page.getByLabel('Message').fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
  await page.waitForFunction(
    (count) =>
      document.querySelectorAll('.chat-message').length >= count + 2 &&
      document.querySelector('.chat-form button[type="submit"]') !== null,
    messagesBefore,
    { timeout: 120_000 },
  );
}

/** What must hold in every recorded state of a live turn. */
function checkSamples(samples: readonly { rows: Row[]; phase: string | null }[]): void {
  const firstWithRows = samples.findIndex((sample) => sample.rows.length > 0);
  check(
    `the checklist never goes empty once it has rows (${samples.length} states recorded)`,
    firstWithRows !== -1 && samples.slice(firstWithRows).every((sample) => sample.rows.length > 0),
  );
  check(
    'no row ever shows an invalid status or an empty text',
    samples.every((sample) => sample.rows.every((row) => STATUSES.has(row.status) && row.content !== '')),
  );
}

/** The raw HTML of /chat/[id] (no JavaScript) and the SQLite store both hold `rows`. */
async function checkStoredConversation(
  chatUrl: string,
  chatId: string,
  rows: readonly Row[],
  userTurns: number,
  when: string,
): Promise<void> {
  const response = await fetch(chatUrl);
  const html = await response.text();
  const htmlRows = readChecklistFromHtml(html);
  check(
    `/chat/[id] HTML holds the list the live chat showed, ${when}`,
    response.ok && sameRows(htmlRows, rows),
    `html ${describeRows(htmlRows)}`,
  );
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
  const completed = rows.filter((row) => row.status === 'completed').length;
  check(
    `its <title> (from readTodos) says "${completed} of ${rows.length} done"`,
    title.startsWith(`${completed} of ${rows.length} done`),
    title,
  );
  const database = new DatabaseSync(serverEnv.CHAT_DB_PATH!, { readOnly: true });
  try {
    const stored = database.prepare('SELECT todos FROM todos WHERE chat_id = ?').get(chatId) as
      | { todos: string }
      | undefined;
    const storedRows =
      stored === undefined
        ? []
        : (JSON.parse(stored.todos) as Row[]).map(({ content, status }) => ({ content, status }));
    check(
      `the todos table (SQLite, kept with the conversation) holds the same list, ${when}`,
      sameRows(storedRows, rows),
      describeRows(storedRows),
    );
    const chat = database.prepare('SELECT messages FROM chats WHERE id = ?').get(chatId) as
      | { messages: string }
      | undefined;
    const storedTurns =
      chat === undefined
        ? 0
        : (JSON.parse(chat.messages) as { role: string }[]).filter((message) => message.role === 'user').length;
    check(
      `the stored conversation has ${userTurns} user turn(s), ${when}`,
      storedTurns === userTurns,
      `${storedTurns} user messages`,
    );
  } finally {
    database.close();
  }
}

/** The console messages that mean server and client HTML disagreed. */
const HYDRATION_PATTERN =
  /hydrat|did not match|server rendered html|react error #(418|423|425)|text content does not match/i;

/** The code blocks a doc quotes from the repository: `<!-- file: path -->` (whole file) or `<!-- excerpt: path -->`. */
function quotedBlocks(doc: string): { kind: string; path: string; code: string }[] {
  const text = readFileSync(join(ROOT, doc), 'utf8');
  return [...text.matchAll(/<!-- (file|excerpt): (\S+) -->\n```\w*\n([\s\S]*?)\n```/g)].map(([, kind, path, code]) => ({
    kind: kind!,
    path: path!,
    code: code!,
  }));
}

// ---------------------------------------------------------------------------------------------
// The stylesheet in a Tailwind v4 app

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

/**
 * Each slot's property with the app's classes, and on a copy of the same list without them (the stylesheet
 * alone): a utility wins when the values differ and the class is on the element.
 */
async function checkUtilitiesWin(page: Page): Promise<void> {
  const results = await page.evaluate((slots) => {
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
        property,
        present: styled !== null,
        hasClass: (styled?.getAttribute('class') ?? '') !== '',
        withUtility: styled === null ? '' : getComputedStyle(styled).getPropertyValue(property),
        stylesheetOnly: plain === null ? '' : getComputedStyle(plain).getPropertyValue(property),
      };
    });
    bare.remove();
    return rows;
  }, SLOT_PROPERTIES);
  for (const row of results) {
    if (!row.present) {
      console.log(`  (slot ${row.slot} is not rendered in this state)`);
      continue;
    }
    check(
      `the ${row.slot} slot's utility wins over the stylesheet (${row.property}: ${row.withUtility}, stylesheet alone ${row.stylesheetOnly})`,
      row.hasClass && row.withUtility !== row.stylesheetOnly,
    );
  }
  check(
    'every slot but the toggle is rendered in the stored rejected list',
    results.filter((row) => row.present).length >= Object.keys(SLOT_PROPERTIES).length - 1,
  );
}

/** The palette the app's globals.css gives `--background` and `--foreground`, read from a probe element. */
async function readPalette(page: Page): Promise<{
  htmlClass: string;
  background: string;
  foreground: string;
  listColor: string;
  listScheme: string;
  successIcon: string;
  bodyBackground: string;
}> {
  return page.evaluate(() => {
    const probe = document.createElement('div');
    probe.style.cssText = 'position:absolute;color:var(--foreground);background-color:var(--background)';
    document.body.append(probe);
    const background = getComputedStyle(probe).backgroundColor;
    const foreground = getComputedStyle(probe).color;
    probe.remove();
    const list = document.querySelector('[aria-label="Plan"] [data-todo-list]')!;
    const completedIcon = list.querySelector('[data-status="completed"] [data-todo-icon]');
    return {
      htmlClass: document.documentElement.className,
      background,
      foreground,
      listColor: getComputedStyle(list).color,
      listScheme: getComputedStyle(list).colorScheme,
      successIcon: completedIcon === null ? '' : getComputedStyle(completedIcon).backgroundColor,
      bodyBackground: getComputedStyle(document.body).backgroundColor,
    };
  });
}

/** `--todo-success` of the stylesheet, light and dark (it is not mapped to the app: it must follow the class). */
const SUCCESS = { light: 'rgb(26, 127, 55)', dark: 'rgb(63, 185, 80)' } as const;

/**
 * OS scheme × the app's theme class: the list takes the app's palette, and axe's color-contrast passes.
 * One context for all four (closing a context can take the single-process Chromium down with it).
 */
async function checkThemes(browser: Browser, chatUrl: string): Promise<void> {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  // The class at the first animation frame: before the first paint.
  await page.addInitScript(() => {
    requestAnimationFrame(() => {
      (window as unknown as { firstFrameClass: string }).firstFrameClass = document.documentElement.className;
    });
  });
  await page.goto(chatUrl);
  for (const os of ['light', 'dark'] as const) {
    for (const app of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: os, reducedMotion: 'reduce' });
      await page.evaluate((theme) => window.localStorage.setItem('theme', theme), app);
      await page.goto(chatUrl);
      await page.getByRole('button', { name: 'Send' }).waitFor();
      await page.waitForLoadState('networkidle');
      const firstFrameClass = await page.evaluate(
        () => (window as unknown as { firstFrameClass?: string }).firstFrameClass ?? '',
      );
      const palette = await readPalette(page);
      const when = `OS ${os}, app ${app}`;
      check(
        `${when}: <html class="${app}"> from the first frame (no flash of the other theme)`,
        firstFrameClass.split(' ').includes(app) && palette.htmlClass.split(' ').includes(app),
        `first frame "${firstFrameClass}", now "${palette.htmlClass}"`,
      );
      check(
        `${when}: the list takes the app's palette (text ${palette.listColor}, page ${palette.bodyBackground}, color-scheme ${palette.listScheme})`,
        palette.listColor === palette.foreground &&
          palette.bodyBackground === palette.background &&
          palette.listScheme === app,
        JSON.stringify(palette),
      );
      check(
        `${when}: --todo-success follows the app too (completed icon ${palette.successIcon})`,
        palette.successIcon === SUCCESS[app],
      );
      await page.addScriptTag({ content: AXE_SOURCE });
      const violations = await page.evaluate(async () => {
        const { axe } = window as unknown as {
          axe: {
            run: (
              context: Document,
              options: object,
            ) => Promise<{ violations: { id: string; nodes: { target: unknown; failureSummary?: string }[] }[] }>;
          };
        };
        const result = await axe.run(document, { runOnly: { type: 'rule', values: ['color-contrast'] } });
        return result.violations.flatMap((violation) =>
          violation.nodes.map((node) => `${JSON.stringify(node.target)} ${node.failureSummary ?? ''}`),
        );
      });
      check(`${when}: axe color-contrast passes`, violations.length === 0, violations.slice(0, 3).join(' | '));
    }
  }
}

/** A stored list does not spin; the same list with `data-live` does, and stops under reduced motion (marker kept). */
async function checkMotion(page: Page): Promise<void> {
  const read = (): Promise<{ spinning: number; staleSpinning: number; ringGap: string; inProgress: number }> =>
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
  const setLive = (live: boolean): Promise<void> =>
    page.evaluate((live) => {
      document.querySelector('[aria-label="Plan"] [data-todo-list]')!.toggleAttribute('data-live', live);
    }, live);

  await page.emulateMedia({ reducedMotion: 'no-preference' });
  const stored = await read();
  check('the stored list has a task in progress', stored.inProgress === 1);
  check(
    'no list of a finished call animates (stored page: nothing runs in any list without data-live)',
    stored.spinning === 0 && stored.staleSpinning === 0,
    JSON.stringify(stored),
  );
  await setLive(true);
  const live = await read();
  check('the same list with data-live spins its task in progress', live.spinning > 0, JSON.stringify(live));
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const reduced = await read();
  check(
    'under prefers-reduced-motion nothing runs; the in-progress ring keeps its gap',
    reduced.spinning === 0 && reduced.ringGap === 'rgba(0, 0, 0, 0)',
    JSON.stringify(reduced),
  );
  await setLive(false);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
}

/** Each row's icon centre against its first line's centre, the list's font size from 12 to 24 px. */
async function checkIconCentring(page: Page): Promise<void> {
  const offsets = await page.evaluate(() => {
    const root = document.querySelector<HTMLElement>('[aria-label="Plan"] [data-todo-list]')!;
    const lists = [root, ...document.querySelectorAll<HTMLElement>('[aria-label="Conversation"] [data-todo-list]')];
    const worst: { size: number; offset: number; where: string }[] = [];
    for (const size of [12, 13, 14, 15, 16, 18, 20, 22, 24]) {
      for (const list of lists) {
        const before = list.style.fontSize;
        list.style.fontSize = `${size}px`;
        for (const item of list.querySelectorAll('[data-todo-item]:not([hidden])')) {
          const icon = item.querySelector('[data-todo-icon]')!.getBoundingClientRect();
          const content = item.querySelector('[data-todo-content]')!;
          const lineHeight = Number.parseFloat(getComputedStyle(content).lineHeight);
          const offset = icon.top + icon.height / 2 - (content.getBoundingClientRect().top + lineHeight / 2);
          worst.push({
            size,
            offset,
            where: `${list === root ? 'plan' : 'inline'} ${item.getAttribute('data-status')}`,
          });
        }
        list.style.fontSize = before;
      }
    }
    return worst;
  });
  const worst = offsets.reduce((a, b) => (Math.abs(b.offset) > Math.abs(a.offset) ? b : a));
  check(
    `icons sit on the first line's centre at 12-24 px (${offsets.length} rows measured, worst ${worst.offset.toFixed(2)} px: ${worst.where} at ${worst.size} px)`,
    offsets.length > 0 && Math.abs(worst.offset) <= 0.5,
  );
}

/** The headless inline lists: the progress bar and icons styled by utilities alone. */
async function checkHeadlessLists(page: Page): Promise<void> {
  const inline = await page.evaluate(() => {
    const list = document.querySelector('[aria-label="Conversation"] [data-todo-list][data-unstyled]');
    if (list === null) return null;
    const progress = list.querySelector('progress')!;
    const icon = list.querySelector('[data-todo-icon]')!;
    return {
      progressHeight: getComputedStyle(progress).height,
      progressAppearance: getComputedStyle(progress).appearance,
      iconWidth: getComputedStyle(icon).width,
      iconRadius: getComputedStyle(icon).borderTopLeftRadius,
      iconColor: getComputedStyle(icon).color,
    };
  });
  check(
    'an inline headless list (unstyled + utilities): progress bar 6 px, no native look; round 16 px icons, glyph hidden',
    inline !== null &&
      inline.progressHeight === '6px' &&
      inline.progressAppearance === 'none' &&
      inline.iconWidth === '16px' &&
      inline.iconRadius !== '0px' &&
      inline.iconColor === 'rgba(0, 0, 0, 0)',
    JSON.stringify(inline),
  );
}

/** docs/next-chat-{light,dark}.png: the stored chat, finished, as a reader sees it. */
async function takeScreenshots(browser: Browser, chatUrl: string): Promise<void> {
  const context = await browser.newContext({
    reducedMotion: 'reduce',
    viewport: { width: 1200, height: 860 },
    deviceScaleFactor: 2,
  });
  const page = await context.newPage();
  await page.goto(chatUrl);
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    await page.evaluate((theme) => window.localStorage.setItem('theme', theme), theme);
    await page.goto(chatUrl);
    await page.getByRole('button', { name: 'Send' }).waitFor();
    await page.waitForLoadState('networkidle');
    const path = join(ROOT, 'docs', `next-chat-${theme}.png`);
    await page.screenshot({ path });
    console.log(`  saved ${relative(ROOT, path)}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Bundle checks

/** The route's server chunks: route.js plus every chunk it (transitively) loads. */
function routeServerFiles(routeDirectory: string): string[] {
  const serverDirectory = join(APP, '.next', 'server');
  const seen = new Set<string>();
  const queue = readdirSync(routeDirectory)
    .filter((name) => name.endsWith('.js'))
    .map((name) => join(routeDirectory, name));
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/["'](?:\.\.\/)*(?:server\/)?(chunks\/[^"']+\.js)["']/g)) {
      queue.push(join(serverDirectory, match[1]!));
    }
  }
  return [...seen];
}

/** The source modules bundled into `files`, from their source maps (paths relative to the repository). */
function bundledModules(files: readonly string[]): Set<string> {
  const modules = new Set<string>();
  for (const file of files) {
    if (!existsSync(`${file}.map`)) continue;
    const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as {
      sources?: string[];
      sections?: { map: { sources?: string[] } }[];
    };
    const sources = map.sources ?? (map.sections ?? []).flatMap((section) => section.map.sources ?? []);
    for (const source of sources) modules.add(relative(ROOT, join(dirname(file), decodeURIComponent(source))));
  }
  return modules;
}

/** String literals only the React entry has, distinctive enough to search a bundle for (data-todo-*, its labels). */
function reactOnlyMarkers(reactSource: string, indexSource: string): string[] {
  const literals = (source: string): Set<string> =>
    new Set([...source.matchAll(/(["'`])((?:(?!\1)[^\\\n]|\\.){6,80})\1/g)].map((match) => match[2]!));
  const inIndex = literals(indexSource);
  return [...literals(reactSource)].filter(
    (literal) => !inIndex.has(literal) && /^data-todo-|^Update (rejected|denied|interrupted)$/.test(literal),
  );
}

// ---------------------------------------------------------------------------------------------
// The run

const dataDirectory = mkdtempSync(join(tmpdir(), 'todo-write-next-'));
const serverEnv: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: 'production',
  NEXT_TELEMETRY_DISABLED: '1',
  CHAT_DB_PATH: join(dataDirectory, 'chats.db'),
  SCRIPTED_MODEL_SPEED,
  // The proof runs the scripted agent, whatever keys the machine has.
  OPENAI_API_KEY: '',
  ANTHROPIC_API_KEY: '',
};
let server: NextServer | undefined;
let exitCode = 0;

// The server runs in its own process group: an interrupted run must still stop it.
stopOnInterrupt(
  () => serverChild,
  () => rmSync(dataDirectory, { recursive: true, force: true }),
);

try {
  console.log(`Node ${process.version}; scripted model speed ×${SCRIPTED_MODEL_SPEED}`);
  if (Number(process.versions.node.split('.')[0]) < 24)
    throw new Error(`needs Node 24 (node:sqlite, type stripping), got ${process.version}`);

  await step('docs code = the example files', async () => {
    for (const [doc, required] of [
      ['docs/nextjs.md', ['app/api/chat/route.ts', 'app/chat.tsx', 'app/chat/[id]/page.tsx', 'app/layout.tsx']],
      ['docs/styling.md', ['app/globals.css', 'lib/todo-list-classes.ts']],
    ] as const) {
      const blocks = quotedBlocks(doc);
      for (const file of required) {
        check(
          `${doc} quotes examples/next-chat/${file}`,
          blocks.some((block) => block.path === `examples/next-chat/${file}`),
        );
      }
      for (const { kind, path, code } of blocks) {
        const source = existsSync(join(ROOT, path)) ? readFileSync(join(ROOT, path), 'utf8') : '';
        const ok = kind === 'file' ? source.trimEnd() === code : source.includes(code);
        check(`${doc}: its ${kind} of ${path} is verbatim`, ok, 'copy the lines again from the file');
      }
    }
  });

  // The tarball a release would publish: packed from a clean copy of the sources (prepack builds it).
  const tarball = await step('pack todo-write from a clean copy', async () => {
    const { tarball: file } = packPackage();
    console.log(`  packed ${relative(ROOT, file)}`);
    return file;
  });

  await step('install the example (npm ci + the fresh tarball)', async () => {
    const npmFlags = ['--no-audit', '--no-fund'];
    if (process.env.CI === 'true' || !existsSync(join(APP, 'node_modules'))) {
      await run('npm', ['ci', ...npmFlags], { cwd: APP });
      console.log('  npm ci: installed from package-lock.json');
    } else {
      console.log('  node_modules present (not CI): npm ci skipped');
    }
    rmSync(join(APP, 'node_modules', 'todo-write'), { recursive: true, force: true });
    await run('npm', ['install', '--no-save', ...npmFlags, tarball], { cwd: APP });
    const installed = join(APP, 'node_modules', 'todo-write', 'dist');
    check(
      "the example runs the packed package (installed dist/index.js = the tarball's)",
      readFileSync(join(installed, 'index.js'), 'utf8') ===
        readFileSync(join(extractTarball(tarball, join(dataDirectory, 'packed')), 'dist', 'index.js'), 'utf8'),
    );
    const reactEntry = readFileSync(join(installed, 'react.js'), 'utf8');
    const firstStatement = reactEntry.replace(/^(\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*/, '');
    check(
      "'use client' is the first statement of the built ./react entry (as installed)",
      /^(['"])use client\1/.test(firstStatement),
      firstStatement.slice(0, 80),
    );
  });

  await step('next build', async () => {
    const output = await run(process.execPath, [NEXT_BIN, 'build'], { cwd: APP, env: { ...serverEnv } });
    const shown = output.split('\n').filter((line) => /[├└┌⚠]|warn/i.test(line));
    if (shown.length > 0) console.log(shown.map((line) => `  ${line}`).join('\n'));
    check('next build runs with Cache Components (Next.js 16 default config)', /Cache Components enabled/.test(output));
    check(
      '/chat/[id] builds as a prerendered shell with streamed content (◐)',
      /◐ \/chat\/\[id\]/.test(output),
      shown.join(' / '),
    );
  });

  await step('check the server bundles', async () => {
    const routeFiles = routeServerFiles(join(APP, '.next', 'server', 'app', 'api', 'chat'));
    const pageFiles = routeServerFiles(join(APP, '.next', 'server', 'app', 'chat', '[id]'));
    const routeModules = bundledModules(routeFiles);
    const pageModules = bundledModules(pageFiles);
    const isReactEntry = (module: string): boolean =>
      /node_modules\/todo-write\/(dist\/react\.js|src\/react[./])/.test(module);
    const isPackage = (module: string): boolean => /node_modules\/todo-write\//.test(module);
    console.log(
      `  route: ${routeFiles.length} files, ${routeModules.size} modules; /chat/[id]: ${pageFiles.length} files, ${pageModules.size} modules`,
    );
    check('the route bundle holds todo-write (its server-safe entry)', [...routeModules].some(isPackage));
    const leakedModules = [...routeModules].filter(isReactEntry);
    check(
      'the route bundle holds no module of todo-write/react (source maps)',
      leakedModules.length === 0,
      leakedModules.join(', '),
    );
    check(
      'the same check finds todo-write/react in the /chat/[id] server bundle (it detects)',
      [...pageModules].some(isReactEntry),
    );
    const clientReferences = readFileSync(
      join(APP, '.next', 'server', 'app', 'chat', '[id]', 'page_client-reference-manifest.js'),
      'utf8',
    );
    check(
      "Next treats todo-write/react as a client boundary ('use client': in the /chat/[id] client reference manifest)",
      clientReferences.includes('node_modules/todo-write/dist/react.js'),
    );

    const distDirectory = join(APP, 'node_modules', 'todo-write', 'dist');
    const markers = reactOnlyMarkers(
      readFileSync(join(distDirectory, 'react.js'), 'utf8'),
      readFileSync(join(distDirectory, 'index.js'), 'utf8'),
    );
    const routeSource = routeFiles.map((file) => readFileSync(file, 'utf8')).join('\n');
    const pageSource = pageFiles.map((file) => readFileSync(file, 'utf8')).join('\n');
    const leakedMarkers = markers.filter((marker) => routeSource.includes(marker));
    check(
      `the route code holds none of todo-write/react's ${markers.length} markers (data-todo-*, labels)`,
      markers.length > 0 && leakedMarkers.length === 0,
      leakedMarkers.join(', '),
    );
    check(
      'the /chat/[id] server code holds them',
      markers.every((marker) => pageSource.includes(marker)),
    );

    // Turbopack's root is the repository (for ../../demo): nothing else may come from outside the app.
    // Next itself tries `@opentelemetry/api` first and falls back to its own copy when an app lacks it.
    const outside = [...routeModules, ...pageModules].filter(
      (module) =>
        !module.startsWith('examples/next-chat/') &&
        !module.startsWith('demo/agent/') &&
        !module.startsWith('node_modules/@opentelemetry/api/') &&
        !module.startsWith('['),
    );
    check(
      'every bundled module comes from the app, its node_modules or demo/agent',
      outside.length === 0,
      outside.slice(0, 5).join(', '),
    );

    const trace = join(APP, '.next', 'server', 'app', 'api', 'chat', 'route.js.nft.json');
    const traced = (JSON.parse(readFileSync(trace, 'utf8')) as { files: string[] }).files;
    const tracedReact = traced.filter((file) => /todo-write\/dist\/react\.js$|\/react-dom\//.test(file));
    check(
      'the route trace (route.js.nft.json) lists neither todo-write/dist/react.js nor react-dom',
      tracedReact.length === 0,
      tracedReact.join(', '),
    );
  });

  server = await step('next start', () => startServer(serverEnv));
  const { baseUrl } = server;
  console.log(`  listening on ${baseUrl}`);

  await step('live chat in Chromium', async () => {
    const { browser, source } = await launchChromium();
    console.log(`  Chromium: ${source}`);
    try {
      const page = await browser.newPage();
      const consoleMessages: string[] = [];
      page.on('console', (message) => consoleMessages.push(`${message.type()}: ${message.text()}`));
      page.on('pageerror', (error) => consoleMessages.push(`pageerror: ${error.message}`));

      // 1. A new chat on /: the plan streams in, then the agent's last todo_write call is rejected.
      await page.goto(`${baseUrl}/`);
      await page.getByRole('button', { name: 'Send' }).waitFor();
      await page.waitForLoadState('networkidle');
      const startWarnings = consoleMessages.filter((message) => HYDRATION_PATTERN.test(message));
      check('no hydration warning on / (a new chat)', startWarnings.length === 0, startWarnings.join(' | '));
      await recordChecklist(page);
      await sendAndWait(page, REJECTED_PROMPT);
      const samples = await takeSamples(page);
      const live = await readChecklist(page);
      const planSize = scenarios.rejected.tasks.length;
      check(
        `the plan streams in item by item (a streaming state with 1..${planSize - 1} rows)`,
        samples.some(
          (sample) => sample.phase === 'streaming' && sample.rows.length > 0 && sample.rows.length < planSize,
        ),
      );
      checkSamples(samples);
      const motion = await takeMotionSamples(page);
      check(
        `while the chat runs, the current call's task in progress spins, in the plan and inline (${motion.samples} DOM changes sampled)`,
        motion.livePlan > 0 && motion.liveInline > 0,
        JSON.stringify(motion),
      );
      check('no icon of an earlier, finished call ever spins', motion.stale === 0, JSON.stringify(motion));
      const lastAccepted = samples.filter((sample) => sample.phase === 'accepted').at(-1);
      check('the turn ends on a rejected call (phase "rejected")', live.phase === 'rejected', `phase ${live.phase}`);
      check(
        'the rejected call left the last accepted list on screen',
        lastAccepted !== undefined && live.rows.length === planSize && sameRows(live.rows, lastAccepted.rows),
        describeRows(live.rows),
      );
      const notice = await page.locator('[aria-label="Plan"] [data-todo-notice]').textContent();
      check(
        'the checklist says the update was rejected, with the reason',
        /^Update rejected[\s\S]{10,}/.test(notice ?? ''),
        notice ?? 'no notice',
      );
      await page.waitForURL(/\/chat\/[A-Za-z0-9_-]+$/, { timeout: 10_000 });
      const chatUrl = page.url();
      const chatId = chatUrl.split('/').at(-1)!;
      console.log(`  stored as ${new URL(chatUrl).pathname}`);

      // 2. The stored conversation, rendered on the server.
      await checkStoredConversation(chatUrl, chatId, live.rows, 1, 'after a rejected last call');
      consoleMessages.length = 0;
      await page.reload();
      await page.getByRole('button', { name: 'Send' }).waitFor();
      await page.waitForLoadState('networkidle');
      const reloaded = await readChecklist(page);
      check(
        'after the reload and hydration the page shows the same list, still "rejected"',
        sameRows(reloaded.rows, live.rows) && reloaded.phase === 'rejected',
        `${reloaded.phase} ${describeRows(reloaded.rows)}`,
      );
      const hydrationWarnings = consoleMessages.filter((message) => HYDRATION_PATTERN.test(message));
      check(
        'no hydration warning in the console after the reload',
        hydrationWarnings.length === 0,
        hydrationWarnings.join(' | '),
      );

      // The stylesheet in the Tailwind v4 app, on the stored list (a task in progress, a rejection notice).
      await checkUtilitiesWin(page);
      await checkMotion(page);
      await checkIconCentring(page);
      await checkHeadlessLists(page);
      await checkThemes(browser, chatUrl);

      // 3. The chat goes on from /chat/[id]: "continue" picks up the plan and finishes it.
      await recordChecklist(page);
      await sendAndWait(page, 'continue');
      const secondSamples = await takeSamples(page);
      const finished = await readChecklist(page);
      checkSamples(secondSamples);
      check(
        `the continued chat on /chat/[id] ends with all ${planSize} items completed`,
        finished.phase === 'accepted' &&
          finished.rows.length === planSize &&
          finished.rows.every((row) => row.status === 'completed'),
        `${finished.phase} ${describeRows(finished.rows)}`,
      );
      await checkStoredConversation(chatUrl, chatId, finished.rows, 2, 'after the chat went on');

      consoleMessages.length = 0;
      await page.reload();
      await page.getByRole('button', { name: 'Send' }).waitFor();
      await page.waitForLoadState('networkidle');
      const finalRows = await readChecklist(page);
      check(
        'after a second reload the page shows the finished list',
        sameRows(finalRows.rows, finished.rows),
        describeRows(finalRows.rows),
      );
      const laterWarnings = consoleMessages.filter((message) => HYDRATION_PATTERN.test(message));
      check('no hydration warning after the second reload', laterWarnings.length === 0, laterWarnings.join(' | '));
      if (TAKE_SCREENSHOTS) await takeScreenshots(browser, chatUrl);
    } finally {
      await browser.close();
    }
  });
} catch (error) {
  exitCode = 1;
  checks.push({
    name: 'the run reached its end',
    ok: false,
    detail: error instanceof Error ? error.message.split('\n')[0] : String(error),
  });
  console.error(`\n${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  if (server !== undefined) console.error(`\nnext start output (last lines):\n${tail(server.output(), 40)}`);
} finally {
  if (serverChild !== undefined) {
    const start = performance.now();
    await stopServer(serverChild);
    timings.push({ name: 'stop the server', seconds: (performance.now() - start) / 1000 });
  }
  if (process.env.NEXT_TEST_KEEP === '1') console.log(`  database kept in ${dataDirectory}`);
  else rmSync(dataDirectory, { recursive: true, force: true });
}

report();
if (checks.some((entry) => !entry.ok)) exitCode = 1;
process.exit(exitCode);
