/**
 * The run's stream as the page reads it. A workflow step can run more than once (its server died
 * mid-step, or the engine started it twice), and every run of it writes into the same stream: each
 * chunk names the step run that wrote it, and a reader follows the newest step run only.
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

/** Whether `a` is a later step, or a later run of the same step, than `b`. */
const isNewer = (a: StepRun, b: StepRun): boolean => a.step > b.step || (a.step === b.step && a.attempt > b.attempt);

/**
 * The UI chunks of the newest step run, from the `from`-th on: when a newer run starts writing, the
 * parts the earlier one left open are closed (a call streaming its input ends as an input error, so
 * the checklist falls back to the last accepted list), and whatever the earlier one writes later is
 * dropped. A run a chunk of which never reached the reader is left the same way: the engine's live
 * delivery drops a chunk that two runs writing at once put out of order, and a call missing a piece
 * of its input would show a wrong list. `from` counts what this reader passes on, so a reader
 * reconnecting at `n` reads the run from its start and gets the chunks after the `n` it had.
 */
export function followNewestStepRun(from = 0): TransformStream<RunChunk, UIMessageChunk> {
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
  let output: TransformStreamDefaultController<UIMessageChunk>;
  /** Whether the answer's `finish` (or a failed run's `error`) was passed on. */
  let finished = false;
  const emit = (chunk: UIMessageChunk): void => {
    if (chunk.type === 'finish' || chunk.type === 'error') finished = true;
    if (passed++ >= from) output.enqueue(chunk);
  };

  return new TransformStream({
    start(controller) {
      output = controller;
    },
    transform({ by, seq, chunk }) {
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
    flush() {
      // The stream ends only once the answer did: an end whose `finish` never reached this reader still ends the page's answer.
      if (finished) return;
      if (current !== undefined && !superseded.has(current.id)) leave(current, false);
      emit({ type: 'finish' });
    },
  });

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
 * The run's chunks until its stream closes, or until `status` says the run ended and no chunk came
 * for a whole poll (a cancelled or failed run leaves its stream open, and the end of a stream can be
 * lost like any chunk): then the answer finishes (with an error when the run failed), and any part
 * still open is closed as interrupted.
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
        if (now !== 'pending' && now !== 'running' && wasQuiet && ended === undefined) {
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
