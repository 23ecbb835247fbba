/**
 * The example on many machines: two `next start` servers on one throwaway PostgreSQL (chats, workflow
 * runs and their streams all in it). A page moved to the other server mid-answer picks the answer
 * up; a reader that reconnects at seeded chunk indexes gets the rest with no gap or duplicate; a
 * server killed mid-step leaves a run that the next server to start completes, equal to an
 * uninterrupted run; a server started while a step runs (the engine then runs that step twice) still
 * ends with the right conversation; racing requests across both servers get one answer and 409s;
 * Stop sent to the other server stops the answer, and cancels one whose server died; 50 concurrent
 * chats across both all complete.
 *
 * DEPLOY_SEED (default 1) picks the move, reconnect and kill points; LOAD_CHATS (default 50).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMIT_PLAN } from '../../examples/next-chat/lib/scripted-plans.js';
import { seededRandom } from '../../src/testing/seeded-random.js';
import { launchChromium } from '../support/launch-chromium.js';
import {
  acceptedLists,
  canonical,
  keyOf,
  queryPostgres,
  readStore,
  type Row,
  type StoredChat,
  stepReruns,
  waitForIdle,
} from './support/chat-store.js';
import {
  EXAMPLE,
  type ExampleServer,
  ExampleServers,
  newChatId,
  replayedTodos,
  userMessage,
} from './support/next-example.js';
import { errorLines, processGroupRss, signalGroup } from './support/next-server.js';
import { chatIdOf, openChat, pageRows, sampleChecklist, send, shownAlert } from './support/page-probes.js';
import { type PostgresServer, startPostgresServer } from './support/postgres-server.js';
import { runCommand } from './support/run-command.js';
import { type PostResult, postChat, recordChatChunks, resumeChat } from './support/sse-recorder.js';

const PLAN = LOGIN_LIMIT_PLAN;
const LOAD_CHATS = Number(process.env.LOAD_CHATS ?? 50);
const random = seededRandom(Number(process.env.DEPLOY_SEED ?? 1));
const seeded = (from: number, span: number): number => from + Math.floor(random() * span);
/** The page moves to the other server after these many chunks, twice. */
const MOVE_POINTS = [seeded(10, 80), seeded(100, 80)];
/** A reader leaves after these many chunks and reconnects there. */
const RECONNECT_POINTS = [seeded(1, 40), seeded(40, 400), seeded(440, 600)];
/** The server is killed at the first call input chunk after these many (inside a step: the plan streams ~1,680). */
const KILL_POINT = seeded(150, 700);

let postgres: PostgresServer;
let servers: ExampleServers;
let a: ExampleServer;
let b: ExampleServer;
let browser: Browser;
/** Reports each UI chunk it reads and each checklist state it shows (every frame, across loads). */
let page: Page;
let onChunk: (type: string) => void = () => {};
const samples: { rows: Row[]; load: number; visible: boolean }[] = [];

beforeAll(async () => {
  postgres = await startPostgresServer();
  await runCommand('npm', ['run', 'db:setup'], { cwd: EXAMPLE, env: { ...process.env, DATABASE_URL: postgres.url } });
  servers = new ExampleServers({ postgres: postgres.url });
  [a, b] = await Promise.all([servers.start('a'), servers.start('b')]);
  ({ browser } = await launchChromium());
  page = await (await browser.newContext()).newPage();
  await page.exposeFunction('onChatChunk', (type: string) => onChunk(type));
  await page.exposeFunction('onChecklistSample', (sample: { rows: Row[]; load: number; visible: boolean }) =>
    samples.push(sample),
  );
  await page.addInitScript(recordChatChunks);
  await page.addInitScript(sampleChecklist);
});

afterAll(async () => {
  await browser?.close();
  await servers?.stopAll();
  await postgres?.stop();
});

const store = (chatId: string): StoredChat => readStore(postgres.url, chatId);
/** The engine's status of workflow run `runId`: `running`, `completed`, `cancelled`… */
const runStatusOf = (runId: string | null): string =>
  queryPostgres(postgres.url, `SELECT status FROM workflow.workflow_runs WHERE id = '${runId}'`);
const idle = (chatId: string, timeoutMs?: number) => waitForIdle(postgres.url, chatId, timeoutMs);
const consistent = async (stored: StoredChat) =>
  expect(keyOf(stored.todos)).toBe(keyOf(await replayedTodos(stored.messages)));
