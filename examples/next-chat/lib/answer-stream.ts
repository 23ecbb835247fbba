/**
 * The run's stream as the page reads it. A workflow step can run more than once (its server died
 * mid-step, or the engine started it twice), and every run of it writes into the same stream: each
 * chunk carries the id of the step run that wrote it, and a reader follows the newest step run only.
 */
import type { UIMessageChunk } from 'ai';

/** A chunk as a step writes it into the run's stream. */
export interface RunChunk {
  /** The step run that wrote it (a fresh id each time a step starts). */
  by: string;
  chunk: UIMessageChunk;
}

/** The transient data chunk sent when a step that had begun runs again. */
export const STEP_RUN_AGAIN = 'data-step-run-again';

/** What a part left open by a step run that is no longer followed is told. */
export const INTERRUPTED = 'This step was interrupted; it runs again.';

/**
 * The UI chunks of the newest step run: when another run starts writing, the parts the earlier one
 * left open are closed (a call streaming its input ends as an input error, so the checklist falls
 * back to the last accepted list), and whatever the earlier one writes later is dropped.
 */
export function followNewestStepRun(): TransformStream<RunChunk, UIMessageChunk> {
  let current: string | undefined;
  const superseded = new Set<string>();
  let stepOpen = false;
  const texts = new Set<string>();
  const reasonings = new Set<string>();
  /** Open tool calls: the input streamed so far, and whether it is complete (then the output is awaited). */
  const calls = new Map<string, { toolName: string; input: string; complete: boolean }>();

  return new TransformStream({
    transform({ by, chunk }, controller) {
      if (superseded.has(by)) return;
      if (current !== undefined && by !== current) {
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
          controller.enqueue({ type: STEP_RUN_AGAIN, data: null, transient: true });
        }
        texts.clear();
        reasonings.clear();
        calls.clear();
        stepOpen = false;
        superseded.add(current);
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
