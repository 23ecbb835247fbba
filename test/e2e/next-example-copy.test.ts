/**
 * examples/next-chat as a person gets it: the folder alone (the files a fresh clone has), copied
 * outside the repository, `todo-write` pointed at the packed package, then the two commands of its
 * README for a copy of the folder, read out of the README. On the pinned Node 24 the install asks no install
 * script to run and `npm run dev` serves a chat whose checklist streams and finishes with the
 * scripted agent (no API key), and reloads at seeded random moments of its answers (the first while
 * `next dev` compiles the page) each take the answer up without the list stepping back. On this machine's Node 20, which has no `node:sqlite`, the log at
 * start, the chat route and the page all say which Node to use, instead of an empty 500. In a fresh
 * clone of the repository, the README's steps for a clone install todo-write from it and serve the
 * chat, with no warning about the workspace root although the repository has a lockfile of its own.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LOGIN_LIMIT_PLAN } from '../../examples/next-chat/lib/scripted-plans.js';
import { launchChromium } from '../support/launch-chromium.js';
import { cloneFiles, REPO_ROOT } from '../support/pack-package.js';
import { readExampleSteps } from './support/example-readme.js';
import {
  type Checklist,
  openChat,
  pageRows,
  recordChecklist,
  type Row,
  send,
  takeRecording,
} from './support/page-probes.js';
import { freePort, spawnServer } from './support/next-server.js';
import { reloadSuite } from './support/reload-during-answer.js';
import { machineNode, type NodeRuntime, pinnedNode } from './support/quick-start-app.js';
import { runCommand } from './support/run-command.js';

const PLAN = LOGIN_LIMIT_PLAN;
const STEPS = readExampleSteps();
// Outside the repository: nothing the app lacks may resolve from the repository's node_modules.
const COPY = join(tmpdir(), 'todo-write-next-chat-copy', 'next-chat');
const nodeTwenty = machineNode(20);
if (nodeTwenty === undefined) console.warn('next-example-copy: no Node 20 on this machine (`which -a node`): skipped.');

let browser: Browser;
// One page for the file: the launcher may run Chromium as a single process, which a closed page can take down.
let page: Page;

beforeAll(async () => {
  rmSync(dirname(COPY), { recursive: true, force: true });
  for (const file of cloneFiles(REPO_ROOT).filter((path) => path.startsWith('examples/next-chat/'))) {
    const target = join(COPY, file.slice('examples/next-chat/'.length));
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(join(REPO_ROOT, file), target);
  }
  // What a person does with a tarball of the package: the dependency names it.
  const manifest = JSON.parse(readFileSync(join(COPY, 'package.json'), 'utf8'));
  manifest.dependencies['todo-write'] = `file:${inject('tarball')}`;
  writeFileSync(join(COPY, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  ({ browser } = await launchChromium());
  page = await browser.newPage();
});

afterAll(async () => {
  await browser?.close();
  rmSync(dirname(COPY), { recursive: true, force: true });
});

/** The README's environment for `runtime`: no API key, so the scripted agent answers. */
const readmeEnv = (runtime: NodeRuntime, port: number): NodeJS.ProcessEnv => ({
  ...runtime.env,
  PORT: String(port),
  OPENAI_API_KEY: '',
  ANTHROPIC_API_KEY: '',
  DATABASE_URL: '',
  SCRIPTED_MODEL_SPEED: '4',
  NEXT_TELEMETRY_DISABLED: '1',
});

/** The README's install line. */
function install(runtime: NodeRuntime): Promise<string> {
  return runCommand('sh', ['-c', STEPS.run[0]!], {
    cwd: COPY,
    env: readmeEnv(runtime, 0),
    progress: `${STEPS.run[0]} in a copy of examples/next-chat (Node ${runtime.version})`,
  });
}

/** A running `npm run dev` (the README's second line) on `port`. */
interface DevServer {
  baseUrl: string;
  output: () => string;
  stop: () => Promise<void>;
}