const notCompleted = (rows: readonly Row[]) => rows.filter((row) => row.status !== 'completed');
/** The lines of a Markdown text as a person reads them on the page: no code or emphasis marks, spaces collapsed. */
const readable = (markdown: string): string[] =>
  markdown
    .replace(/`|\*\*/g, '')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim());
/** The lines of the servers' output that speak of an error (for a failure's report), each under its server's name. */
const serverErrors = (servers: Record<string, ExampleServer> = { a, b }): string =>
  Object.entries(servers)
    .flatMap(([name, server]) => errorLines(server, 30).map((line) => `${name}: ${line.slice(0, 300)}`))
    .join('\n');
const percentile = (values: readonly number[], p: number): number =>
  [...values].sort((x, y) => x - y)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;

/** An uninterrupted run of the plan, once: what the store holds after it, and the chunks it sent. */
let reference: Promise<{ result: PostResult; stored: StoredChat; seconds: number }> | undefined;
const referenceRun = () =>
  (reference ??= (async () => {
    const chatId = newChatId('reference');
    const started = performance.now();
    const result = await postChat(a.baseUrl, { id: chatId, message: userMessage(PLAN.prompt) });
    const seconds = (performance.now() - started) / 1000;
    await idle(chatId);
    return { result, stored: store(chatId), seconds };
  })());

/**
 * What every page sampled must hold: no empty frame once it had rows, no task twice, never an older
 * accepted list. `storedAtLoad` is the stored list when each page load began. A load starts from it
 * (empty is allowed while nothing is stored): the store keeps whole steps, so it can lag the list the
 * page before showed by the step then streaming; from there the page never goes back.
 */
async function checklistFaults(
  frames: readonly { rows: Row[]; load: number; visible: boolean }[],
  storedAtLoad: readonly Row[][],
) {
  const accepted = acceptedLists((await referenceRun()).stored.messages);
  const loads = [...new Set(frames.map((frame) => frame.load))];
  let hadRows = false;
  let previousLoad = -1;
  let newest = -1;
  const faults = { blank: 0, doubled: 0, backwards: 0 };
  const seen: string[] = [];
  const short = (rows: readonly Row[]) => rows.map((row) => `${row.content.slice(0, 12)}:${row.status[0]}`).join(', ');
  for (const { rows, load, visible } of frames) {
    const index = loads.indexOf(load);
    if (index !== previousLoad) {
      previousLoad = index;
      const stored = storedAtLoad[index] ?? [];
      seen.push(`${index} stored at load: ${short(stored)}`);
      hadRows = stored.length > 0;
      newest = stored.length > 0 ? accepted.lastIndexOf(keyOf(stored)) : -1;
    }
    seen.push(`${index}${visible ? '' : ' (not on screen)'} ${short(rows)}`);
    // Only what a person sees counts.
    if (!visible) continue;
    if (rows.length > 0) hadRows = true;
    else if (hadRows) faults.blank++;
    if (new Set(rows.map((row) => row.content)).size !== rows.length) faults.doubled++;
    const at = accepted.lastIndexOf(keyOf(rows));
    if (at !== -1 && at < newest) faults.backwards++;
    newest = Math.max(newest, at);
  }
  if (faults.blank + faults.doubled + faults.backwards > 0) console.log(seen.join('\n'));
  return faults;
}

it('an uninterrupted run finishes and ends with the plan completed', async () => {
  const { result, stored } = await referenceRun();
  expect(result.finished).toBe(true);
  expect(notCompleted(stored.todos)).toEqual([]);
  expect(stored.todos).toHaveLength(PLAN.tasks.length);
});

describe(`a page moved to the other server after ${MOVE_POINTS.join(' and ')} chunks`, () => {
  let starts = 0;
  let loads: number;
  let stored: StoredChat;
  let shown: Row[];
  let alert: string | null;
  const storedAtLoad: Row[][] = [[]];
  beforeAll(async () => {
    samples.length = 0;
    let seen = 0;
    let next = 0;
    let chatId = '';
    let moved: Promise<unknown> = Promise.resolve();
    const hosts = [b, a];
    onChunk = (type) => {
      seen++;
      if (type === 'start') starts++;
      if (next < MOVE_POINTS.length && seen >= MOVE_POINTS[next]! && chatId !== '') {
        const host = hosts[next++]!;
        moved = moved.then(() => {
          storedAtLoad.push(store(chatId).todos);
          return page.goto(`${host.baseUrl}/chat/${chatId}`, { waitUntil: 'commit' }).catch(() => {});
        });
      }
    };
    await openChat(page, `${a.baseUrl}/`);
    await send(page, PLAN.prompt);
    chatId = await chatIdOf(page);
    await idle(chatId);
    await moved;
    await page.getByRole('button', { name: 'Send' }).waitFor({ timeout: 30_000 });
    await page.waitForTimeout(300);
    onChunk = () => {};
    loads = new Set(samples.map((sample) => sample.load)).size;
    stored = store(chatId);
    shown = await pageRows(page);
    alert = await shownAlert(page);
  });

  it('each server picked up the running answer (one stream per page load)', () => {
    expect({ streams: starts, loads }).toEqual({ streams: MOVE_POINTS.length + 1, loads: MOVE_POINTS.length + 1 });
  });

  it('the checklist never goes empty, never shows a task twice, never goes back to an older list', async () => {
    expect(await checklistFaults(samples, storedAtLoad)).toEqual({ blank: 0, doubled: 0, backwards: 0 });
  });

  it("the stored chat equals the uninterrupted run's, and the page ends on it with no error", async () => {
    const { stored: expected } = await referenceRun();
    expect(canonical(stored.messages)).toBe(canonical(expected.messages));
    expect({ shown, alert }).toEqual({ shown: expected.todos, alert: null });
  });

  it('keeps the todos column = readTodos(stored conversation)', () => consistent(stored));
});

describe(`a reader reconnecting to the other server at chunks ${RECONNECT_POINTS.join(', ')}`, () => {
  let whole: PostResult;
  const pieces: PostResult[] = [];
  beforeAll(async () => {
    const chatId = newChatId('reconnect');
    const first = postChat(
      a.baseUrl,
      { id: chatId, message: userMessage(PLAN.prompt) },
      {
        abortAfterChunks: RECONNECT_POINTS[0]!,
      },
    );
    pieces.push(await first);
    // One reader stays from the first chunk to the last: the stream the others must add up to.
    const watcher = resumeChat(b.baseUrl, chatId);
    let from = RECONNECT_POINTS[0]!;
    for (const [index, point] of RECONNECT_POINTS.entries()) {
      const next = RECONNECT_POINTS[index + 1];
      const host = index % 2 === 0 ? b : a;
      const piece = await readPiece(host, chatId, from, next === undefined ? undefined : next - point);
      pieces.push(piece);
      from = next ?? from;
    }
    whole = await watcher;
    await idle(chatId);
  });

  /** Chunks `from` on of the running answer, `count` of them (all to the end when `undefined`). */
  const readPiece = (host: ExampleServer, chatId: string, from: number, count?: number): Promise<PostResult> =>
    resumeChat(host.baseUrl, chatId, from, count === undefined ? {} : { abortAfterChunks: count });

  it('the pieces add up to the whole stream: no gap, no duplicate', () => {
    expect(whole.finished).toBe(true);
    const joined = pieces.flatMap((piece) => piece.events);
    expect(joined.length).toBe(whole.events.length);
    expect(joined).toEqual(whole.events);
  });

  it('the whole stream is the uninterrupted run (same chunks)', async () => {
    const strip = (events: readonly string[]) => events.map((event) => event.replace(/"messageId":"[^"]+"/, ''));
    expect(strip(whole.events)).toEqual(strip((await referenceRun()).result.events));
  });
});

describe(`a server killed (SIGKILL) ${KILL_POINT} chunks into an answer`, () => {
  let chatId: string;
  let restartToDoneMs: number;
  let chunksAtKill: number;
  let runId: string | null;
  let pageText: string;
  let stored: StoredChat;
  let shown: Row[];
  let alert: string | null;
  const watched: { rows: Row[]; load: number; visible: boolean }[] = [];
  const storedAtLoad: Row[][] = [[]];
  let starts = 0;
  beforeAll(async () => {
    // One server only, so the one killed is the one running the step.
    await b.stop();
    chatId = newChatId('killed');
    let seen = 0;
    let deltasInCall = 0;
    let killed: Promise<unknown> | undefined;
    onChunk = (type) => {
      seen++;
      if (type === 'start') starts++;
      if (type === 'tool-input-start') deltasInCall = 0;
      if (type === 'tool-input-delta') deltasInCall++;
      // Mid-call: a todo_write's input has just begun to stream (its first task at most), so the step is still
      // running and the list on screen is no accepted one; a cut-off call then brings the accepted list back.
      if (seen >= KILL_POINT && type === 'tool-input-delta' && deltasInCall <= 8 && killed === undefined) {
        killed = signalGroup(a.child, 'SIGKILL');
      }
    };
    samples.length = 0;
    await openChat(page, `${a.baseUrl}/`);
    await send(page, PLAN.prompt);
    chatId = await chatIdOf(page);
    const deadline = Date.now() + 60_000;
    while (killed === undefined && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    await killed;
    chunksAtKill = seen;
    runId = store(chatId).runId;
    expect(runId, 'the answer was still running when its server died').not.toBeNull();
    // The other server starts (as an orchestrator would bring up a replacement) and takes the run over.
    const restarted = performance.now();
    b = await servers.start('b');
    storedAtLoad.push(store(chatId).todos);
    await page.goto(`${b.baseUrl}/chat/${chatId}`, { waitUntil: 'commit' });
    if (!(await idle(chatId, 90_000))) {
      a = await servers.start('a');
      throw new Error(`the run did not complete:\n${b.output().slice(-4000)}`);
    }
    restartToDoneMs = performance.now() - restarted;
    await page.getByRole('button', { name: 'Send' }).waitFor({ timeout: 30_000 });
    await page.waitForTimeout(300);
    onChunk = () => {};
    watched.push(...samples);
    stored = store(chatId);
    shown = await pageRows(page);
    alert = await shownAlert(page);
    // The conversation only: the suggestions under the input repeat the prompt.
    pageText = (await page.getByRole('region', { name: 'Conversation' }).locator('ol').first().textContent()) ?? '';
    a = await servers.start('a');
    console.log(
      `killed after ${chunksAtKill} chunks; the other server's start to the answer's end: ${(restartToDoneMs / 1000).toFixed(1)} s; ` +
        `step runs started again: ${stepReruns(postgres.url, runId!)}`,
    );
  });

  it('the kill hit inside a step: the engine ran that step again', () => {
    expect(stepReruns(postgres.url, runId!)).toBeGreaterThanOrEqual(1);
  });

  it("the run completes once a server starts, and the stored chat equals the uninterrupted run's", async () => {
    const { stored: expected } = await referenceRun();
    expect(canonical(stored.messages)).toBe(canonical(expected.messages));
    expect(stored.todos).toEqual(expected.todos);
  });

  it('each accepted list is stored exactly once, in order', async () => {
    expect(acceptedLists(stored.messages)).toEqual(acceptedLists((await referenceRun()).stored.messages));
  });

  it('the checklist on the page watching it never went empty, showed a task twice or went back', async () => {
    expect(watched.length).toBeGreaterThan(0);
    expect(await checklistFaults(watched, storedAtLoad)).toEqual({ blank: 0, doubled: 0, backwards: 0 });
  });

  it('the page ends on the stored list with no error', () => {
    expect({ shown, alert, streams: starts }).toEqual({ shown: stored.todos, alert: null, streams: 2 });
  });

  it("the page ends on the stored transcript: the interrupted step's text is not shown twice", () => {
    // The page renders the agent's Markdown: a person reads each line without its marks.
    const lines = stored.messages
      .flatMap((message) => message.parts.flatMap((part) => (part.type === 'text' ? readable(String(part.text)) : [])))
      .filter((line) => line.length > 20);
    const page = pageText.replace(/\s+/g, ' ');
    const times = (text: string, part: string): number => text.split(part).length - 1;
    expect(lines.length).toBeGreaterThan(0);
    expect(
      [...new Set(lines)].filter((line) => times(page, line) !== lines.filter((each) => each === line).length),
    ).toEqual([]);
  });

  it('keeps the todos column = readTodos(stored conversation)', () => consistent(stored));
});

describe('a server started while another runs a step (where the engine may run that step twice)', () => {
  let stored: StoredChat;
  let result: PostResult;
  let watcher: PostResult;
  const watched: { rows: Row[]; load: number; visible: boolean }[] = [];
  let storedAtLoad: Row[][];
  let third: ExampleServer;
  let reruns: number;
  let runStatus: string;
  let errors: string;
  beforeAll(async () => {
    const chatId = newChatId('twice');
    samples.length = 0;
    await b.stop();
    const answered = postChat(a.baseUrl, { id: chatId, message: userMessage(PLAN.prompt) });
    // Once the first list is stored the next step runs: a new server, whose start puts the running run back in the queue.
    const deadline = Date.now() + 60_000;
    while (store(chatId).todos.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const runId = store(chatId).runId!;
    third = await servers.start('third');
    const watching = resumeChat(third.baseUrl, chatId);
    storedAtLoad = [store(chatId).todos];
    await page.goto(`${third.baseUrl}/chat/${chatId}`, { waitUntil: 'commit' });
    [result, watcher] = await Promise.all([answered, watching]);
    await idle(chatId);
    await page.getByRole('button', { name: 'Send' }).waitFor({ timeout: 30_000 });
    watched.push(...samples);
    stored = store(chatId);
    // b was stopped before the answer: only the two servers that ran it can say why a stream ended short.
    errors = serverErrors({ a, third });
    await third.stop();
    b = await servers.start('b');
    reruns = stepReruns(postgres.url, runId);
    runStatus = runStatusOf(runId);
    console.log(
      `a server started mid-step: step runs started again ${reruns}; the answer's response carried ${result.events.length} chunks, ` +
        `a reader on the new server ${watcher.events.length}, an uninterrupted run ${(await referenceRun()).result.events.length}`,
    );
  });

  it("the stored conversation and list are the uninterrupted run's", async () => {
    const { stored: expected } = await referenceRun();
    expect(canonical(stored.messages)).toBe(canonical(expected.messages));
    expect(stored.todos).toEqual(expected.todos);
  });

  it("the answer's response and a reader on the new server both end with the answer", () => {
    // A failure names each stream's last chunks, the run's status and the servers' errors.
    const ending = ({ finished, error, chunks }: PostResult) => ({ finished, error, last: chunks.slice(-4) });
    expect(
      { response: result.finished, reader: watcher.finished },
      `${JSON.stringify({ reruns, runStatus, response: ending(result), reader: ending(watcher) })}\n${errors}`,
    ).toEqual({ response: true, reader: true });
  });

  it('the page never shows a task twice or goes empty; it never goes back unless the engine ran a step twice', async () => {
    const faults = await checklistFaults(watched, storedAtLoad);
    // Two runs of a step writing at once can cost the page's replay chunks; it may then show an older list for a moment.
    if (reruns > 0) console.log(`a step ran twice: the page went back ${faults.backwards} time(s)`);
    expect(faults).toEqual({ blank: 0, doubled: 0, backwards: reruns > 0 ? faults.backwards : 0 });
  });

  it('keeps the todos column = readTodos(stored conversation)', () => consistent(stored));
});

