/**
 * Crash recovery of the Next.js example (`npm run test:next`, after scripts/test-next.ts has packed
 * and installed this package into examples/next-chat). For each seeded kill point of the scripted
 * multi-step run, the chat is started in Chromium, the `next start` process group is killed with
 * SIGKILL, the server is started again on the same database, the chat is reloaded and continued.
 * After the kill and again after the continued run:
 * - the page's checklist, the `todos` table and `readTodos` over the stored conversation (as the
 *   model's next prompt will see it) hold the same list;
 * - every todo_write call the browser saw accepted in a step it saw end is accepted in the store
 *   with the same list (nothing accepted is lost; at most the step in flight is).
 * Ends with "N passed, N failed" and the number of fault cases that ran.
 *
 * Environment: FAULT_SEED (default 1) picks the kill points; FAULT_CASES (default 4) how many;
 * SCRIPTED_MODEL_SPEED (default 8) the scripted agent's pace.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Page } from 'playwright-core';
import type { launchChromium as LaunchChromium } from '../test/support/launch-chromium.js';
import type { scenarios as Scenarios } from '../demo/agent/scenarios.js';
import type * as NextServerModule from './next-server.js';
import type { seededRandom as SeededRandom } from '../demo/agent/seeded-random.js';

const load = async <T>(path: string): Promise<T> => (await import(path)) as T;
const here = (path: string): string => new URL(path, import.meta.url).href;
const { launchChromium } = await load<{ launchChromium: typeof LaunchChromium }>(
  here('../test/support/launch-chromium.ts'),
);
const { scenarios } = await load<{ scenarios: typeof Scenarios }>(here('../demo/agent/scenarios.ts'));
const { freePort, signalServer, startNextServer, stopOnInterrupt, stopServer } = await load<typeof NextServerModule>(
  here('./next-server.ts'),
);
/** The same seed, the same kill points. */
const { seededRandom } = await load<{ seededRandom: typeof SeededRandom }>(here('../demo/agent/seeded-random.ts'));

const ROOT = join(import.meta.dirname, '..');
const APP = join(ROOT, 'examples', 'next-chat');
const NEXT_BIN = join(APP, 'node_modules', 'next', 'dist', 'bin', 'next');
const SEED = Number(process.env.FAULT_SEED ?? 1);
const CASES = Number(process.env.FAULT_CASES ?? 4);
const SPEED = process.env.SCRIPTED_MODEL_SPEED ?? '8';
const PLAN = scenarios.plan;

// The example's own copies of the package and the SDK: what its route runs.
const { readTodos, todoWrite } = await load<typeof import('todo-write')>(
  join(APP, 'node_modules', 'todo-write', 'dist', 'index.js'),
);
const { convertToModelMessages } = await load<typeof import('ai')>(join(APP, 'node_modules', 'ai', 'dist', 'index.js'));

// ---------------------------------------------------------------------------------------------
// Reporting

const checks: { name: string; ok: boolean; detail?: string }[] = [];

function check(name: string, ok: boolean, detail?: string): void {
  checks.push({ name, ok, ...(detail === undefined ? {} : { detail }) });
  console.log(`  ${ok ? '✓' : '✗'} ${name}${!ok && detail !== undefined ? `\n      ${detail}` : ''}`);
}

// ---------------------------------------------------------------------------------------------
// The server

function run(args: readonly string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: APP, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`next ${args[1]} exited with ${code}:\n${output.slice(-4000)}`)),
    );
  });
}

/** The newest modification time under `path` (files only). */
function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

let server: ChildProcess | undefined;

/** `next start` in its own process group, answering on `port`. */
async function startServer(port: number, env: NodeJS.ProcessEnv): Promise<void> {
  server = (await startNextServer({ app: APP, nextBin: NEXT_BIN, port, env })).child;
}

// ---------------------------------------------------------------------------------------------
// What the browser saw: every UI message chunk of /api/chat, recorded by a wrapped fetch.

interface Chunk {
  type: string;
  toolCallId?: string;
  toolName?: string;
  input?: unknown;
}

