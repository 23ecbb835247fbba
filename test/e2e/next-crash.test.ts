/**
 * Crash recovery of the Next.js example. For each seeded kill point of the scripted multi-step
 * run, the chat starts in Chromium, the `next start` process group is killed with SIGKILL, and the
 * server starts again on the same database and workflow data, on the same port. The answer's run
 * goes on by itself and completes, with no new message; the chat is then reloaded. The page's
 * checklist, the `todos` table and `readTodos` over the stored conversation (as the model's next
 * prompt will see it) hold the same finished list, every todo_write call the browser saw accepted
 * in a step it saw end is stored as accepted, and the stored conversation is the one an
 * uninterrupted run of the same prompt stores. Two more cases leave a step's end half recorded by
 * the engine, as a server killed inside that record does, and the run must still complete.
 *
 * FAULT_SEED (default 1) picks the kill points, FAULT_CASES (default 4) how many.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMIT_PLAN } from '../../examples/next-chat/lib/scripted-plans.js';
import { seededRandom } from '../../src/testing/seeded-random.js';
import { launchChromium } from '../support/launch-chromium.js';
import { acceptedCalls, canonical, readStore, type Row, type StoredChat, waitForIdle } from './support/chat-store.js';
import { type ExampleServer, ExampleServers, importInstalled, newChatId, userMessage } from './support/next-example.js';
import { signalGroup } from './support/next-server.js';
import { openChat, pageRows, send } from './support/page-probes.js';
import { type Chunk, postChat, recordChatChunks, recordedChunks } from './support/sse-recorder.js';

const PLAN = LOGIN_LIMIT_PLAN;
const random = seededRandom(Number(process.env.FAULT_SEED ?? 1));
/** Kill after the browser saw `stepsBefore` steps end and then `chunksAfter` more chunks. */
const KILL_POINTS = Array.from({ length: Number(process.env.FAULT_CASES ?? 4) }, () => ({
  stepsBefore: Math.floor(random() * 7),
  chunksAfter: Math.floor(random() * 80),
}));

const servers = new ExampleServers();
let server: ExampleServer;
let browser: Browser;
/** One page for every case: the launcher may run Chromium as a single process, which a closed page can take down. */
let page: Page;
let onChunk: (type: string) => void = () => {};
// The example's own copies of the package and the SDK: what its route runs.
let readTodos: typeof import('todo-write').readTodos;
let todoWrite: typeof import('todo-write').todoWrite;
let convertToModelMessages: typeof import('ai').convertToModelMessages;
/** The conversation an uninterrupted run of the prompt stores ({@link canonical}). */
let uninterrupted: string;

beforeAll(async () => {
  ({ readTodos, todoWrite } = await importInstalled<typeof import('todo-write')>('todo-write/dist/index.js'));
  ({ convertToModelMessages } = await importInstalled<typeof import('ai')>('ai/dist/index.js'));
  server = await servers.start('crash', { SCRIPTED_MODEL_SPEED: '8' });
  ({ browser } = await launchChromium());
  page = await browser.newPage();
  await page.exposeFunction('onChatChunk', (type: string) => onChunk(type));
  await page.addInitScript(recordChatChunks);
  const chatId = newChatId('uninterrupted');
  const started = performance.now();
  const posted = await postChat(server.baseUrl, { id: chatId, message: userMessage(PLAN.prompt) });
  console.log(`an uninterrupted run: ${Math.round(performance.now() - started)} ms`);
  if (!posted.finished || !(await waitForIdle(server.database, chatId)))
    throw new Error('the uninterrupted run did not end');
  uninterrupted = canonical(readStore(server.database, chatId).messages);
});

afterAll(async () => {
  await browser?.close();
  await servers.stopAll();
});

const plain = (rows: readonly Row[]): Row[] => rows.map(({ content, status }) => ({ content, status }));

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

/** The three lists, the calls the browser saw accepted that the store does not hold as accepted, and the stored conversation. */
async function readAgreement(chatId: string, seen: Map<string, unknown>) {
  const stored = readStore(server.database, chatId);
  const prompt = await convertToModelMessages(stored.messages as never, {
    tools: { todo_write: todoWrite },
    ignoreIncompleteToolCalls: true,
  });
  const accepted = acceptedCalls(stored.messages);
  return {
    page: plain(await pageRows(page)),
    table: plain(stored.todos),
    replayed: plain(readTodos(stored.messages as never)),
    prompt: plain(readTodos(prompt)),
    seen: seen.size,
    lost: [...seen]
      .filter(([toolCallId, input]) => JSON.stringify(accepted.get(toolCallId)) !== JSON.stringify(input))
      .map(([toolCallId]) => toolCallId),
    conversation: canonical(stored.messages),
  };
}

