/**
 * The transcript benchmark in a real browser (bench/run-browser-bench.ts opens it in Chromium):
 * per text delta of the streamed answer, and every long task (> 50 ms) while it streams.
 */
import { type TranscriptWidget, replayTranscript } from './transcript-bench.js';

const longTasks: number[] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) longTasks.push(entry.duration);
}).observe({ type: 'longtask', buffered: false });

// The page's clock is coarse (100 µs without cross-origin isolation): a mean over every delta, not a median.
const mean = (values: number[]): number => values.reduce((sum, value) => sum + value, 0) / values.length;

/** Runs one widget over a transcript of `calls` calls: µs per text delta (mean) and the long tasks seen. */
async function run(widget: TranscriptWidget, calls: number): Promise<{ perDelta: number; longTasks: number[] }> {
  longTasks.length = 0;
  const result = await replayTranscript(widget, calls);
  await new Promise((resolve) => setTimeout(resolve, 100));
  return { perDelta: mean(result.times) * 1000, longTasks: [...longTasks] };
}

(globalThis as { runTranscript?: typeof run }).runTranscript = run;
