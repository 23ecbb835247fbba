/**
 * A new user's first hour, as a test: pack the package, create an app with today's
 * `create-next-app` and its defaults (Cache Components on), run the README's Install line and copy
 * its Quick start files verbatim out of README.md, then `next build`, `next start` and watch the
 * checklist stream in Chromium. Only the model differs from production: `openai()` reads
 * `OPENAI_BASE_URL`, which points at a loopback server speaking OpenAI's Responses API
 * (./support/quick-start-provider.ts), so the route's code is the README's to the letter.
 *
 * AI SDK 7 runs on the pinned Node 24; AI SDK 6 on this machine's Node 20, where the same Install
 * line installs it.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/launch-chromium.js';
import { packPackage } from '../support/pack-package.js';
import {
  freshNextApp,
  latestCreateNextApp,
  machineNode,
  type NodeRuntime,
  pinnedNode,
  runCommand,
  runInstall,
  type StartedApp,
  startNextApp,
  withoutGoogleFonts,
} from './support/quick-start-app.js';
import {
  CLOSING_TEXT,
  SCRIPTED_PLAN,
  type ScriptedProvider,
  startScriptedProvider,
} from './support/quick-start-provider.js';
import { readQuickStart } from './support/quick-start-readme.js';

const nodeTwenty = machineNode(20);
const variants: { aiMajor: number; nodeMajor: number; runtime: NodeRuntime | undefined; nodeName: string }[] = [
  { aiMajor: 7, nodeMajor: 24, runtime: pinnedNode(), nodeName: 'the pinned Node 24' },
  { aiMajor: 6, nodeMajor: 20, runtime: nodeTwenty, nodeName: "this machine's Node 20" },
];
if (nodeTwenty === undefined) {
  console.warn('quick-start: no Node 20 on this machine (`which -a node`), so the AI SDK 6 run is skipped.');
}

let tarball: string;
let createNextAppVersion: string;

beforeAll(() => {
  tarball = packPackage().tarball;
  createNextAppVersion = latestCreateNextApp(pinnedNode());
});

for (const { aiMajor, nodeMajor, runtime, nodeName } of variants) {
  describe.skipIf(runtime === undefined)(`the README's Quick start on AI SDK ${aiMajor}, with ${nodeName}`, () => {
    // Outside the repository: nothing the app lacks may resolve from the repository's node_modules.
    const app = join(tmpdir(), 'todo-write-quick-start', `ai-${aiMajor}`, 'app');
    const quickStart = readQuickStart(aiMajor);
    let provider: ScriptedProvider;
    let env: NodeJS.ProcessEnv;
    let started: StartedApp | undefined;

    beforeAll(async () => {
      provider = await startScriptedProvider();
      env = { ...runtime!.env, OPENAI_BASE_URL: provider.baseUrl, OPENAI_API_KEY: 'sk-quick-start' };
    });

    afterAll(async () => {
      await started?.stop();
      await provider.close();
      // Half a gigabyte per app; the cached create-next-app app stays.
      rmSync(dirname(app), { recursive: true, force: true });
    });

    it(`the Install line installs todo-write with AI SDK ${aiMajor}, and no install script asks to run`, () => {
      expect(runtime!.version).toMatch(new RegExp(`^v${nodeMajor}\\.`));
      freshNextApp(createNextAppVersion, app, runtime!);
      const line = quickStart.installLine.replace(/(?<=\s)todo-write(?=\s|$)/, tarball);
      const installed = runInstall(line, app, runtime!.env);
      expect(installed.status, installed.output).toBe(0);
      expect(installed.output).not.toMatch(/install.?scripts|prepare/i);
      const dependencies = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')).dependencies as Record<
        string,
        string
      >;
      expect(Object.keys(dependencies)).toEqual(
        expect.arrayContaining(['todo-write', 'ai', '@ai-sdk/react', '@ai-sdk/openai']),
      );
      const ai = JSON.parse(readFileSync(join(app, 'node_modules', 'ai', 'package.json'), 'utf8')) as {
        version: string;
      };
      expect(ai.version.split('.')[0]).toBe(String(aiMajor));
    });

    it('the Quick start files, copied verbatim, pass `next build` (TypeScript and prerendering included)', () => {
      expect([...quickStart.files.keys()].sort()).toEqual([
        'app/api/agent/route.ts',
        'app/api/chat/route.ts',
        'app/page.tsx',
      ]);
      for (const [path, code] of quickStart.files) {
        mkdirSync(dirname(join(app, path)), { recursive: true });
        writeFileSync(join(app, path), code);
      }
      const layout = join(app, 'app', 'layout.tsx');
      writeFileSync(layout, withoutGoogleFonts(readFileSync(layout, 'utf8')));
      const config = readFileSync(join(app, 'next.config.ts'), 'utf8');
      expect(config).toMatch(/cacheComponents:\s*true/);
      const built = runCommand('node_modules/.bin/next build', app, env);
      expect(built.status, built.output).toBe(0);
    });

    it('in Chromium, the checklist builds itself while the model streams, then shows the whole plan', async () => {
      started = await startNextApp(app, env);
      const { browser } = await launchChromium();
      try {
        const page = await browser.newPage();
        await page.goto(started.baseUrl);
        // Every list the page shows on the way, as the person sees it.
        await page.evaluate(() => {
          const seen: string[][] = [];
          (window as unknown as { seen: string[][] }).seen = seen;
          new MutationObserver(() => {
            const rows = [...document.querySelectorAll('[data-todo-list] [data-todo-content]')].map(
              (row) => row.textContent ?? '',
            );
            if (rows.length > 0 && rows.join('\n') !== seen.at(-1)?.join('\n')) seen.push(rows);
          }).observe(document.body, { subtree: true, childList: true, characterData: true });
        });
        await page.fill('input', 'Fix the login bug');
        await page.press('input', 'Enter');
        await page.getByText(CLOSING_TEXT).waitFor({ timeout: 60_000 });
        const rows = await page.locator('[data-todo-list] [data-todo-content]').allTextContents();
        expect(rows).toEqual(SCRIPTED_PLAN.map((todo) => todo.content));
        const seen = await page.evaluate(() => (window as unknown as { seen: string[][] }).seen);
        // Part of the plan was on screen before the call was whole: fewer rows, or a row cut mid-text.
        expect(seen.some((list) => list.length < SCRIPTED_PLAN.length)).toBe(true);
        expect(seen.length).toBeGreaterThan(SCRIPTED_PLAN.length);
        expect(provider.requests).toEqual(['POST /v1/responses', 'POST /v1/responses']);
      } finally {
        await browser.close();
      }
    });

    it('without OPENAI_API_KEY, the page says so in a line a person can act on', async () => {
      const { OPENAI_API_KEY: _key, OPENAI_BASE_URL: _url, ...withoutKey } = env;
      const keyless = await startNextApp(app, withoutKey);
      const { browser } = await launchChromium();
      try {
        const page = await browser.newPage();
        await page.goto(keyless.baseUrl);
        await page.fill('input', 'Fix the login bug');
        await page.press('input', 'Enter');
        // The page's own alert, by its words: Next.js keeps an alert of its own for route announcements,
        // which can say something else while the page loads.
        const alert = page.getByRole('alert').filter({ hasText: /API key is missing.*OPENAI_API_KEY/ });
        await alert.waitFor({ timeout: 60_000 });
        expect(await alert.count()).toBe(1);
      } finally {
        await browser.close();
        await keyless.stop();
      }
    });

    it('the agent route streams the same tool call, and the tool answers with the counts', async () => {
      expect(started, 'the app runs').toBeDefined();
      const response = await fetch(`${started!.baseUrl}/api/agent`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          messages: [{ id: 'm1', role: 'user', parts: [{ type: 'text', text: 'Fix the login bug' }] }],
        }),
      });
      expect(response.status).toBe(200);
      const chunks = (await response.text())
        .split('\n\n')
        .map((event) => event.replace(/^data: /, ''))
        .filter((data) => data.startsWith('{'))
        .map((data) => JSON.parse(data) as { type: string; toolName?: string; output?: unknown });
      expect(chunks.filter((chunk) => chunk.type === 'tool-input-delta').length).toBeGreaterThan(5);
      expect(chunks).toContainEqual(expect.objectContaining({ type: 'tool-input-start', toolName: 'todo_write' }));
      expect(chunks).toContainEqual(
        expect.objectContaining({
          type: 'tool-output-available',
          output: { pending: 4, in_progress: 1, completed: 0 },
        }),
      );
    });
  });
}