describe.each([2, 5])('%i racing requests on one chat across both servers', (racers) => {
  let results: PostResult[];
  let stored: StoredChat;
  const messages = Array.from({ length: racers }, (_, index) => userMessage(`${PLAN.prompt} (${index})`));
  beforeAll(async () => {
    const chatId = newChatId(`race${racers}`);
    results = await Promise.all(
      messages.map((message, index) => postChat((index % 2 === 0 ? a : b).baseUrl, { id: chatId, message })),
    );
    await idle(chatId);
    stored = store(chatId);
  });

  it('one is answered, every other gets 409 with the same message', () => {
    expect(results.filter((result) => result.status === 200 && result.finished)).toHaveLength(1);
    const refused = results.filter((result) => result.status === 409);
    expect(refused).toHaveLength(racers - 1);
    expect(new Set(refused.map((result) => result.error))).toEqual(
      new Set(['The agent is still answering. Wait for it, or stop it.']),
    );
  });

  it("the store holds the winner's message and one answer: nothing lost, nothing doubled", () => {
    const winner = messages[results.findIndex((result) => result.status === 200)]!;
    expect(stored.messages.map((message) => message.role)).toEqual(['user', 'assistant']);
    expect(stored.messages[0]!.id).toBe(winner.id);
    expect(notCompleted(stored.todos)).toEqual([]);
  });
});

