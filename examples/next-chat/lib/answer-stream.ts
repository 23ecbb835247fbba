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
  chunk: UIMessageChunk;
}

/** The transient data chunk sent when a step that had begun was cut off. */
export const STEP_CUT_OFF = 'data-step-cut-off';

/** What a part left open by a step run that is no longer followed is told. */
export const INTERRUPTED = 'This step was interrupted.';

/** Whether `a` is a later step, or a later run of the same step, than `b`. */
const isNewer = (a: StepRun, b: StepRun): boolean => a.step > b.step || (a.step === b.step && a.attempt > b.attempt);

/**
 * The UI chunks of the newest step run: when a newer run starts writing, the parts the earlier one
 * left open are closed (a call streaming its input ends as an input error, so the checklist falls
 * back to the last accepted list), and whatever the earlier one writes later is dropped. Of two runs
 * of one step with the same attempt (the engine started it twice), the one that wrote last is followed.
 */
export function followNewestStepRun(): TransformStream<RunChunk, UIMessageChunk> {
  let current: StepRun | undefined;
  const superseded = new Set<string>();
  let stepOpen = false;
  const texts = new Set<string>();
  const reasonings = new Set<string>();
  /** Open tool calls: the input streamed so far, and whether it is complete (then the output is awaited). */
  const calls = new Map<string, { toolName: string; input: string; complete: boolean }>();

  return new TransformStream({
    transform({ by, chunk }, controller) {
      if (superseded.has(by.id)) return;
      // A reader that starts mid-stream may meet an older run's chunk after the newer run's first.
      if (current !== undefined && isNewer(current, by)) {
        superseded.add(by.id);
        return;
      }
      if (current !== undefined && by.id !== current.id) {
        for (const id of texts) controller.enqueue({ type: 'text-end', id });
        for (const id of reasonings) controller.enqueue({ type: 'reasoning-end', id });
        for (const [toolCallId, call] of calls) {
          controller.enqueue(
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
        if (stepOpen) {
          controller.enqueue({ type: 'finish-step' });
          // The page shows the lost run's text until the answer ends; then it can load the stored chat.
          controller.enqueue({ type: STEP_CUT_OFF, data: null, transient: true });
        }
        texts.clear();
        reasonings.clear();
        calls.clear();
        stepOpen = false;
        superseded.add(current.id);
      }
      current = by;
      track(chunk);
      controller.enqueue(chunk);
    },
  });

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

/** What the page is told when the run failed before its stream was closed. */
export const RUN_FAILED = 'The answer failed on the server. What it had stored is kept.';

/** How often a reader asks whether the run ended without closing its stream, in ms. */
const RUN_POLL_MS = 1000;

/**
 * The run's chunks until its stream closes, or until `status` says the run ended without closing it
 * (cancelled, or failed: then an error chunk first): the answer finishes, and any part still open is
 * closed as interrupted. A run that ends normally closes its stream itself.
 */
export function untilRunEnds(
  source: ReadableStream<RunChunk>,
  status: () => Promise<string>,
  pollMs = RUN_POLL_MS,
): ReadableStream<RunChunk> {
  const reader = source.getReader();
  let poll: ReturnType<typeof setInterval> | undefined;
  const ended = new Promise<string>((resolve) => {
    let seen = 0;
    poll = setInterval(() => {
      status().then(
        (now) => {
          // Seen on two polls: what the run wrote before it ended has arrived by then.
          if ((now === 'failed' || now === 'cancelled') && ++seen === 2) resolve(now);
        },
        () => {},
      );
    }, pollMs);
  });
  return new ReadableStream<RunChunk>({
    async pull(controller) {
      const next = await Promise.race([reader.read(), ended.then((how) => ({ ended: how }))]);
      if ('ended' in next) {
        clearInterval(poll);
        const by = { id: 'run-ended', step: Number.POSITIVE_INFINITY, attempt: 0 };
        if (next.ended === 'failed') controller.enqueue({ by, chunk: { type: 'error', errorText: RUN_FAILED } });
        else controller.enqueue({ by, chunk: { type: 'finish' } });
        controller.close();
        reader.cancel().catch(() => {});
      } else if (next.done) {
        clearInterval(poll);
        controller.close();
      } else {
        controller.enqueue(next.value);
      }
    },
    cancel(reason) {
      clearInterval(poll);
      return reader.cancel(reason);
    },
  });
}
