/**
 * Every workaround of the Workflow SDK engine (workflow 4.8, @workflow/world-local 4.4,
 * @workflow/world-postgres 4.3) in one place, each named for what it works around, with the upstream
 * issue and when it can go. The rest of the app writes and reads a run's stream as if the engine had
 * none of these gaps.
 */
import type { UIMessageChunk } from 'ai';

/** Which run of which step wrote a chunk. */
export interface StepRun {
  /** A fresh id each time a step starts. */
  id: string;
  /** The step's place in the answer: a later step is newer than any run of an earlier one. */
  step: number;
  /** The engine's count of the step's runs: a higher one is the newer run of the same step. */
  attempt: number;
}

/** A chunk as a step writes it into the run's stream. */
export interface RunChunk {
  by: StepRun;
  /** Its place among the chunks its step run wrote, from 0: a reader knows when one never reached it. */
  seq: number;
  chunk: UIMessageChunk;
}

/** The transient data chunk sent when a step was cut off, or run again: the page shows the stored chat once the answer ends. */
export const STEP_CUT_OFF = 'data-step-cut-off';

/** What a part left open by a step run that is no longer followed is told. */
export const INTERRUPTED = 'This step was interrupted.';

/** Whether a run with the engine's `status` may still write: it has not completed, failed or been cancelled. */
export const isRunActive = (status: string): boolean => status === 'pending' || status === 'running';

/** Whether `a` is a later step, or a later run of the same step, than `b`. */
const isNewer = (a: StepRun, b: StepRun): boolean => a.step > b.step || (a.step === b.step && a.attempt > b.attempt);

/**
 * WORKAROUND "a step's runs share one stream": a step runs again when its server died mid-step, and the
 * engine has also started a live step twice (vercel/workflow#2780, #3553). Each run appends to the
 * run's one stream with no attempt id or idempotency key (https://github.com/vercel/workflow/issues/3387,
 * open), so a reader would get both runs' chunks: a task twice, a call that never ends.
 * WORKAROUND "live delivery drops chunks": world-postgres' reader skips a chunk whose id sorts at or
 * below the last it passed on (`lastChunkId >= msg.id` in its streamer), so two runs writing at once
 * lose chunks on the way to a live reader though all are stored. Upstream: none for two writers
 * (#1002 fixed the single-writer order; #1855, open, is about missed notifications).
 *
 * What it does: the UI chunks of the newest step run, from the `from`-th on. When a newer run starts
 * writing, the parts the earlier one left open are closed (a streaming call ends as an input error, so
 * the checklist falls back to the last accepted list) and whatever the earlier one writes later is
 * dropped; a run one of whose chunks never arrived (a gap in `seq`) is left the same way. `from` counts
 * what this reader passes on: a reader reconnecting at `n` reads the run from its start.
 *
 * Delete when a retried step's writes replace its earlier attempt's (#3387) and a live reader gets every
 * stored chunk: test/next-answer-stream.test.ts and test/e2e/next-crash.test.ts then pass without it.
 */
export function followNewestStepRun(from = 0): TransformStream<RunChunk, UIMessageChunk> {
  let output: TransformStreamDefaultController<UIMessageChunk>;
  const follower = newestStepRunFollower(from, (chunk) => output.enqueue(chunk));
  return new TransformStream({
    start(controller) {
      output = controller;
    },
    transform: (runChunk) => follower.take(runChunk),
    flush: () => follower.end(),
  });
}

/**
 * The UI chunks {@link followNewestStepRun} has passed on once `stored`, the run's chunks so far, reached
 * it: what a page reading the answer from its first chunk holds now.
 */
export function followedSoFar(stored: readonly RunChunk[]): UIMessageChunk[] {
  const chunks: UIMessageChunk[] = [];
  const follower = newestStepRunFollower(0, (chunk) => chunks.push(chunk));
  for (const runChunk of stored) follower.take(runChunk);
  return chunks;
}