/** Runs in the page before its scripts: tees each /api/chat response and reports every chunk. */
function recordChatChunks(): void {
  const record = window as unknown as {
    chatChunks: unknown[];
    chatIds: string[];
    onChatChunk?: (type: string) => void;
  };
  record.chatChunks = [];
  record.chatIds = [];
  const originalFetch = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const response = await originalFetch(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.includes('/api/chat') || response.body === null) return response;
    try {
      record.chatIds.push(JSON.parse(String(init?.body)).id);
    } catch {
      // not a chat request body
    }
    const [forPage, forRecord] = response.body.tee();
    void (async () => {
      const reader = forRecord.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          buffer += value;
          const events = buffer.split('\n\n');
          buffer = events.pop() ?? '';
          for (const event of events) {
            const data = event.replace(/^data: /, '');
            if (data === '[DONE]' || data.trim() === '') continue;
            const chunk = JSON.parse(data) as { type: string };
            record.chatChunks.push(chunk);
            record.onChatChunk?.(chunk.type);
          }
        }
      } catch {
        // the server went away mid-stream
      }
    })();
    return new Response(forPage, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

/** The calls accepted (tool output sent) in steps whose end the browser saw, with their input. */
function acceptedInFinishedSteps(chunks: readonly Chunk[]): Map<string, unknown> {
  const inputs = new Map<string, unknown>();
  const finished = new Map<string, unknown>();
  let inStep: string[] = [];
  for (const chunk of chunks) {
    if (chunk.type === 'tool-input-available' && chunk.toolName === 'todo_write')
      inputs.set(chunk.toolCallId!, chunk.input);
    else if (chunk.type === 'tool-output-available' && inputs.has(chunk.toolCallId!)) inStep.push(chunk.toolCallId!);
    else if (chunk.type === 'start-step') inStep = [];
    else if (chunk.type === 'finish-step') {
      for (const toolCallId of inStep) finished.set(toolCallId, inputs.get(toolCallId));
      inStep = [];
    }
  }
  return finished;
}

// ---------------------------------------------------------------------------------------------
// The three lists

interface Row {
  content: string;
  status: string;
}
const describeRows = (rows: readonly Row[]): string =>
  JSON.stringify(rows.map(({ content, status }) => ({ content, status })));

async function pageRows(page: Page): Promise<Row[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('[aria-label="Plan"] li[data-status]:not([data-change="removed"])')].map((item) => ({
      content: (item.querySelector('[data-todo-content]') ?? item).textContent?.trim() ?? '',
      status: item.getAttribute('data-status') ?? '',
    })),
  );
}

interface Stored {
  messages: Parameters<typeof readTodos>[0] & { parts?: unknown }[];
  todos: Row[];
}

function readStore(databasePath: string, chatId: string): Stored {
  const database = new DatabaseSync(databasePath, { readOnly: true });
  try {
    const chat = database.prepare('SELECT messages FROM chats WHERE id = ?').get(chatId) as
      | { messages: string }
      | undefined;
    const todos = database.prepare('SELECT todos FROM todos WHERE chat_id = ?').get(chatId) as
      | { todos: string }
      | undefined;
    return {
      messages: chat === undefined ? [] : JSON.parse(chat.messages),
      todos: todos === undefined ? [] : JSON.parse(todos.todos),
    };
  } finally {
    database.close();
  }
}

/** The todo_write calls a stored conversation holds as accepted, with their input. */
function acceptedInStore(messages: readonly { parts?: unknown }[]): Map<string, unknown> {
  const accepted = new Map<string, unknown>();
  for (const message of messages) {
    for (const part of (message.parts ?? []) as {
      type: string;
      state?: string;
      toolCallId?: string;
      input?: unknown;
    }[]) {
      if (part.type === 'tool-todo_write' && part.state === 'output-available')
        accepted.set(part.toolCallId!, part.input);
    }
  }
  return accepted;
}

