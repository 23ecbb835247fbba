/**
 * The Next.js example's reader of a run's stream (`followNewestStepRun` and `untilRunEnds` in
 * `examples/next-chat/lib/engine-workarounds.ts`) on the real pipeline: a step of the scripted agent (streamText → UI chunks) written by two step runs,
 * one cut off and then the newest whole; both at once, interleaved; or read from the middle, where an
 * older run's chunk comes after the newer run's first. The page's message built from what the reader
 * passes on ends with the newest run's text and its todo_write call accepted, and the checklist never
 * shows a task twice or goes empty once it had rows. A run that ends without closing its stream
 * (cancelled, failed) still ends the page's answer.
 */
import { isStepCount, readUIMessageStream, streamText, type UIMessage, type UIMessageChunk } from 'ai';
import { describe, expect, it } from 'vitest';
import {
  followNewestStepRun,
  INTERRUPTED,
  RUN_FAILED,
  type RunChunk,
  STEP_CUT_OFF,
  type StepRun,
  untilRunEnds,
} from '../examples/next-chat/lib/engine-workarounds.js';
import { createScriptedAgent } from '../examples/next-chat/lib/scripted-agent.js';
import { LOGIN_LIMIT_PLAN } from '../examples/next-chat/lib/scripted-plans.js';
import { selectTodoState, todoWrite } from '../src/index.js';

/** The UI chunks of the scripted plan's first two steps: the plan accepted, then the step that updates it. */
async function twoSteps(): Promise<{ first: UIMessageChunk[]; second: UIMessageChunk[] }> {
  const result = streamText({
    model: createScriptedAgent(Infinity),
    tools: { todo_write: todoWrite },
    prompt: LOGIN_LIMIT_PLAN.prompt,
    stopWhen: isStepCount(2),
  });
  const chunks: UIMessageChunk[] = [];
  for await (const chunk of result.toUIMessageStream()) chunks.push(chunk);
  const second = chunks.findLastIndex((chunk) => chunk.type === 'start-step');
  return { first: chunks.slice(0, second), second: chunks.slice(second) };
}

/** `chunks` as run `by` writes them, numbered from `start`. */
const written = (chunks: readonly UIMessageChunk[], by: StepRun, start = 0): RunChunk[] =>
  chunks.map((chunk, index) => ({ by, seq: start + index, chunk }));

/** The same chunks with other text: what a second run of the step could have said. */
const retold = (chunks: readonly UIMessageChunk[]): UIMessageChunk[] =>
  chunks.map((chunk) => (chunk.type === 'text-delta' ? { ...chunk, delta: chunk.delta.toUpperCase() } : chunk));

/** A stream of `chunks` that stays open when `open` (its run ended without closing it). */
function source(chunks: readonly RunChunk[], open = false): ReadableStream<RunChunk> {
  return new ReadableStream<RunChunk>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      if (!open) controller.close();
    },
  });
}

/** The message after each chunk the reader passes on, and the chunks it passed. */
async function read(
  chunks: RunChunk[] | ReadableStream<RunChunk>,
): Promise<{ frames: UIMessage[]; passed: UIMessageChunk[] }> {
  const passed: UIMessageChunk[] = [];
  const stream = (Array.isArray(chunks) ? source(chunks) : chunks).pipeThrough(followNewestStepRun()).pipeThrough(
    new TransformStream<UIMessageChunk, UIMessageChunk>({
      transform(chunk, controller) {
        passed.push(chunk);
        controller.enqueue(chunk);
      },
    }),
  );
  const frames: UIMessage[] = [];
  for await (const message of readUIMessageStream({ stream })) frames.push(structuredClone(message));
  return { frames, passed };
}

const textOf = (message: UIMessage): string =>
  message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');

function checklistFaults(frames: readonly UIMessage[]) {
  let hadRows = false;
  const faults = { blank: 0, doubled: 0 };
  for (const message of frames) {
    const rows = selectTodoState([message], { status: 'streaming' }).todos;
    if (rows.length > 0) hadRows = true;
    else if (hadRows) faults.blank++;
    if (new Set(rows.map((row) => row.content)).size !== rows.length) faults.doubled++;
  }
  return faults;
}

