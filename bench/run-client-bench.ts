/** Runs the client benchmark for one message source over the captured scenarios: warm-up, repeats, medians. */
import { readFileSync } from 'node:fs';
import { deriveOnly, newSelector, replay, type Snapshot, type Source, sdkParsePerDelta } from './client-bench.js';
import type { Scenario, ScenarioName } from './scenarios.js';

export interface ClientBenchOptions {
  source: Source;
  /** The JSON file bench/bench.ts captured the scenarios into. */
  file: string;
  /** Measured runs per widget and scenario (after one warm-up run). Default 5. */
  repeats?: number;
}

/** Microsecond medians per argument delta (`call`) or per text delta after the call (`text`). */
export interface PhaseTimes {
  /** `<TodoList>` from its render to its commit: derivation, rendering, DOM updates. */
  ours: number;
  naive: number;
  /** The same commit with no widget: what the harness and React cost anyway. */
  empty: number;
  /** The derivation alone, one selector reused across snapshots (as `useTodos` runs it). */
  selector: number;
  /** The derivation alone, `selectTodoState` on each snapshot. */
  oneShot: number;
}

export interface ClientBenchRow {
  source: Source;
  scenario: ScenarioName;
  items: number;
  /** Accepted writes earlier in the turn (`history` only). */
  earlierWrites: number;
  /** Argument deltas of the call. */
  deltas: number;
  /** Argument deltas measured (long calls are sampled in windows of 200). */
  measuredDeltas: number;
  /** Text deltas after the call. */
  textDeltas: number;
  /** React commits of the widget per argument delta (1 = every delta rendered on its own). */
  commitsPerDelta: number;
  /** `<li>` rows rendered per argument delta. */
  rowsPerDelta: { ours: { mean: number; max: number }; naive: { mean: number; max: number } };
  /** `<li>` rows rendered in total while the text after the call streams. */
  idleRows: { ours: number; naive: number };
  /** `parsePartialJson` over the accumulated arguments, µs per delta. */
  sdk: number;
  call: PhaseTimes;
  text: PhaseTimes;
  repeats: number;
  /** The derivation API measured as `selector`. */
  selectorApi: string;
}

const median = (values: number[]): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const log = (message: string): void => void process.stderr.write(`${message}\n`);

export async function runClientBench(options: ClientBenchOptions): Promise<ClientBenchRow[]> {
  const { source, file, repeats = 5 } = options;
  const scenarios = JSON.parse(readFileSync(file, 'utf8')) as Scenario[];
  const selectorApi = newSelector().api;
  const rows: ClientBenchRow[] = [];
  // Warm-up of the whole pipeline (JIT, caches) before anything is measured.
  const warmUps = scenarios.filter((scenario) => scenario.items === 100 || scenario.name === 'history');
  for (let run = 0; run < 2; run++) {
    for (const warmUp of warmUps) {
      const snapshots: Snapshot[] = [];
      await replay('ours', source, warmUp, snapshots);
      await replay('naive', source, warmUp);
      await replay('empty', source, warmUp);
      await sdkParsePerDelta(warmUp);
      deriveOnly(snapshots, 'selector');
      deriveOnly(snapshots, 'one-shot');
    }
  }
  for (const scenario of scenarios) {
    const runs = { ours: [], naive: [], empty: [], selector: [], oneShot: [] } as Record<
      keyof PhaseTimes,
      Array<{ call: number; text: number }>
    >;
    const sdk: number[] = [];
    let last: { ours: Awaited<ReturnType<typeof replay>>; naive: Awaited<ReturnType<typeof replay>> } | undefined;
    const started = performance.now();
    for (let run = 0; run <= repeats; run++) {
      const snapshots: Snapshot[] = [];
      const ours = await replay('ours', source, scenario, snapshots);
      const naive = await replay('naive', source, scenario);
      const empty = await replay('empty', source, scenario);
      const parse = await sdkParsePerDelta(scenario);
      const selector = deriveOnly(snapshots, 'selector');
      const oneShot = deriveOnly(snapshots, 'one-shot');
      if (run === 0) continue; // warm-up
      const phases = (result: { call: { times: number[] }; text: { times: number[] } }) => ({
        call: median(result.call.times),
        text: median(result.text.times),
      });
      runs.ours.push(phases(ours));
      runs.naive.push(phases(naive));
      runs.empty.push(phases(empty));
      runs.selector.push({ call: median(selector.call), text: median(selector.text) });
      runs.oneShot.push({ call: median(oneShot.call), text: median(oneShot.text) });
      sdk.push(median(parse));
      last = { ours, naive };
    }
    const { ours, naive } = last!;
    const overRuns = (phase: 'call' | 'text'): PhaseTimes => {
      const pick = (key: keyof PhaseTimes): number => median(runs[key].map((times) => times[phase])) * 1000;
      return {
        ours: pick('ours'),
        naive: pick('naive'),
        empty: pick('empty'),
        selector: pick('selector'),
        oneShot: pick('oneShot'),
      };
    };
    const row: ClientBenchRow = {
      source,
      scenario: scenario.name,
      items: scenario.items,
      earlierWrites: scenario.earlierWrites ?? 0,
      deltas: scenario.argumentDeltas.length,
      measuredDeltas: ours.call.deltas,
      textDeltas: ours.text.deltas,
      commitsPerDelta: ours.call.commits / ours.call.deltas,
      rowsPerDelta: {
        ours: { mean: ours.call.rows / ours.call.deltas, max: ours.call.maxRows },
        naive: { mean: naive.call.rows / naive.call.deltas, max: naive.call.maxRows },
      },
      idleRows: { ours: ours.text.rows, naive: naive.text.rows },
      sdk: median(sdk) * 1000,
      call: overRuns('call'),
      text: overRuns('text'),
      repeats,
      selectorApi,
    };
    rows.push(row);
    log(
      `client ${source} ${scenario.name}${scenario.earlierWrites ? ` after ${scenario.earlierWrites}` : ''} ${scenario.items} items: ${row.measuredDeltas}/${row.deltas} deltas, ` +
        `rows/delta ${row.rowsPerDelta.ours.max} max (naive ${row.rowsPerDelta.naive.max}); µs/delta: ` +
        `sdk ${row.sdk.toFixed(1)}, selector ${row.call.selector.toFixed(1)}, one-shot ${row.call.oneShot.toFixed(1)}, ` +
        `ours ${row.call.ours.toFixed(1)}, naive ${row.call.naive.toFixed(1)}, empty ${row.call.empty.toFixed(1)}; ` +
        `idle ours ${row.text.ours.toFixed(1)}, naive ${row.text.naive.toFixed(1)} ` +
        `(${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
  }
  return rows;
}