/** Page, store and next prompt agree; every call the browser saw accepted in a finished step is stored. */
async function checkAgreement(
  page: Page,
  databasePath: string,
  chatId: string,
  seen: Map<string, unknown>,
  when: string,
): Promise<Row[]> {
  const stored = readStore(databasePath, chatId);
  const shown = await pageRows(page);
  const replayed = readTodos(stored.messages);
  const prompt = readTodos(
    await convertToModelMessages(stored.messages as never, {
      tools: { todo_write: todoWrite },
      ignoreIncompleteToolCalls: true,
    }),
  );
  check(
    `${when}: page = todos table`,
    describeRows(shown) === describeRows(stored.todos),
    `page ${describeRows(shown)} store ${describeRows(stored.todos)}`,
  );
  check(
    `${when}: todos table = readTodos(stored conversation) = the next prompt's list`,
    describeRows(stored.todos) === describeRows(replayed) && describeRows(replayed) === describeRows(prompt),
    `table ${describeRows(stored.todos)} replay ${describeRows(replayed)} prompt ${describeRows(prompt)}`,
  );
  const accepted = acceptedInStore(stored.messages);
  const missing = [...seen].filter(
    ([toolCallId, input]) => JSON.stringify(accepted.get(toolCallId)) !== JSON.stringify(input),
  );
  check(
    `${when}: all ${seen.size} calls the browser saw accepted in finished steps are stored as accepted`,
    missing.length === 0,
    missing.map(([toolCallId]) => toolCallId).join(', '),
  );
  return shown;
}

// ---------------------------------------------------------------------------------------------
// The run

const dataDirectory = mkdtempSync(join(tmpdir(), 'todo-write-next-faults-'));
const databasePath = join(dataDirectory, 'chats.db');
const serverEnv: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: 'production',
  NEXT_TELEMETRY_DISABLED: '1',
  CHAT_DB_PATH: databasePath,
  SCRIPTED_MODEL_SPEED: SPEED,
  OPENAI_API_KEY: '',
  ANTHROPIC_API_KEY: '',
};
stopOnInterrupt(
  () => server,
  () => rmSync(dataDirectory, { recursive: true, force: true }),
);