describe('followNewestStepRun', async () => {
  const { first, second: step } = await twoSteps();
  const before = written(first, { id: 'first', step: 0, attempt: 1 });
  const once = { id: 'once', step: 1, attempt: 1 };
  const whole = await read([...before, ...written(step, once)]);
  const last = whole.frames.at(-1)!;
  const secondText = textOf(last).slice(textOf((await read(before)).frames.at(-1)!).length);
  // Cut inside the todo_write call's input.
  const cut = step.findIndex((chunk) => chunk.type === 'tool-input-delta') + 5;

  it('passes step runs that follow each other through unchanged', () => {
    expect(whole.passed).toEqual([...first, ...step]);
    expect(last.parts.filter((part) => part.type === 'tool-todo_write')).toHaveLength(2);
  });

  describe('a step run cut off mid-call, then the step run again', () => {
    const lost = { id: 'lost', step: 1, attempt: 1 };
    const again = { id: 'again', step: 1, attempt: 2 };
    const stream = [...before, ...written(retold(step.slice(0, cut)), lost), ...written(step, again)];

    it("closes the lost run's open parts: its call ends as an input error", async () => {
      const { passed } = await read(stream);
      const closing = passed.slice(first.length + cut, first.length + cut + 3);
      expect(closing).toEqual([
        expect.objectContaining({ type: 'tool-input-error', errorText: INTERRUPTED }),
        { type: 'finish-step' },
        { type: STEP_CUT_OFF, data: null, transient: true },
      ]);
    });

    it("ends on the newest run's list, accepted, and the checklist never doubles a task or goes blank", async () => {
      const { frames } = await read(stream);
      const final = selectTodoState([frames.at(-1)!], { status: 'ready' });
      expect(final.todos.map(({ content, status }) => ({ content, status }))).toEqual(
        selectTodoState([last], { status: 'ready' }).todos.map(({ content, status }) => ({ content, status })),
      );
      expect(final.phase).toBe('accepted');
      expect(checklistFaults(frames)).toEqual({ blank: 0, doubled: 0 });
    });
  });

  describe('two runs of the step at once, interleaved', () => {
    // The engine started the step again while it ran: the newer run is followed, and whatever the
    // other writes from then on is dropped.
    const older = { id: 'older', step: 1, attempt: 1 };
    const newer = { id: 'newer', step: 1, attempt: 2 };
    const olderStep = retold(step);
    const stream: RunChunk[] = [...before];
    for (let index = 0; index < step.length; index++) {
      stream.push({ by: older, seq: index, chunk: olderStep[index]! });
      if (index >= cut) stream.push({ by: newer, seq: index - cut, chunk: step[index - cut]! });
    }
    stream.push(...written(step.slice(step.length - cut), newer, step.length - cut));

    it("ends with the newer run's text and its call accepted", async () => {
      const { frames } = await read(stream);
      const final = frames.at(-1)!;
      expect(secondText.length).toBeGreaterThan(0);
      expect(secondText).not.toBe(secondText.toUpperCase());
      expect(textOf(final).endsWith(secondText)).toBe(true);
      const calls = final.parts.filter((part) => part.type === 'tool-todo_write');
      expect(calls.map((part) => ('state' in part ? part.state : ''))).toEqual([
        'output-available',
        'output-error',
        'output-available',
      ]);
      expect(checklistFaults(frames)).toEqual({ blank: 0, doubled: 0 });
    });
  });

  it("read from the middle: an older run's chunks after the newer run's first are dropped", async () => {
    // From chunk n, the reader meets the run again first; the lost run's last chunks come after it.
    const lost = { id: 'lost', step: 1, attempt: 1 };
    const again = { id: 'again', step: 1, attempt: 2 };
    const lostTail = written(retold(step.slice(cut, cut + 10)), lost, cut);
    const stream = [...before, ...written(step.slice(0, 3), again), ...lostTail, ...written(step.slice(3), again, 3)];
    const { passed, frames } = await read(stream);
    expect(passed).toEqual([...first, ...step]);
    expect(textOf(frames.at(-1)!)).toBe(textOf(last));
  });

  it('a chunk that never reached the reader: the run is left as cut off, and the checklist keeps the last accepted list', async () => {
    // Two runs writing at once can make the engine's live delivery drop one of them; here a piece of the call's input.
    const gapped = [...before, ...written(step, once)].filter((_, index) => index !== first.length + cut);
    const { passed, frames } = await read(gapped);
    expect(passed.slice(first.length)).toEqual([
      ...step.slice(0, cut),
      expect.objectContaining({ type: 'tool-input-error', errorText: INTERRUPTED }),
      { type: 'finish-step' },
      { type: STEP_CUT_OFF, data: null, transient: true },
      // The run's own `finish` came after the gap: the end of the stream still ends the answer.
      { type: 'finish' },
    ]);
    const rows = (message: UIMessage) =>
      selectTodoState([message], { status: 'ready' }).todos.map(({ content, status }) => ({ content, status }));
    expect(rows(frames.at(-1)!)).toEqual(rows((await read(before)).frames.at(-1)!));
    expect(checklistFaults(frames)).toEqual({ blank: 0, doubled: 0 });
  });

  describe('a step run again after its earlier run had finished it (the step stored, or not)', () => {
    const lost = { id: 'lost', step: 1, attempt: 1 };
    const again = { id: 'again', step: 1, attempt: 2 };
    const stream = [...before, ...written(retold(step), lost), ...written(step, again)];

    it('tells the page the step ran again, so it shows the stored chat once the answer ends', async () => {
      const { passed } = await read(stream);
      expect(passed).toEqual([...first, ...retold(step), { type: STEP_CUT_OFF, data: null, transient: true }, ...step]);
    });

    it('a reader reconnecting after n chunks gets exactly what follows them', async () => {
      const { passed: all } = await read(stream);
      const points = [
        0,
        1,
        first.length + 3,
        first.length + step.length,
        first.length + step.length + 1,
        all.length - 2,
      ];
      for (const from of points) {
        const rest: UIMessageChunk[] = [];
        const reader = source(stream).pipeThrough(followNewestStepRun(from)).getReader();
        for (let next = await reader.read(); !next.done; next = await reader.read()) rest.push(next.value);
        expect(rest, `from ${from}`).toEqual(all.slice(from));
      }
    });
  });

  describe('a run that ends without closing its stream', () => {
    /** `status` answers `running` twice, then `how`. */
    const statuses = (how: string) => {
      let asked = 0;
      return async () => (++asked <= 2 ? 'running' : how);
    };
    const cutOff = [...before, ...written(step.slice(0, cut), once)];

    it('cancelled mid-call: the call ends as an input error, the step is cut off, the answer finishes', async () => {
      const { passed, frames } = await read(untilRunEnds(source(cutOff, true), statuses('cancelled'), 5));
      expect(passed.slice(first.length + cut)).toEqual([
        expect.objectContaining({ type: 'tool-input-error', errorText: INTERRUPTED }),
        { type: 'finish-step' },
        { type: STEP_CUT_OFF, data: null, transient: true },
        { type: 'finish' },
      ]);
      // The checklist falls back to the list accepted before the cut.
      const rows = (messages: UIMessage[]) =>
        selectTodoState(messages, { status: 'ready' }).todos.map(({ content, status }) => ({ content, status }));
      const { frames: beforeFrames } = await read(before);
      expect(rows([frames.at(-1)!])).toEqual(rows([beforeFrames.at(-1)!]));
      expect(rows([frames.at(-1)!]).length).toBeGreaterThan(0);
    });

    it('failed: the answer ends with an error the page can show', async () => {
      const { passed } = await read(untilRunEnds(source(cutOff, true), statuses('failed'), 5));
      expect(passed.at(-1)).toEqual({ type: 'error', errorText: RUN_FAILED });
    });

    it('cancelled while its last chunks still arrive: they all pass before the answer finishes', async () => {
      // Each poll of the status sees one more chunk arrive; the reader ends only after a quiet poll.
      const pending = [...cutOff];
      let feed: ReadableStreamDefaultController<RunChunk> | undefined;
      const trickle = new ReadableStream<RunChunk>({
        start(controller) {
          feed = controller;
        },
      });
      const status = async () => {
        const next = pending.shift();
        if (next !== undefined) feed!.enqueue(next);
        return 'cancelled';
      };
      const { passed } = await read(untilRunEnds(trickle, status, 5));
      expect(passed.slice(0, first.length + cut)).toEqual([...first, ...step.slice(0, cut)]);
      expect(passed.at(-1)).toEqual({ type: 'finish' });
    });

    it('a stream that closes is passed through whole, whatever the status says', async () => {
      const { passed } = await read(untilRunEnds(source([...before, ...written(step, once)]), statuses('failed'), 5));
      expect(passed).toEqual([...first, ...step]);
    });
  });
});
