/**
 * Entry of the transcript benchmark child process (run with NODE_ENV=production): per text delta
 * of a long session, with a shared reading, with a reading per summary, and without our components.
 */
import { setupDom } from './setup-dom.js';

setupDom();
const { replayTranscript } = await import('./transcript-bench.js');
const { calls: sizes = [40, 160], repeats = 3 } = JSON.parse(process.argv[2] ?? '{}') as {
  calls?: number[];
  repeats?: number;
};

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Per size: µs per text delta (median over runs of the per-run medians) and what rendered. */
export interface TranscriptRow {
  calls: number;
  textDeltas: number;
  shared: number;
  inline: number;
  none: number;
  /** Rows and summaries rendered while the text streamed (last run). */
  rendered: { shared: { rows: number; summaries: number }; inline: { rows: number; summaries: number } };
}

const rows: TranscriptRow[] = [];
for (const calls of sizes) {
  const times = { shared: [] as number[], inline: [] as number[], none: [] as number[] };
  let last: Record<'shared' | 'inline', { rows: number; summaries: number }> | undefined;
  let textDeltas = 0;
  for (let run = 0; run <= repeats; run++) {
    const shared = await replayTranscript('shared', calls);
    const inline = await replayTranscript('inline', calls);
    const none = await replayTranscript('none', calls);
    if (run === 0) continue; // warm-up
    times.shared.push(median(shared.times));
    times.inline.push(median(inline.times));
    times.none.push(median(none.times));
    textDeltas = shared.textDeltas;
    last = { shared, inline };
  }
  const row: TranscriptRow = {
    calls,
    textDeltas,
    shared: median(times.shared) * 1000,
    inline: median(times.inline) * 1000,
    none: median(times.none) * 1000,
    rendered: {
      shared: { rows: last!.shared.rows, summaries: last!.shared.summaries },
      inline: { rows: last!.inline.rows, summaries: last!.inline.summaries },
    },
  };
  rows.push(row);
  process.stderr.write(
    `transcript ${calls} calls: µs/text delta shared ${row.shared.toFixed(1)}, inline ${row.inline.toFixed(1)}, none ${row.none.toFixed(1)}; ` +
      `rendered shared ${JSON.stringify(row.rendered.shared)}, inline ${JSON.stringify(row.rendered.inline)}\n`,
  );
}
process.stdout.write(`${JSON.stringify(rows)}\n`);
