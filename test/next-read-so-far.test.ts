/**
 * The Next.js example's read of a running answer's stored chunks for a page's render (`readSoFar` in
 * `examples/next-chat/lib/read-so-far.ts`): it stops at the count the stream held; a slow stream is read to that
 * count however long it takes, and one that stalls before delivering it holds the render no longer than its bound,
 * with what came so far.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { readSoFar } from '../examples/next-chat/lib/read-so-far.js';

/** A stream that delivers `chunks`, then stays open (a run's stream goes on), and records its cancel. */
function openStream(chunks: readonly number[]): { stream: ReadableStream<number>; cancelled: () => boolean } {
  let cancelled = false;
  const stream = new ReadableStream<number>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
    },
    cancel() {
      cancelled = true;
    },
  });
  return { stream, cancelled: () => cancelled };
}

// No time passes unless a test moves the clock: a read that waited for its bound would never end.
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** What `readSoFar` has returned after `waits` ms of the clock, and after `ms` more (the 2 s bound). */
async function readAfter(stream: ReadableStream<number>, count: number, waits: number, ms: number) {
  let read: number[] | undefined;
  const reading = readSoFar(stream, count, 2_000).then((chunks) => {
    read = chunks;
  });
  await vi.advanceTimersByTimeAsync(waits);
  const before = read;
  await vi.advanceTimersByTimeAsync(ms);
  await reading;
  return { before, after: read };
}

it('reads the chunks the stream held, without waiting for more, and lets the stream go', async () => {
  const { stream, cancelled } = openStream([1, 2, 3, 4]);
  expect(await readSoFar(stream, 3, 60_000)).toEqual([1, 2, 3]);
  expect(cancelled()).toBe(true);
});

it('reads a slow stream to the count, past the bound in all, while each chunk comes within it', async () => {
  let sent = 0;
  const stream = new ReadableStream<number>(
    {
      pull: (controller) =>
        new Promise<void>((resolve) => {
          setTimeout(() => {
            sent += 1;
            controller.enqueue(sent);
            resolve();
          }, 1_500);
        }),
    },
    { highWaterMark: 0 },
  );
  expect(await readAfter(stream, 4, 4_500, 1_500)).toEqual({ before: undefined, after: [1, 2, 3, 4] });
});

it('returns what a stalled stream delivered once it went the bound without a chunk', async () => {
  const { stream, cancelled } = openStream([1, 2]);
  expect(await readAfter(stream, 5, 1_999, 1)).toEqual({ before: undefined, after: [1, 2] });
  expect(cancelled()).toBe(true);
});

it('stops at the end of a stream that closed early', async () => {
  const stream = new ReadableStream<number>({
    start(controller) {
      controller.enqueue(1);
      controller.close();
    },
  });
  expect(await readSoFar(stream, 5, 60_000)).toEqual([1]);
});