describe.each(KILL_POINTS)(
  'SIGKILL after $stepsBefore finished step(s) + $chunksAfter chunks',
  ({ stepsBefore, chunksAfter }) => {
    let completed: boolean;
    let observed: Awaited<ReturnType<typeof readAgreement>>;
    beforeAll(async () => {
      let killed: Promise<unknown> | undefined;
      let stepsSeen = 0;
      let chunksSinceStep = 0;
      onChunk = (type) => {
        if (killed !== undefined) return;
        if (type === 'finish-step') {
          stepsSeen++;
          chunksSinceStep = 0;
        } else if (stepsSeen >= stepsBefore) chunksSinceStep++;
        if (stepsSeen >= stepsBefore && chunksSinceStep >= chunksAfter) killed = signalGroup(server.child, 'SIGKILL');
      };
      await openChat(page, `${server.baseUrl}/`);
      await send(page, PLAN.prompt);
      // The kill, or the end of the run if it came first (then the kill hits an idle server).
      await page.waitForFunction(
        () =>
          (window as unknown as { chatChunks: Chunk[] }).chatChunks.some((chunk) => chunk.type === 'finish') ||
          document.querySelector('[role="alert"]') !== null,
        undefined,
        { timeout: 120_000, polling: 100 },
      );
      killed ??= signalGroup(server.child, 'SIGKILL');
      await killed;
      await page.waitForTimeout(200); // the page takes in the broken stream
      const chunks = await recordedChunks(page);
      const chatId = await page.evaluate(() => (window as unknown as { chatIds: string[] }).chatIds[0]!);
      const seen = acceptedInFinishedSteps(chunks);

      // Nothing is sent after the restart: the engine picks the run up and it ends by itself.
      const restarted = performance.now();
      server = await servers.start('crash', { SCRIPTED_MODEL_SPEED: '8' }, server.port);
      const listening = performance.now();
      completed = await waitForIdle(server.database, chatId);
      const ms = (since: number): string => `${Math.round(performance.now() - since)} ms`;
      console.log(
        `SIGKILL after ${stepsBefore} step(s) + ${chunksAfter} chunks (${chunks.length} seen): restart → completed ${ms(restarted)} (server up in ${Math.round(listening - restarted)} ms)`,
      );
      await openChat(page, `${server.baseUrl}/chat/${chatId}`);
      observed = await readAgreement(chatId, seen);
    });

    it('the answer completes after the restart, with no new message', () => expect(completed).toBe(true));
    it('the page (reloaded) shows the todos table', () => expect(observed.page).toEqual(observed.table));
    it("todos table = readTodos(stored conversation) = the next prompt's list", () => {
      expect({ replayed: observed.replayed, prompt: observed.prompt }).toEqual({
        replayed: observed.table,
        prompt: observed.table,
      });
    });
    it('every call the browser saw accepted in a finished step is stored as accepted', () => {
      expect(observed.lost, `of ${observed.seen} calls seen`).toEqual([]);
    });
    it('the stored conversation is the one an uninterrupted run stores', () => {
      expect(observed.conversation).toBe(uninterrupted);
    });
    it(`the plan is finished (${PLAN.tasks.length} tasks, all completed)`, () => {
      expect(observed.page.map((row) => row.status)).toEqual(Array(PLAN.tasks.length).fill('completed'));
    });
  },
);

/**
 * The local world records a step's end in three writes: a lock file claiming the end, the step's
 * file marked completed, then the step_completed event. Leaves the running step of `runId` as a
 * server killed between them does: the claim alone, or (`completed`) the claim and the step's
 * file, without the event.
 */
function tearStepEnd(runs: string, runId: string, completed: boolean): void {
  const steps = join(runs, 'steps');
  const records = readdirSync(steps)
    .filter((file) => file.startsWith(`${runId}-`))
    .map((file) => ({ file: join(steps, file), step: JSON.parse(readFileSync(join(steps, file), 'utf8')) }));
  const running = records.filter(({ step }) => step.status === 'running');
  if (running.length !== 1) throw new Error(`expected one running step, found ${running.length}`);
  const { file, step } = running[0]!;
  mkdirSync(join(runs, '.locks', 'steps'), { recursive: true });
  writeFileSync(join(runs, '.locks', 'steps', `${runId}-${step.stepId}.terminal`), '');
  if (!completed) return;
  // What the step would have returned: the answer goes on, like the steps before it.
  const { output } = records.find(({ step }) => step.status === 'completed')!.step;
  writeFileSync(file, JSON.stringify({ ...step, status: 'completed', output, completedAt: step.updatedAt }));
}

describe.each([
  { written: 'the claim of its end', completed: false },
  { written: 'the claim and the step marked completed, without its event', completed: true },
])('SIGKILL while the engine records a step as finished: $written', ({ completed: stepMarked }) => {
  let completed: boolean;
  let stored: StoredChat;
  beforeAll(async () => {
    const chatId = newChatId('torn');
    let killed: Promise<unknown> | undefined;
    let steps = 0;
    let chunksAfter = 0;
    await postChat(
      server.baseUrl,
      { id: chatId, message: userMessage(PLAN.prompt) },
      {
        onChunk: (type) => {
          if (type === 'finish-step') steps++;
          else if (steps >= 2 && ++chunksAfter === 20) killed ??= signalGroup(server.child, 'SIGKILL');
        },
      },
    );
    await killed;
    tearStepEnd(server.runs!, readStore(server.database, chatId).runId!, stepMarked);
    const restarted = performance.now();
    server = await servers.start('crash', { SCRIPTED_MODEL_SPEED: '8' }, server.port);
    completed = await waitForIdle(server.database, chatId, 60_000);
    console.log(
      `a step's end half written (${stepMarked ? 'claimed, marked' : 'claimed'}): restart → completed ${Math.round(performance.now() - restarted)} ms`,
    );
    stored = readStore(server.database, chatId);
  });

  it('the answer completes after the restart, with no new message', () => expect(completed).toBe(true));
  it('the stored conversation is the one an uninterrupted run stores', () => {
    expect(canonical(stored.messages)).toBe(uninterrupted);
  });
  it(`the plan is finished (${PLAN.tasks.length} tasks, all completed)`, () => {
    expect(stored.todos.map((row) => row.status)).toEqual(Array(PLAN.tasks.length).fill('completed'));
  });
});