describe('Stop sent to the other server', () => {
  let stopped: { stopped: boolean };
  let released: boolean;
  let atStop: StoredChat;
  let later: StoredChat;
  let result: PostResult;
  let runStatus: string;
  beforeAll(async () => {
    const chatId = newChatId('stop');
    let answered: Promise<PostResult> | undefined;
    const firstList = new Promise<void>((resolve) => {
      answered = postChat(a.baseUrl, { id: chatId, message: userMessage(PLAN.prompt) });
      const poll = setInterval(() => {
        if (store(chatId).todos.length > 0) {
          clearInterval(poll);
          resolve();
        }
      }, 50);
    });
    await firstList;
    const { runId } = store(chatId);
    stopped = (await (await fetch(`${b.baseUrl}/api/chat/${chatId}/stop`, { method: 'POST' })).json()) as {
      stopped: boolean;
    };
    released = await idle(chatId, 10_000);
    result = await answered!;
    atStop = store(chatId);
    runStatus = runStatusOf(runId);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    later = store(chatId);
  });

  it('ends the answer through its own step (the run completes, not cancelled): its stream finishes, the chat is released, nothing is added after', async () => {
    expect({ stopped: stopped.stopped, released, finished: result.finished, runStatus }).toEqual({
      stopped: true,
      released: true,
      finished: true,
      runStatus: 'completed',
    });
    expect(later.messages).toEqual(atStop.messages);
    expect(canonical(later.messages)).not.toBe(canonical((await referenceRun()).stored.messages));
  });

  it('keeps the todos column = readTodos(stored conversation)', () => consistent(later));
});