let casesRun = 0;
const killPoints: string[] = [];
try {
  console.log(`Node ${process.version}; seed ${SEED}; ${CASES} kill points; scripted model speed ×${SPEED}`);
  if (!existsSync(join(APP, 'node_modules', 'todo-write'))) {
    throw new Error('examples/next-chat has no todo-write installed: run scripts/test-next.ts first');
  }
  const sources = ['app', 'lib', 'next.config.ts', 'node_modules/todo-write/dist', '../../demo/agent'];
  const buildId = join(APP, '.next', 'BUILD_ID');
  if (!existsSync(buildId) || Math.max(...sources.map((path) => newest(join(APP, path)))) > statSync(buildId).mtimeMs) {
    console.log('\n▶ next build (the example changed since the last build)');
    await run([NEXT_BIN, 'build'], serverEnv);
  } else {
    console.log('\n▶ next build: reusing the fresh build in .next');
  }

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  await startServer(port, serverEnv);
  const { browser } = await launchChromium();
  try {
    // One page for every case: the launcher runs Chromium as a single process, which a closed page can take down.
    const page = await browser.newPage();
    let onChunk: (type: string) => void = () => {};
    await page.exposeFunction('onChatChunk', (type: string) => onChunk(type));
    await page.addInitScript(recordChatChunks);
    const random = seededRandom(SEED);
    for (let index = 0; index < CASES; index++) {
      // Kill after the browser saw `stepsBefore` steps end and then `chunksAfter` more chunks.
      const stepsBefore = Math.floor(random() * 7);
      const chunksAfter = Math.floor(random() * 80);
      const point = `after ${stepsBefore} finished step(s) + ${chunksAfter} chunks`;
      killPoints.push(point);
      console.log(`\n▶ case ${index + 1}: SIGKILL ${point}`);

      let killed: Promise<unknown> | undefined;
      let stepsSeen = 0;
      let chunksSinceStep = 0;
      onChunk = (type) => {
        if (killed !== undefined) return;
        if (type === 'finish-step') {
          stepsSeen++;
          chunksSinceStep = 0;
        } else if (stepsSeen >= stepsBefore) chunksSinceStep++;
        if (stepsSeen >= stepsBefore && chunksSinceStep >= chunksAfter) killed = signalServer(server, 'SIGKILL');
      };
      await page.goto(`${baseUrl}/`);
      await page.getByRole('button', { name: 'Send' }).waitFor();
      await page.waitForLoadState('networkidle');
      await page.getByLabel('Message').fill(PLAN.prompt);
      await page.getByRole('button', { name: 'Send' }).click();

      // The kill, or the end of the run if it came first (then the kill hits an idle server).
      await page.waitForFunction(
        () =>
          (window as unknown as { chatChunks: { type: string }[] }).chatChunks.some(
            (chunk) => chunk.type === 'finish',
          ) || document.querySelector('[role="alert"]') !== null,
        undefined,
        { timeout: 120_000, polling: 100 },
      );
      killed ??= signalServer(server, 'SIGKILL');
      await killed;
      await page.waitForTimeout(200); // the page takes in the broken stream
      const chunks = await page.evaluate(() => (window as unknown as { chatChunks: Chunk[] }).chatChunks);
      const chatId = await page.evaluate(() => (window as unknown as { chatIds: string[] }).chatIds[0]!);
      const seen = acceptedInFinishedSteps(chunks);
      console.log(
        `  killed after ${chunks.length} chunks; the browser saw ${chunks.filter((chunk) => chunk.type === 'finish-step').length} steps end, ${seen.size} accepted calls in them`,
      );

      await startServer(port, serverEnv);
      await page.goto(`${baseUrl}/chat/${chatId}`);
      await page.getByRole('button', { name: 'Send' }).waitFor();
      await page.waitForLoadState('networkidle');
      await checkAgreement(page, databasePath, chatId, seen, 'after the restart');

      // The chat goes on from the stored conversation until the plan is done.
      const before = await page.evaluate(() => (window as unknown as { chatChunks: Chunk[] }).chatChunks.length);
      await page.getByLabel('Message').fill('continue');
      await page.getByRole('button', { name: 'Send' }).click();
      await page.waitForFunction(
        (count) => {
          const all = (window as unknown as { chatChunks: { type: string }[] }).chatChunks;
          return (
            all.slice(count).some((chunk) => chunk.type === 'finish') &&
            document.querySelector('.chat-form button[type="submit"]') !== null
          );
        },
        before,
        { timeout: 120_000, polling: 100 },
      );
      await page.waitForTimeout(100);
      const after = await page.evaluate(() => (window as unknown as { chatChunks: Chunk[] }).chatChunks);
      const seenInBoth = new Map([...seen, ...acceptedInFinishedSteps(after.slice(before))]);
      const finalRows = await checkAgreement(page, databasePath, chatId, seenInBoth, 'after "continue"');
      check(
        `after "continue": the plan is finished (${PLAN.tasks.length} tasks, all completed)`,
        finalRows.length === PLAN.tasks.length && finalRows.every((row) => row.status === 'completed'),
        describeRows(finalRows),
      );
      await page.reload();
      await page.getByRole('button', { name: 'Send' }).waitFor();
      await checkAgreement(page, databasePath, chatId, seenInBoth, 'after a reload');
      casesRun++;
    }
  } finally {
    await browser.close();
  }
} catch (error) {
  check('the run reached its end', false, error instanceof Error ? error.message.split('\n')[0] : String(error));
  console.error(error);
} finally {
  await stopServer(server);
  rmSync(dataDirectory, { recursive: true, force: true });
}

const failed = checks.filter((entry) => !entry.ok);
for (const entry of failed) console.log(`  FAILED: ${entry.name}${entry.detail ? ` (${entry.detail})` : ''}`);
console.log(`\n${checks.length - failed.length} passed, ${failed.length} failed`);
console.log(
  `${casesRun} of ${CASES} fault cases ran (server killed ${killPoints.join('; ')}), ` +
    `${failed.length === 0 ? 'none lost or disagreed' : `${failed.length} checks failed`}`,
);
process.exit(failed.length === 0 && casesRun === CASES ? 0 : 1);