/** Starts a README's dev line in `cwd` and resolves once the page answers (compiled on that first request). */
async function startDev(runtime: NodeRuntime, cwd = COPY, command = STEPS.run[1]!): Promise<DevServer> {
  const port = await freePort();
  const { child, output, stop } = spawnServer('sh', ['-c', command], {
    cwd,
    env: readmeEnv(runtime, port),
  });
  // `next dev` takes requests for localhost: its dev resources refuse other hosts.
  const server = { baseUrl: `http://localhost:${port}`, output, stop };
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm run dev exited with ${child.exitCode}:\n${output()}`);
    const response = await fetch(server.baseUrl, { signal: AbortSignal.timeout(120_000) }).catch(() => undefined);
    if (response?.ok) return server;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await server.stop();
  throw new Error(`npm run dev did not serve the page within 3 minutes:\n${output()}`);
}

describe('the folder alone, with the README\'s "Run it" on Node 24', () => {
  const runtime = pinnedNode();
  let installed: string;
  let dev: DevServer | undefined;
  let recording: { samples: Checklist[] };
  let finished: Row[];
  beforeAll(async () => {
    installed = await install(runtime);
    dev = await startDev(runtime);
    await openChat(page, dev.baseUrl);
    await recordChecklist(page);
    await send(page, PLAN.prompt);
    await page.getByRole('button', { name: 'Stop' }).waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Send' }).waitFor({ timeout: 180_000 });
    recording = await takeRecording(page);
    finished = await pageRows(page);
  });
  afterAll(() => dev?.stop());

  it('the README says to install, then start the dev server', () => {
    expect(STEPS.run).toEqual(['npm install', 'npm run dev']);
  });

  it('installs with no install script left to review and no engine warning', () => {
    expect(runtime.version).toMatch(/^v24\./);
    expect(installed).not.toMatch(/not yet covered by allowScripts|EBADENGINE/);
  });

  it('in Chromium, the checklist streams in while the agent answers, then every task is done', () => {
    const { samples } = recording;
    expect(samples.some((sample) => sample.phase === 'streaming' && sample.rows.length > 0)).toBe(true);
    expect(samples.at(-1)?.phase).toBe('accepted');
    expect(finished.length).toBeGreaterThan(0);
    expect(finished.filter((row) => row.status !== 'completed')).toEqual([]);
  });

  // The dev server has not compiled /chat/[id] yet: the first reload waits for that compile.
  describe('reloads at seeded random moments of answers, the first while the route compiles', () => {
    reloadSuite({
      target: () => ({ browser, baseUrl: dev!.baseUrl }),
      seed: 4444,
      reloadsPerAnswer: 5,
      maxDelayMs: 2_000,
    });
  });
});

describe.skipIf(nodeTwenty === undefined)("the folder alone on this machine's Node 20 (no node:sqlite)", () => {
  const runtime = nodeTwenty!;
  let installed: string;
  let dev: DevServer | undefined;
  let route: { status: number; body: string };
  let alert: string | null;
  beforeAll(async () => {
    installed = await install(runtime);
    dev = await startDev(runtime);
    const response = await fetch(`${dev.baseUrl}/api/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        id: 'node-20',
        message: { id: 'u-1', role: 'user', parts: [{ type: 'text', text: 'hi' }] },
      }),
    });
    route = { status: response.status, body: await response.text() };
    await openChat(page, dev.baseUrl);
    await send(page, PLAN.prompt);
    alert = await page.locator('.chat p[role="alert"]').textContent({ timeout: 60_000 });
  });
  afterAll(() => dev?.stop());

  const nodeMessage = /node:sqlite.*Node\.js v20\.[\d.]+ does not have.*Node\.js 24/;

  it('npm install warns that the app needs a newer Node', () => {
    expect(runtime.version).toMatch(/^v20\./);
    expect(installed).toMatch(/EBADENGINE[\s\S]*>=22\.13/);
  });

  it('says at start which Node the app needs and how to get it', () => {
    expect(dev?.output()).toMatch(nodeMessage);
  });

  it('the chat route answers 503 with that message, not an empty 500', () => {
    expect(route.status).toBe(503);
    expect((JSON.parse(route.body) as { error: string }).error).toMatch(nodeMessage);
  });

  it('the page shows it where the answer would be', () => {
    expect(alert).toMatch(nodeMessage);
  });
});

describe("a fresh clone of the repository, with the README's steps for a clone on Node 24", () => {
  const runtime = pinnedNode();
  const clone = join(tmpdir(), 'todo-write-next-chat-clone', 'todo-write');
  const example = join(clone, 'examples', 'next-chat');
  let installed: string;
  let dev: DevServer | undefined;
  let finished: Row[];
  beforeAll(async () => {
    rmSync(dirname(clone), { recursive: true, force: true });
    mkdirSync(dirname(clone), { recursive: true });
    execFileSync('git', ['clone', '--quiet', REPO_ROOT, clone]);
    const started = performance.now();
    installed = await runCommand('sh', ['-c', STEPS.clone[0]!], {
      cwd: example,
      env: readmeEnv(runtime, 0),
      progress: `${STEPS.clone[0]} in a clone's examples/next-chat`,
    });
    console.log(`the clone's install took ${((performance.now() - started) / 1000).toFixed(1)} s`);
    dev = await startDev(runtime, example, STEPS.clone[1]!);
    await openChat(page, dev.baseUrl);
    await send(page, PLAN.prompt);
    await page.getByRole('button', { name: 'Stop' }).waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Send' }).waitFor({ timeout: 180_000 });
    finished = await pageRows(page);
  });
  afterAll(async () => {
    await dev?.stop();
    rmSync(dirname(clone), { recursive: true, force: true });
  });

  it('the README installs todo-write from the clone, then starts the dev server', () => {
    expect(STEPS.clone).toEqual([expect.stringContaining('git+file://'), 'npm run dev']);
  });

  it('installs todo-write built from the clone and leaves package.json and its lock as they are', () => {
    const lock = JSON.parse(readFileSync(join(example, 'node_modules', '.package-lock.json'), 'utf8')) as {
      packages: Record<string, { resolved?: string }>;
    };
    expect(lock.packages['node_modules/todo-write']?.resolved).toMatch(new RegExp(`^git\\+file://${clone}#`));
    expect(existsSync(join(example, 'node_modules', 'todo-write', 'dist', 'index.js'))).toBe(true);
    const changed = execFileSync('git', ['status', '--porcelain', '--', 'package.json', 'package-lock.json'], {
      cwd: example,
      encoding: 'utf8',
    });
    expect(changed, installed).toBe('');
  });

  it('starts `next dev` with no warning about the workspace root, though the repository has a lockfile too', () => {
    expect(dev?.output()).toMatch(/Ready in/);
    expect(dev?.output()).not.toMatch(/inferred your workspace root|multiple lockfiles/);
  });

  it('in Chromium, the agent answers and every task of its plan is done', () => {
    expect(finished.length).toBeGreaterThan(0);
    expect(finished.filter((row) => row.status !== 'completed')).toEqual([]);
  });
});
