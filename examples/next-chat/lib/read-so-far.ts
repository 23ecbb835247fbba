/**
 * The first `count` chunks of `stream`, or as many as it delivered within `withinMs`: a stream that never delivers
 * its tail must not hold a page's render. The stream is cancelled after.
 */
export async function readSoFar<T>(stream: ReadableStream<T>, count: number, withinMs: number): Promise<T[]> {
  const reader = stream.getReader();
  const chunks: T[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), withinMs);
  });
  try {
    while (chunks.length < count) {
      const next = await Promise.race([reader.read(), late]);
      if (next === 'late' || next.done) break;
      chunks.push(next.value);
    }
  } finally {
    clearTimeout(timer);
    reader.cancel().catch(() => {});
  }
  return chunks;
}
