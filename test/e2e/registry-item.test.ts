/**
 * The shadcn registry item in a fresh app: a scratch Next.js 16 + Tailwind v4 app with a
 * components.json and shadcn/ui tokens of its own installs the packed tarball, `shadcn add
 * ./node_modules/todo-write/registry/todo-list.json` adds the component offline, `next build`
 * compiles it, and Chromium renders it in light and dark: every coloured part takes the app's
 * token, the colours change with the theme, and a token changed at run time shows at once.
 *
 * Offline: the CLI reads the base colour from `$REGISTRY_URL/colors/<baseColor>.json` before it
 * writes a file; a loopback server answers it here, and the test asserts nothing else was asked.
 * NEXT_TEST_SCREENSHOTS=1 also saves docs/shadcn-todo-list-{light,dark}.png.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from '../support/launch-chromium.js';
import { hiddenText, isWhollyVisible } from '../support/whole-visibility.js';
import { REPO_ROOT } from '../support/pack-package.js';
import { type NextServer, nextBin, startNextServer } from './support/next-server.js';
import { runCommand } from './support/run-command.js';
import { baseColorServer, writeApp } from './support/shadcn-app.js';

const ITEM_SOURCE = join(REPO_ROOT, 'registry/components/ai/todo-list.tsx');
const SHADCN_BIN = join(REPO_ROOT, 'node_modules/shadcn/dist/index.js');
let app: string;
const env = { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' };

let dependencies: Record<string, string>;
let packageJson: string;
let addOutput: string;
const requests: string[] = [];

beforeAll(async () => {
  app = mkdtempSync(join(tmpdir(), 'todo-write-shadcn-app-'));
  dependencies = writeApp(app, inject('tarball'));
  await runCommand('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: app });
  packageJson = readFileSync(join(app, 'package.json'), 'utf8');
  const colours = await baseColorServer(requests);
  try {
    addOutput = await runCommand(
      process.execPath,
      [SHADCN_BIN, 'add', './node_modules/todo-write/registry/todo-list.json', '--yes'],
      { cwd: app, env: { ...process.env, REGISTRY_URL: colours.url } },
    );
  } finally {
    colours.server.close();
  }
});

afterAll(() => app !== undefined && rmSync(app, { recursive: true, force: true }));

describe('shadcn add ./node_modules/todo-write/registry/todo-list.json (offline)', () => {
  it('creates components/ai/todo-list.tsx', () => expect(addOutput).toMatch(/components\/ai\/todo-list\.tsx/));

  it('asks the registry only for the base colour', () => expect(requests).toEqual(['/r/colors/neutral.json']));

  it('adds the registry source, byte for byte', () => {
    const added = join(app, 'components/ai/todo-list.tsx');
    expect(existsSync(added)).toBe(true);
    expect(readFileSync(added, 'utf8')).toBe(readFileSync(ITEM_SOURCE, 'utf8'));
  });

  it('finds its npm dependency (todo-write) installed: package.json unchanged, nothing fetched', () => {
    expect(readFileSync(join(app, 'package.json'), 'utf8')).toBe(packageJson);
    expect(JSON.parse(packageJson).dependencies).toEqual(dependencies);
  });
});

describe('the added component in the app', () => {
  let build: string;
  let server: NextServer | undefined;
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    build = await runCommand(process.execPath, [nextBin(app), 'build'], { cwd: app, env });
    server = await startNextServer({ app, env });
    ({ browser } = await launchChromium());
    page = await browser.newPage({ viewport: { width: 520, height: 360 } });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('next build compiles the app with it (type-checked)', () =>
    expect(build).toMatch(/Compiled successfully|✓ Generating/));

  describe('while the chat streams', () => {
    const themes: Record<string, Record<string, [string, string]>> = {};
    beforeAll(async () => {
      await page.goto(`${server!.baseUrl}/?live=1`);
      await page.waitForSelector('[data-slot="todo-list"]');
      for (const theme of ['light', 'dark'] as const) {
        await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'dark');
        await page.waitForTimeout(600); // the row highlight's colour transition
        themes[theme] = await readColours(page);
        if (process.env.NEXT_TEST_SCREENSHOTS === '1') {
          await page.locator('main').screenshot({ path: join(REPO_ROOT, 'docs', `shadcn-todo-list-${theme}.png`) });
        }
      }
    });

    it('shows the newest call: 1 of 3 completed', async () => {
      expect((await page.textContent('[data-slot="todo-list"] header p'))?.trim()).toBe('1 of 3 completed');
    });

    it.each(['light', 'dark'])('%s: every coloured part takes its token', (theme) => {
      const parts = Object.entries(themes[theme]!);
      expect(Object.fromEntries(parts.map(([part, [computed]]) => [part, computed]))).toEqual(
        Object.fromEntries(parts.map(([part, [, token]]) => [part, token])),
      );
    });

    it('every part changes colour between the light and dark tokens', () => {
      const unchanged = Object.keys(themes.light!).filter((part) => themes.light![part]![0] === themes.dark![part]![0]);
      expect(unchanged).toEqual([]);
    });

    it('a token changed at run time (--primary) recolours the list at once', async () => {
      const recoloured = await page.evaluate(() => {
        document.documentElement.style.setProperty('--primary', 'rgb(200, 30, 120)');
        return getComputedStyle(document.querySelector('[data-slot="todo-progress"]')!).backgroundColor;
      });
      expect(recoloured).toBe('rgb(200, 30, 120)');
    });

    it('the task in progress spins', async () => expect(await spinning(page)).toBe('spin'));

    it('the task the last update dropped shows struck through', async () => {
      expect(await dropped(page)).toEqual(['Ask for the server logs (removed)']);
    });
  });

  describe('once the chat ended', () => {
    beforeAll(async () => {
      await page.goto(`${server!.baseUrl}/`);
      await page.waitForSelector('[data-slot="todo-list"]');
      await page.waitForTimeout(600);
    });

    it('the dropped task is gone', async () => expect(await dropped(page)).toEqual([]));

    it('nothing is highlighted and nothing spins', async () => {
      const backgrounds = await page.evaluate(() =>
        [...document.querySelectorAll('[data-slot="todo-item"][data-change]')].map(
          (row) => getComputedStyle(row).backgroundColor,
        ),
      );
      expect(backgrounds).toEqual(['rgba(0, 0, 0, 0)', 'rgba(0, 0, 0, 0)']);
      expect(await spinning(page)).toBe('none');
    });
  });

  describe('a plan waiting for review', () => {
    let primary: string;
    const approve = () => page.getByRole('button', { name: 'Approve' });
    beforeAll(async () => {
      await page.goto(`${server!.baseUrl}/review`);
      await page.getByRole('button', { name: 'Edit plan' }).waitFor();
      primary = await page.evaluate(() => {
        const probe = document.createElement('div');
        document.body.append(probe);
        probe.style.color = 'var(--primary)';
        return getComputedStyle(probe).color;
      });
    });

    it('shows Approve, Request changes and Edit plan; Approve takes --primary; nothing spins', async () => {
      expect(await page.getByRole('button', { name: 'Request changes' }).count()).toBe(1);
      expect(await approve().evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(primary);
      expect(await spinning(page)).toBe('none');
    });

    it('editing: the rows give way to the fields; an empty task is flagged and Approve is disabled', async () => {
      await page.getByRole('button', { name: 'Edit plan' }).click();
      await page.getByRole('textbox', { name: 'Task 1', exact: true }).fill('');
      const editorApprove = page.getByRole('form', { name: 'Edit the plan' }).getByRole('button', { name: 'Approve' });
      expect(await page.locator('[data-slot="todo-item"]').first().isVisible()).toBe(false);
      expect(await page.getByText('Write the task, or remove it.').isVisible()).toBe(true);
      expect(await editorApprove.isDisabled()).toBe(true);
    });

    it.each([
      [320, 640],
      [390, 844],
    ])(
      "at %i×%i, the three buttons, every field whole and the editor's buttons can be seen whole",
      async (width, height) => {
        await page.setViewportSize({ width, height });
        await page.goto(`${server!.baseUrl}/review`);
        for (const name of ['Approve', 'Request changes', 'Edit plan'])
          expect(await isWhollyVisible(page.getByRole('button', { name })), name).toBe(true);
        await page.getByRole('button', { name: 'Edit plan' }).click();
        const form = page.getByRole('form', { name: 'Edit the plan' });
        await form.waitFor();
        for (const field of await form.getByRole('textbox').all()) {
          expect(await hiddenText(field)).toEqual({ height: 0, width: 0 });
          expect(await isWhollyVisible(field)).toBe(true);
        }
        for (const name of ['Add task', 'Approve', 'Cancel', 'Remove task 1'])
          expect(await isWhollyVisible(form.getByRole('button', { name })), name).toBe(true);
        await page.screenshot({ path: join(REPO_ROOT, '.tmp', `shadcn-todo-list-edit-${width}.png`), fullPage: true });
        await page.setViewportSize({ width: 520, height: 360 });
        await page.goto(`${server!.baseUrl}/review`);
        await page.getByRole('button', { name: 'Edit plan' }).click();
      },
    );

    it("sends the edited plan as the approval answer's edit", async () => {
      await page.getByRole('textbox', { name: 'Task 1', exact: true }).fill('Reproduce the login bug on staging');
      await page.getByRole('form', { name: 'Edit the plan' }).getByRole('button', { name: 'Approve' }).click();
      const answer = JSON.parse((await page.locator('[data-answer]').textContent()) || '{}') as {
        approved?: boolean;
        reason?: string;
      };
      expect(answer.approved).toBe(true);
      expect(answer.reason ?? '').toMatch(/^todo_write edit: /);
      expect(answer.reason ?? '').toContain('Reproduce the login bug on staging');
    });
  });
});

const spinning = (page: Page) =>
  page.evaluate(
    () =>
      getComputedStyle(document.querySelector('[data-status="in_progress"] [data-slot="todo-icon"]')!).animationName,
  );

const dropped = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll('[data-change="removed"]')].map((row) => row.textContent?.trim()));

/** Each coloured part of the list: [its computed colour, the colour of the token it should take]. */
async function readColours(page: Page): Promise<Record<string, [string, string]>> {
  return page.evaluate(() => {
    const root = document.querySelector<HTMLElement>('[data-slot="todo-list"]')!;
    const probe = document.createElement('div');
    root.parentElement!.append(probe);
    const token = (name: string): string => {
      probe.style.color = `var(--${name})`;
      return getComputedStyle(probe).color;
    };
    const style = (element: Element | null) => getComputedStyle(element ?? document.body);
    const rows = [...root.querySelectorAll('[data-slot="todo-item"]')];
    const row = (status: string) => rows.find((each) => each.getAttribute('data-status') === status) ?? null;
    const completed = row('completed');
    const parts: Record<string, [string, string]> = {
      'list background (card)': [style(root).backgroundColor, token('card')],
      'list text (card-foreground)': [style(root).color, token('card-foreground')],
      'list border (border)': [style(root).borderTopColor, token('border')],
      'summary (muted-foreground)': [style(root.querySelector('header p')).color, token('muted-foreground')],
      'progress track (muted)': [
        style(root.querySelector('[data-slot="todo-progress"]')?.parentElement ?? null).backgroundColor,
        token('muted'),
      ],
      'progress bar (primary)': [
        style(root.querySelector('[data-slot="todo-progress"]')).backgroundColor,
        token('primary'),
      ],
      'completed icon (primary)': [
        style(completed?.querySelector('[data-slot="todo-icon"]') ?? null).backgroundColor,
        token('primary'),
      ],
      'check mark (primary-foreground)': [
        style(completed?.querySelector('[data-slot="todo-icon"]') ?? null).color,
        token('primary-foreground'),
      ],
      'completed task text (muted-foreground)': [
        style(completed?.querySelector('[data-slot="todo-icon"] + span') ?? null).color,
        token('muted-foreground'),
      ],
      'task in progress ring (primary)': [
        style(row('in_progress')?.querySelector('[data-slot="todo-icon"]') ?? null).borderRightColor,
        token('primary'),
      ],
      'changed row (accent)': [style(completed).backgroundColor, token('accent')],
    };
    probe.remove();
    return parts;
  });
}
