/** Runs the client benchmark over list sizes and scenarios: warm-up, repeats, medians. */
import type { UIMessage } from 'ai';
import { deriveOnly, makeScenario, replay, sdkParsePerDelta, type ReplayResult } from './client-bench.js';

export interface ClientBenchOptions {
  sizes?: number[];
  scenarios?: Array<'write' | 'update'>;
  /** Measured runs per widget and size (after one warm-up run). Default 5. */
  repeats?: number;
}

export interface ClientBenchRow {
  scenario: 'write' | 'update';
  items: number;
  /** Argument deltas of the call, and text deltas after it. */
  deltas: number;
  /** Argument deltas measured (long calls are sampled in windows of 200). */
  measuredDeltas: number;
  textDeltas: number;
  /** React commits per argument delta (1 = every delta rendered on its own). */
  commitsPerDelta: { ours: number; naive: number };
  /** `<li>` rows rendered per argument delta. */
  rowsPerDelta: { ours: { mean: number; max: number }; naive: { mean: number; max: number } };
  /**
   * Time per argument delta in microseconds: the median over the measured deltas of a run,
   * then the median over runs. `derivation` is selectTodoState alone (part of `ours`); `empty`
   * is the same commit with no widget (what the harness and React cost anyway).
   */
  timePerDelta: { ours: number; naive: number; sdk: number; derivation: number; empty: number; blocks: number };
  /** While the text after the call streams: rows rendered in total and time per text delta (µs). */
  idle: {
    rows: { ours: number; naive: number; blocks: number };
    timePerDelta: { ours: number; naive: number; blocks: number };
  };
  /** Rows per delta of the blocks diagnostic. */
  blocksRowsPerDelta: { mean: number; max: number };
  repeats: number;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const log = (message: string): void => void process.stderr.write(`${message}\n`);

export async function runClientBench(options: ClientBenchOptions = {}): Promise<ClientBenchRow[]> {
  const { sizes = [10, 100, 500], scenarios = ['write', 'update'], repeats = 5 } = options;
  const rows: ClientBenchRow[] = [];
  // Warm-up of the whole pipeline (JIT, caches) before anything is measured.
  const warmUps = [await makeScenario('write', 100), await makeScenario('update', 100)];
  for (let run = 0; run < 2; run++) {
    for (const warmUp of warmUps) {
      for (const widget of ['ours', 'naive', 'empty', 'blocks'] as const) await replay(widget, warmUp);
      await sdkParsePerDelta(warmUp);
    }
  }
  for (const name of scenarios) {
    for (const items of sizes) {
      const scenario = await makeScenario(name, items);
      const times = {
        blocks: [] as number[],
        idleBlocks: [] as number[],
        empty: [] as number[],
        ours: [] as number[],
        naive: [] as number[],
        sdk: [] as number[],
        derivation: [] as number[],
        idleOurs: [] as number[],
        idleNaive: [] as number[],
      };
      let last: { ours: ReplayResult; naive: ReplayResult; blocks: ReplayResult } | undefined;
      const started = performance.now();
      for (let run = 0; run <= repeats; run++) {
        const snapshots: Array<readonly UIMessage[]> = [];
        const ours = await replay('ours', scenario, snapshots);
        const naive = await replay('naive', scenario);
        const empty = await replay('empty', scenario);
        const blocks = await replay('blocks', scenario);
        const sdk = await sdkParsePerDelta(scenario);
        const derivation = deriveOnly(snapshots);
        if (run === 0) continue; // warm-up
        times.ours.push(median(ours.call.times));
        times.naive.push(median(naive.call.times));
        times.empty.push(median(empty.call.times));
        times.blocks.push(median(blocks.call.times));
        times.idleBlocks.push(median(blocks.text.times));
        times.sdk.push(median(sdk));
        times.derivation.push(median(derivation));
        times.idleOurs.push(median(ours.text.times));
        times.idleNaive.push(median(naive.text.times));
        last = { ours, naive, blocks };
      }
      const { ours, naive, blocks } = last!;
      const row: ClientBenchRow = {
        scenario: name,
        items,
        deltas: scenario.argumentDeltas.length,
        measuredDeltas: ours.call.deltas,
        textDeltas: ours.text.deltas,
        commitsPerDelta: { ours: ours.call.commits / ours.call.deltas, naive: naive.call.commits / naive.call.deltas },
        rowsPerDelta: {
          ours: { mean: ours.call.rows / ours.call.deltas, max: ours.call.maxRows },
          naive: { mean: naive.call.rows / naive.call.deltas, max: naive.call.maxRows },
        },
        timePerDelta: {
          ours: median(times.ours) * 1000,
          naive: median(times.naive) * 1000,
          sdk: median(times.sdk) * 1000,
          derivation: median(times.derivation) * 1000,
          empty: median(times.empty) * 1000,
          blocks: median(times.blocks) * 1000,
        },
        idle: {
          rows: { ours: ours.text.rows, naive: naive.text.rows, blocks: blocks.text.rows },
          timePerDelta: {
            ours: median(times.idleOurs) * 1000,
            naive: median(times.idleNaive) * 1000,
            blocks: median(times.idleBlocks) * 1000,
          },
        },
        blocksRowsPerDelta: { mean: blocks.call.rows / blocks.call.deltas, max: blocks.call.maxRows },
        repeats,
      };
      rows.push(row);
      log(
        `client ${name} ${items} items: ${row.measuredDeltas}/${row.deltas} deltas, commits/delta ${row.commitsPerDelta.ours.toFixed(2)}, rows/delta ours ${row.rowsPerDelta.ours.max} max, ` +
          `naive ${row.rowsPerDelta.naive.max} max; µs/delta ours ${row.timePerDelta.ours.toFixed(1)}, ` +
          `derivation ${row.timePerDelta.derivation.toFixed(1)}, blocks ${row.timePerDelta.blocks.toFixed(1)}, empty ${row.timePerDelta.empty.toFixed(1)}, sdk ${row.timePerDelta.sdk.toFixed(1)}, naive ${row.timePerDelta.naive.toFixed(1)} ` +
          `(${((performance.now() - started) / 1000).toFixed(1)} s)`,
      );
    }
  }
  return rows;
}
