/**
 * The first `count` chunks of `stream`, or those it delivered until it went `stallMs` without one: a stream that never
 * delivers its tail must not hold a page's render, while a slow one (a busy dev server reading many chunk files) is
 * read to the count, so the page never shows less than the stream held. The stream is cancelled after.
 */
export async function readSoFar<T>(stream: ReadableStream<T>, count: number, stallMs: number): Promise<T[]> {
  const reader = stream.getReader();
  const chunks: T[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    while (chunks.length < count) {
      const stalled = new Promise<'stalled'>((resolve) => {
        timer = setTimeout(() => resolve('stalled'), stallMs);
      });
      const next = await Promise.race([reader.read(), stalled]);
      clearTimeout(timer);
      if (next === 'stalled' || next.done) break;
      chunks.push(next.value);
    }
  } finally {
    clearTimeout(timer);
    reader.cancel().catch(() => {});
  }
  return chunks;
}