/** {@link followNewestStepRun} fed one chunk at a time: `take` each, `end` once the run's stream ends. */
function newestStepRunFollower(
  from: number,
  pass: (chunk: UIMessageChunk) => void,
): { take: (runChunk: RunChunk) => void; end: () => void } {
  let passed = 0;
  let current: StepRun | undefined;
  /** The `seq` the current run's next chunk must have. */
  let expected = 0;
  const superseded = new Set<string>();
  let stepOpen = false;
  const texts = new Set<string>();
  const reasonings = new Set<string>();
  /** Open tool calls: the input streamed so far, and whether it is complete (then the output is awaited). */
  const calls = new Map<string, { toolName: string; input: string; complete: boolean }>();
  /** Whether the answer's `finish` (or a failed run's `error`) was passed on. */
  let finished = false;
  const emit = (chunk: UIMessageChunk): void => {
    if (chunk.type === 'finish' || chunk.type === 'error') finished = true;
    if (passed++ >= from) pass(chunk);
  };

  return {
    take({ by, seq, chunk }) {
      if (superseded.has(by.id)) return;
      // A reader may meet an older run's chunk after the newer run's first.
      if (current !== undefined && isNewer(current, by)) {
        superseded.add(by.id);
        return;
      }
      if (current === undefined || by.id !== current.id) {
        if (current !== undefined && !superseded.has(current.id)) leave(current, by.step === current.step);
        current = by;
        expected = 0;
      }
      if (seq !== expected) {
        leave(current, true);
        return;
      }
      expected += 1;
      track(chunk);
      emit(chunk);
    },
    end() {
      // The stream ends only once the answer did: an end whose `finish` never reached this reader still ends the page's answer.
      if (finished) return;
      if (current !== undefined && !superseded.has(current.id)) leave(current, false);
      emit({ type: 'finish' });
    },
  };

  /**
   * Stops following `run`: closes what it left open; `ranAgain` (or a step left open) tells the page
   * to show the stored chat once the answer ends, since it shows the run's parts until then.
   */
  function leave(run: StepRun, ranAgain: boolean): void {
    for (const id of texts) emit({ type: 'text-end', id });
    for (const id of reasonings) emit({ type: 'reasoning-end', id });
    for (const [toolCallId, call] of calls) {
      emit(
        call.complete
          ? { type: 'tool-output-error', toolCallId, errorText: INTERRUPTED }
          : {
              type: 'tool-input-error',
              toolCallId,
              toolName: call.toolName,
              input: call.input,
              errorText: INTERRUPTED,
            },
      );
    }
    if (stepOpen) emit({ type: 'finish-step' });
    if (stepOpen || ranAgain) emit({ type: STEP_CUT_OFF, data: null, transient: true });
    texts.clear();
    reasonings.clear();
    calls.clear();
    stepOpen = false;
    superseded.add(run.id);
  }

  function track(chunk: UIMessageChunk): void {
    switch (chunk.type) {
      case 'start-step':
        stepOpen = true;
        break;
      case 'finish-step':
        stepOpen = false;
        break;
      case 'text-start':
        texts.add(chunk.id);
        break;
      case 'text-end':
        texts.delete(chunk.id);
        break;
      case 'reasoning-start':
        reasonings.add(chunk.id);
        break;
      case 'reasoning-end':
        reasonings.delete(chunk.id);
        break;
      case 'tool-input-start':
        calls.set(chunk.toolCallId, { toolName: chunk.toolName, input: '', complete: false });
        break;
      case 'tool-input-delta': {
        const call = calls.get(chunk.toolCallId);
        if (call !== undefined) call.input += chunk.inputTextDelta;
        break;
      }
      case 'tool-input-available': {
        const call = calls.get(chunk.toolCallId);
        calls.set(chunk.toolCallId, { toolName: chunk.toolName, input: call?.input ?? '', complete: true });
        break;
      }
      case 'tool-input-error':
      case 'tool-output-available':
      case 'tool-output-error':
      case 'tool-output-denied':
      case 'tool-approval-request':
        calls.delete(chunk.toolCallId);
        break;
    }
  }
}

/** What the page is told when the run failed. */
export const RUN_FAILED = 'The answer failed on the server. What it had stored is kept.';

/** How often a reader asks whether the run ended without closing its stream, in ms. */
const RUN_POLL_MS = 1000;

/**
 * WORKAROUND "a run that ends leaves its stream open": a cancelled run, or one whose last step failed
 * for good, never closes its stream, and a reader waits on it forever
 * (https://github.com/vercel/workflow/issues/964, open); the end of a stream can also be lost like any
 * chunk (see above).
 *
 * What it does: the run's chunks until its stream closes, or until `status` says the run ended and no
 * chunk came for a whole poll; then the answer finishes (with an error when the run failed).
 *
 * Delete when a run that reaches a terminal state closes its streams (#964): the Stop case of
 * test/e2e/next-chat.test.ts and the run-ended cases of test/next-answer-stream.test.ts show it.
 */