describe('Stop after the server running the answer died', () => {
  let stopped: { stopped: boolean };
  let stopMs: number;
  let released: boolean;
  let reader: PostResult | 'still open';
  let atStop: StoredChat;
  let next: PostResult;
  let answered: StoredChat;
  let afterRestart: StoredChat;
  let runStatus: string;
  let statusAfterRestart: string;
  beforeAll(async () => {
    const chatId = newChatId('dead-stop');
    // Both servers run a slower model, so that the kill lands well inside a step rather than between
    // two (a step the surviving server would pick up, see the Stop and end by itself).
    const slow = { SCRIPTED_MODEL_SPEED: '1' };
    await Promise.all([a.stop(), b.stop()]);
    [a, b] = await Promise.all([servers.start('a', slow), servers.start('b', slow)]);
    let steps = 0;
    let inSecondStep: () => void = () => {};
    const reached = new Promise<void>((resolve) => {
      inSecondStep = resolve;
    });
    const onChunk = (type: string) => {
      if (type === 'start-step') steps++;
      if (steps >= 2 && type === 'tool-input-delta') inSecondStep();
    };
    postChat(a.baseUrl, { id: chatId, message: userMessage(PLAN.prompt) }, { onChunk }).catch(() => {});
    await reached;
    const runId = store(chatId).runId!;
    // Either server's worker may run the step: freeze a for a moment; if the stream still grows, b runs it.
    const chunksWritten = () =>
      Number(
        queryPostgres(postgres.url, `SELECT count(*) FROM workflow.workflow_stream_chunks WHERE run_id = '${runId}'`),
      );
    process.kill(-a.child!.pid!, 'SIGSTOP');
    const frozenAt = chunksWritten();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const runsOnB = chunksWritten() > frozenAt;
    process.kill(-a.child!.pid!, 'SIGCONT');
    const [dead, live] = runsOnB ? (['b', b] as const) : (['a', a] as const);
    const survivor = runsOnB ? a : b;
    await signalGroup(live.child, 'SIGKILL');
    // A page on the surviving server follows the answer; no server runs its step now.
    const reading = resumeChat(survivor.baseUrl, chatId);
    const asked = performance.now();
    stopped = (await (await fetch(`${survivor.baseUrl}/api/chat/${chatId}/stop`, { method: 'POST' })).json()) as {
      stopped: boolean;
    };
    stopMs = performance.now() - asked;
    released = await idle(chatId, 5_000);
    reader = await Promise.race([
      reading,
      new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), 15_000)),
    ]);
    atStop = store(chatId);
    runStatus = runStatusOf(runId);
    next = await postChat(survivor.baseUrl, { id: chatId, message: userMessage('Thanks, that is all for now.') });
    answered = store(chatId);
    // The dead server comes back (its start puts the runs it left back in the queue); both at full speed again.
    await survivor.stop();
    [a, b] = await Promise.all([servers.start('a'), servers.start('b')]);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    afterRestart = store(chatId);
    statusAfterRestart = runStatusOf(runId);
    console.log(
      `Stop of an answer whose server (${dead}) died: answered in ${(stopMs / 1000).toFixed(1)} s by the other server`,
    );
  });

  it('cancels the run: the chat is released and keeps the steps stored before the kill', () => {
    expect({ stopped: stopped.stopped, released, runStatus }).toEqual({
      stopped: true,
      released: true,
      runStatus: 'cancelled',
    });
    expect(acceptedLists(atStop.messages).length).toBeGreaterThan(0);
  });

  it('a reader on the surviving server gets the end of the answer', () => {
    expect(reader === 'still open' ? reader : reader.finished).toBe(true);
  });

  it('the chat takes the next message, answered by the surviving server', () => {
    expect({ status: next.status, finished: next.finished }).toEqual({ status: 200, finished: true });
    expect(answered.messages.slice(0, atStop.messages.length)).toEqual(atStop.messages);
    expect(answered.messages.slice(atStop.messages.length).map((message) => message.role)).toEqual([
      'user',
      'assistant',
    ]);
  });

  it('the cancelled run does not come back when its server restarts', () => {
    expect(statusAfterRestart).toBe('cancelled');
    expect(afterRestart.messages).toEqual(answered.messages);
    expect(afterRestart.answering).toBeNull();
  });

  it('keeps the todos column = readTodos(stored conversation)', () => consistent(afterRestart));
});

