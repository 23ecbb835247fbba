/**
 * The Next.js example's reader of a run's stream (`examples/next-chat/lib/answer-stream.ts`) on
 * the real pipeline: a step of the scripted agent (streamText → UI chunks) written by two step runs,
 * one cut off and then the newest whole; or both at once, interleaved. The page's message built from
 * what the reader passes on ends with the newest run's text and its todo_write call accepted, and the
 * checklist never shows a task twice or goes empty once it had rows.
 */
import { isStepCount, readUIMessageStream, streamText, type UIMessage, type UIMessageChunk } from 'ai';
import { describe, expect, it } from 'vitest';
import { createScriptedModel } from '../demo/agent/scripted-model.js';
import { scenarios } from '../demo/agent/scenarios.js';
import {
  followNewestStepRun,
  INTERRUPTED,
  type RunChunk,
  STEP_RUN_AGAIN,
} from '../examples/next-chat/lib/answer-stream.js';
import { selectTodoState, todoWrite } from '../src/index.js';

/** The UI chunks of the scripted plan's first two steps: the plan accepted, then the step that updates it. */
async function twoSteps(): Promise<{ first: UIMessageChunk[]; second: UIMessageChunk[] }> {
  const result = streamText({
    model: createScriptedModel({ scenario: scenarios.plan, speed: Infinity }),
    tools: { todo_write: todoWrite },
    prompt: scenarios.plan.prompt,
    stopWhen: isStepCount(2),
  });
  const chunks: UIMessageChunk[] = [];
  for await (const chunk of result.toUIMessageStream()) chunks.push(chunk);
  const second = chunks.findLastIndex((chunk) => chunk.type === 'start-step');
  return { first: chunks.slice(0, second), second: chunks.slice(second) };
}

/** The message after each chunk the reader passes on, and the chunks it passed. */
async function read(written: RunChunk[]): Promise<{ frames: UIMessage[]; passed: UIMessageChunk[] }> {
  const passed: UIMessageChunk[] = [];
  const stream = new ReadableStream<RunChunk>({
    start(controller) {
      for (const chunk of written) controller.enqueue(chunk);
      controller.close();
    },
  })
    .pipeThrough(followNewestStepRun())
    .pipeThrough(
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
  const before = first.map((chunk) => ({ by: 'first', chunk }));
  const whole = await read([...before, ...step.map((chunk) => ({ by: 'only', chunk }))]);
  const last = whole.frames.at(-1)!;
  const secondText = textOf(last).slice(textOf((await read(before)).frames.at(-1)!).length);
  // Cut inside the todo_write call's input.
  const cut = step.findIndex((chunk) => chunk.type === 'tool-input-delta') + 5;

  it('passes step runs that follow each other through unchanged', () => {
    expect(whole.passed).toEqual([...first, ...step]);
    expect(last.parts.filter((part) => part.type === 'tool-todo_write')).toHaveLength(2);
  });

  describe('a step run cut off mid-call, then the step run again', () => {
    const written = [
      ...before,
      ...step.slice(0, cut).map((chunk) => ({ by: 'lost', chunk })),
      ...step.map((chunk) => ({ by: 'again', chunk })),
    ];

    it("closes the lost run's open parts: its call ends as an input error", async () => {
      const { passed } = await read(written);
      const closing = passed.slice(first.length + cut, first.length + cut + 3);
      expect(closing).toEqual([
        expect.objectContaining({ type: 'tool-input-error', errorText: INTERRUPTED }),
        { type: 'finish-step' },
        { type: STEP_RUN_AGAIN, data: null, transient: true },
      ]);
    });

    it("ends on the newest run's list, accepted, and the checklist never doubles a task or goes blank", async () => {
      const { frames } = await read(written);
      const final = selectTodoState([frames.at(-1)!], { status: 'ready' });
      expect(final.todos.map(({ content, status }) => ({ content, status }))).toEqual(
        selectTodoState([last], { status: 'ready' }).todos.map(({ content, status }) => ({ content, status })),
      );
      expect(final.phase).toBe('accepted');
      expect(checklistFaults(frames)).toEqual({ blank: 0, doubled: 0 });
    });
  });

  describe('two runs of the step at once, interleaved', () => {
    // The older run goes on writing after the newer one started: all of it is dropped from then on.
    const written: RunChunk[] = [...before];
    for (let index = 0; index < step.length; index++) {
      written.push({ by: 'older', chunk: step[index]! });
      if (index >= cut) written.push({ by: 'newer', chunk: step[index - cut]! });
    }
    for (const chunk of step.slice(step.length - cut)) written.push({ by: 'newer', chunk });

    it("ends with the newer run's text and its call accepted", async () => {
      const { frames } = await read(written);
      const final = frames.at(-1)!;
      expect(secondText.length).toBeGreaterThan(0);
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
});