export function untilRunEnds(
  source: ReadableStream<RunChunk>,
  status: () => Promise<string>,
  pollMs = RUN_POLL_MS,
): ReadableStream<RunChunk> {
  const reader = source.getReader();
  let ended: string | undefined;
  // Whether no chunk came since the last poll: the first poll only starts the count.
  let quiet = false;
  const poll = setInterval(() => {
    const wasQuiet = quiet;
    quiet = true;
    status().then(
      (now) => {
        if (!isRunActive(now) && wasQuiet && ended === undefined) {
          ended = now;
          // Ends the pending read; the stream closes from there.
          reader.cancel().catch(() => {});
        }
      },
      () => {},
    );
  }, pollMs);
  return new ReadableStream<RunChunk>({
    async pull(controller) {
      const next = await reader.read();
      if (!next.done) {
        quiet = false;
        controller.enqueue(next.value);
        return;
      }
      clearInterval(poll);
      if (ended !== undefined) {
        const by = { id: 'run-ended', step: Number.POSITIVE_INFINITY, attempt: 0 };
        controller.enqueue({
          by,
          seq: 0,
          chunk: ended === 'failed' ? { type: 'error', errorText: RUN_FAILED } : { type: 'finish' },
        });
      }
      controller.close();
    },
    cancel(reason) {
      clearInterval(poll);
      return reader.cancel(reason);
    },
  });
}

// Loaded when called, not imported: the page imports this module too (STEP_CUT_OFF), and a browser has no files.
const nodeFs = () => process.getBuiltinModule('node:fs/promises');
const join = (...parts: string[]): string => process.getBuiltinModule('node:path').join(...parts);

const STEP_ENDS = new Set(['step_completed', 'step_failed']);

/**
 * WORKAROUND "the local world half records a step's end": world-local records a step's end in three
 * writes (a lock file `.locks/steps/<run>-<step>.terminal` that claims the end, the step's file marked
 * completed or failed, then the step's event). A server that dies between them leaves a run that never
 * moves again: the claim refuses every later end of the step, and a step marked finished without its
 * event is neither run again nor replayed as done. Upstream: none.
 *
 * What it does: before the world starts (nothing else uses its folder then), each such step of an
 * active run is set back to running, so the engine runs it again like any step a dead server left.
 *
 * Delete when world-local writes a step's end in one step or repairs it at start: the half-recorded
 * cases of test/e2e/next-crash.test.ts and test/next-local-runs.test.ts show it.
 */
export async function repairUnrecordedStepEnds(dataDir: string): Promise<number> {
  const { readdir, readFile, rename, rm, writeFile } = nodeFs();
  const locks = join(dataDir, '.locks', 'steps');
  const claims = (await readdir(locks).catch(() => [] as string[])).filter((name) => name.endsWith('.terminal'));
  const ended = new Map<string, Set<string> | null>();
  let events: string[] | undefined;
  let repaired = 0;
  for (const claim of claims) {
    const key = claim.slice(0, -'.terminal'.length);
    const runId = key.slice(0, key.indexOf('-step_'));
    if (!ended.has(runId)) {
      const active = await isActive(dataDir, runId);
      if (active) events ??= await readdir(join(dataDir, 'events'));
      ended.set(runId, active ? await endedSteps(dataDir, runId, events!) : null);
    }
    const stepId = key.slice(runId.length + 1);
    if (ended.get(runId)?.has(stepId) !== false) continue;
    const file = join(dataDir, 'steps', `${key}.json`);
    const { output, error, completedAt, ...step } = JSON.parse(await readFile(file, 'utf8'));
    // The step first, then its claim: a repair cut short is done again at the next start.
    await writeFile(`${file}.repair`, JSON.stringify({ ...step, status: 'running' }, null, 2));
    await rename(`${file}.repair`, file);
    await rm(join(locks, claim));
    repaired += 1;
  }
  return repaired;
}

async function isActive(dataDir: string, runId: string): Promise<boolean> {
  const { readFile } = nodeFs();
  const run = await readFile(join(dataDir, 'runs', `${runId}.json`), 'utf8').catch(() => '{}');
  return isRunActive(JSON.parse(run).status);
}

/** The steps of `runId` whose end event is written (`events`: the names in the events folder). */
async function endedSteps(dataDir: string, runId: string, events: readonly string[]): Promise<Set<string>> {
  const { readFile } = nodeFs();
  const ids = new Set<string>();
  for (const name of events) {
    if (!name.startsWith(`${runId}-`)) continue;
    const event = JSON.parse(await readFile(join(dataDir, 'events', name), 'utf8'));
    if (STEP_ENDS.has(event.eventType)) ids.add(event.correlationId);
  }
  return ids;
}