describe(`${LOAD_CHATS} concurrent chats across both servers`, () => {
  let results: PostResult[];
  let stored: StoredChat[];
  let chatIds: string[];
  beforeAll(async () => {
    const hosts = [a, b];
    const peak = hosts.map((host) => processGroupRss(host.child.pid!));
    const before = [...peak];
    const sampler = setInterval(() => {
      hosts.forEach((host, index) => {
        peak[index] = Math.max(peak[index]!, processGroupRss(host.child.pid!));
      });
    }, 100);
    chatIds = Array.from({ length: LOAD_CHATS }, (_, index) => newChatId(`load${index}`));
    const started = performance.now();
    results = await Promise.all(
      chatIds.map((id, index) => postChat(hosts[index % 2]!.baseUrl, { id, message: userMessage(PLAN.prompt) })),
    );
    const wall = (performance.now() - started) / 1000;
    await Promise.all(chatIds.map((id) => idle(id)));
    clearInterval(sampler);
    stored = chatIds.map(store);
    const firstChunk = results.map((result) => result.firstChunkMs ?? Number.NaN);
    const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
    console.log(
      `${LOAD_CHATS} chats on 2 servers in ${wall.toFixed(1)} s wall (one chat alone: ${(await referenceRun()).seconds.toFixed(1)} s); ` +
        `first chunk p50 ${percentile(firstChunk, 50).toFixed(0)} ms, p95 ${percentile(firstChunk, 95).toFixed(0)} ms; ` +
        `RSS a ${megabytes(before[0]!)} → peak ${megabytes(peak[0]!)} MB, b ${megabytes(before[1]!)} → peak ${megabytes(peak[1]!)} MB; ` +
        `chunks per answer ${Math.min(...results.map((result) => result.chunks.length))} to ${Math.max(...results.map((result) => result.chunks.length))}`,
    );
  });

  it('all complete, each with the whole plan done', () => {
    const incomplete = stored.flatMap((chat, index) => {
      const result = results[index]!;
      if (result.finished && chat.todos.length === PLAN.tasks.length && notCompleted(chat.todos).length === 0)
        return [];
      return [
        {
          chat: chatIds[index],
          status: result.status,
          chunks: result.chunks.length,
          last: result.chunks.slice(-3),
          errors: result.events.filter((event) => event.includes('"type":"error"')),
          todos: `${chat.todos.length - notCompleted(chat.todos).length} of ${chat.todos.length} done`,
        },
      ];
    });
    if (incomplete.length > 0) console.log(serverErrors());
    expect(incomplete).toEqual([]);
  });

  it('every stored list = readTodos of its chat', async () => {
    const replayed = await Promise.all(stored.map((chat) => replayedTodos(chat.messages)));
    expect(stored.filter((chat, index) => keyOf(chat.todos) !== keyOf(replayed[index]!)).length).toBe(0);
  });
});
