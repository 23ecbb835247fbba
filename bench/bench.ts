/**
 * `npm run bench` (`-- --quick` for a short run): builds the benchmark sources in bench/ with
 * vite, runs each part in its own Node process (with NODE_ENV=production, so React runs its
 * production build), prints a summary and writes BENCHMARKS.md.
 *
 * Parts: bundle sizes (bench/bundle-main.ts), tokens (bench/tokens-main.ts), the replayed
 * conversations (bench/scenarios-main.ts), and the client cost per streamed delta
 * (bench/client-main.ts) once per message source: AI SDK 7's `useChat`, the same snapshots
 * deep-copied, and AI SDK 5's `useChat` (a second build with `ai` and `@ai-sdk/react` aliased).
 * Every time is reported next to a baseline measured in the same run; times are medians.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import type { BundleSize as MeasuredBundle } from './measure-bundle-sizes.js';
import type { TokenReport } from './measure-tokens.js';
import type { Source } from './client-bench.js';
import type { ClientBenchRow as ClientRow } from './run-client-bench.js';
import type { ScenarioSpec } from './scenarios.js';
import type { TranscriptRow } from './transcript-main.js';
import type { SessionRow } from './sessions-main.js';
import type { RowsReport } from './rows-main.js';

type BundleSize = MeasuredBundle & { budget?: number };

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT_DIR = '.tmp/bench';
/** The AI SDK 5 build of the client benchmark (`ai` and `@ai-sdk/react` aliased). */
const V5_OUT_DIR = '.tmp/bench-v5';
const SCENARIOS_FILE = `${OUT_DIR}/scenarios.json`;
const HISTORY_WRITES = 20;
const HISTORY_ITEMS = 50;
const quick = process.argv.includes('--quick');

const log = (message: string): void => void process.stderr.write(`${message}\n`);

/** Node bundles of the bench sources (dependencies stay external, resolved from node_modules at run time). */
async function buildBench(
  outDir: string,
  input: Record<string, string>,
  alias: Record<string, string> = {},
): Promise<void> {
  await build({
    configFile: false,
    root: ROOT,
    logLevel: 'warn',
    mode: 'production',
    plugins: [react()],
    resolve: {
      alias: Object.entries(alias).map(([name, replacement]) => ({ find: new RegExp(`^${name}$`), replacement })),
    },
    build: {
      ssr: true,
      outDir,
      emptyOutDir: true,
      minify: false,
      target: 'node22',
      rolldownOptions: {
        input,
        output: { format: 'es', entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' },
      },
    },
  });
}

function runPart<T>(name: string, argument?: unknown, outDir = OUT_DIR): T {
  const started = performance.now();
  const child = spawnSync(process.execPath, [`${outDir}/${name}.mjs`, JSON.stringify(argument ?? {})], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (child.status !== 0) throw new Error(`${name} failed (exit ${child.status})`);
  const line = child.stdout.trim().split('\n').at(-1) ?? '';
  log(`${name}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return JSON.parse(line) as T;
}

function version(name: string): string {
  return (JSON.parse(readFileSync(`${ROOT}/node_modules/${name}/package.json`, 'utf8')) as { version: string }).version;
}

// ------------------------------------------------------------------------------------------------

const startedAt = new Date();
const loadBefore = os.loadavg();
log('building bench/ ...');
await buildBench(OUT_DIR, {
  'client-main': 'bench/client-main.ts',
  'scenarios-main': 'bench/scenarios-main.ts',
  'tokens-main': 'bench/tokens-main.ts',
  'bundle-main': 'bench/bundle-main.ts',
  'transcript-main': 'bench/transcript-main.ts',
  'sessions-main': 'bench/sessions-main.ts',
  'rows-main': 'bench/rows-main.ts',
});
await buildBench(
  V5_OUT_DIR,
  { 'client-main': 'bench/client-main.ts' },
  { ai: 'ai-v5', '@ai-sdk/react': 'ai-react-v2' },
);
const bundles = runPart<{
  entries: BundleSize[];
  naive: BundleSize;
  imports: BundleSize[];
  agents: (BundleSize & { adds: number })[];
}>('bundle-main');
const tokens = runPart<TokenReport>('tokens-main');
const SIZES = quick ? [10, 100] : [10, 50, 100, 500];
const scenarioRuns: ScenarioSpec[] = [
  ...(['write', 'update'] as const).flatMap((name) => SIZES.map((items) => ({ name, items }))),
  { name: 'history', items: HISTORY_ITEMS, earlierWrites: 0 },
  { name: 'history', items: HISTORY_ITEMS, earlierWrites: 1 },
  { name: 'history', items: HISTORY_ITEMS, earlierWrites: HISTORY_WRITES },
];
runPart('scenarios-main', { runs: scenarioRuns, file: SCENARIOS_FILE });
const repeats = quick ? 1 : 5;
const client = [
  ...runPart<ClientRow[]>('client-main', { source: 'newest', file: SCENARIOS_FILE, repeats }),
  ...runPart<ClientRow[]>('client-main', { source: 'deep', file: SCENARIOS_FILE, repeats }),
  ...runPart<ClientRow[]>('client-main', { source: 'v5', file: SCENARIOS_FILE, repeats }, V5_OUT_DIR),
];
const transcripts = runPart<TranscriptRow[]>('transcript-main', {
  calls: quick ? [40, 160] : [40, 160, 640],
  repeats: quick ? 1 : 3,
});
const sessions = runPart<SessionRow[]>('sessions-main');
const rowsReport = runPart<RowsReport>('rows-main');
/** The transcript in headless Chromium (bench/run-browser-bench.ts), run on its own: type stripping, no build step here. */
type BrowserRun = { perDelta: number; longTasks: number[] };
const browserChild = spawnSync(process.execPath, ['bench/run-browser-bench.ts'], {
  cwd: ROOT,
  stdio: ['ignore', 'pipe', 'ignore'],
  encoding: 'utf8',
});
const browserTranscripts =
  browserChild.status === 0
    ? (JSON.parse(browserChild.stdout.trim().split('\n').at(-1) ?? '[]') as {
        calls: number;
        shared: BrowserRun;
        none: BrowserRun;
      }[])
    : [];
log(`browser transcript: ${browserChild.status === 0 ? 'done' : `failed (exit ${browserChild.status})`}`);
const loadAfter = os.loadavg();
const seconds = (Date.now() - startedAt.getTime()) / 1000;

// ------------------------------------------------------------------------------------------------
// Targets

const us = (value: number): string => (Number.isFinite(value) ? value.toFixed(1) : '–');
const ratio = (value: number): string => `${value.toFixed(2)}×`;
const percent = (value: number): string => `${Math.round(value * 100)}%`;
const kb = (bytes: number): string => `${(bytes / 1024).toFixed(2)} KB`;
const max = (values: number[]): number => Math.max(...values);

const SOURCES: Record<Source, string> = {
  newest: `\`useChat\` (@ai-sdk/react ${version('@ai-sdk/react')})`,
  deep: 'deep copies (`structuredClone` per update)',
  v5: `AI SDK 5 \`useChat\` (@ai-sdk/react ${version('ai-react-v2')})`,
};
const scenarioName = (row: ClientRow): string =>
  row.scenario !== 'history'
    ? row.scenario
    : `after ${row.earlierWrites === 0 ? 'no writes' : row.earlierWrites === 1 ? '1 write' : `${row.earlierWrites} writes`}`;
const lists = client.filter((row) => row.scenario === 'write' || row.scenario === 'update');
const worstOf = (rows: ClientRow[], pick: (row: ClientRow) => number): { value: number; row: ClientRow } =>
  rows.map((row) => ({ value: pick(row), row })).reduce((a, b) => (b.value > a.value ? b : a));
const where = (row: ClientRow): string => `${row.scenario} ${row.items}`;

/** Per source: the history scenario against the same call with nothing before it. */
const history = (Object.keys(SOURCES) as Source[]).flatMap((source) => {
  const run = client.filter((row) => row.source === source && row.scenario === 'history');
  const none = run.find((row) => row.earlierWrites === 0);
  const one = run.find((row) => row.earlierWrites === 1);
  const twenty = run.find((row) => row.earlierWrites === HISTORY_WRITES);
  if (!none || !one || !twenty) return [];
  return [
    {
      source,
      none,
      one,
      twenty,
      derivation: twenty.call.selector / none.call.selector,
      commit: twenty.call.ours / none.call.ours,
      idle: twenty.text.ours / none.text.ours,
    },
  ];
});

const rowsMax = max(client.map((row) => row.rowsPerDelta.ours.max));
const idleRows = max(client.map((row) => row.idleRows.ours));
const v7Lists = lists.filter((row) => row.source !== 'v5');
const at = (rows: ClientRow[], sizes: number[]): ClientRow[] => rows.filter((row) => sizes.includes(row.items));
const large = at(v7Lists, [100, 500]);
const perNaive = worstOf(at(v7Lists, [10, 100, 500]), (row) => row.call.ours / row.call.naive);
const perSdk = worstOf(large, (row) => row.call.ours / row.sdk);
const derivationPerSdk = worstOf(large, (row) => row.call.selector / row.sdk);
// The derivation's growth with the list, per source and scenario: 500 items against 10.
const growth = v7Lists.flatMap((row) => {
  const small = v7Lists.find(
    (each) => each.source === row.source && each.scenario === row.scenario && each.items === 10,
  );
  return row.items === 500 && small
    ? [
        {
          label: `${SOURCES[row.source].split(' (')[0]} ${row.scenario}`,
          value: row.call.selector / small.call.selector,
        },
      ]
    : [];
});
const idle = worstOf(large, (row) => row.text.ours / row.text.naive);
// Net of the harness: what the widget itself adds to a commit with nothing in it.
const idleNet = worstOf(large, (row) => (row.text.ours - row.text.empty) / (row.text.naive - row.text.empty));
const named = (row: ClientRow): string => `${SOURCES[row.source].split(' (')[0]} ${where(row)}`;
const sharedAndDeep = history.filter((entry) => entry.source !== 'v5');
const transcriptWorst = max(transcripts.map((row) => Math.max(row.shared, row.inline) / row.none));
const transcriptRendered = max(transcripts.map((row) => row.rendered.shared.rows + row.rendered.shared.summaries));
const editorChunk = bundles.entries.find((entry) => entry.entry === './react (loaded on "Edit plan")');
const reviewChunk = bundles.entries.find((entry) => entry.entry === './react (plan review)');
const targets = [
  {
    target: `${HISTORY_WRITES} earlier writes vs none: a delta (derivation + render) ≤ 1.5×, on \`useChat\` and deep copies`,
    met: sharedAndDeep.length > 0 && sharedAndDeep.every((entry) => entry.commit <= 1.5 && entry.idle <= 1.5),
    value: sharedAndDeep
      .map((entry) => `${entry.source}: argument delta ${ratio(entry.commit)}, text delta ${ratio(entry.idle)}`)
      .join('; '),
  },
  {
    target:
      'Transcript written as the docs show (a summary per call + the pinned list): ≤ 1.3× the plain transcript per text delta, at 40, 160 and 640 calls',
    met: transcriptWorst <= 1.3,
    value: transcripts
      .map(
        (row) =>
          `${row.calls} calls: ${ratio(row.shared / row.none)} (a list per call: ${ratio(row.inline / row.none)})`,
      )
      .join('; '),
  },
  {
    target: 'Derivation alone ≤ 10% of the SDK parse per delta at 100 and 500 items (`useChat` and deep copies)',
    met: derivationPerSdk.value <= 0.1,
    value: `up to ${percent(derivationPerSdk.value)} (${named(derivationPerSdk.row)})`,
  },
  {
    target: 'Derivation alone: at most 3× from 10 to 500 items (`useChat` and deep copies)',
    met: growth.every((entry) => entry.value <= 3),
    value: growth.map((entry) => `${entry.label}: ${ratio(entry.value)}`).join('; ') || 'not measured',
  },
  {
    target:
      'Long sessions: a delta (derivation + render) after 200 `todo_write` calls or 500 Claude Code task calls ≤ 1.5× one after 10',
    met: sessions.every((row) => row.many / row.few <= 1.5),
    value: sessions.map((row) => `${row.shape}, ${row.layout}, ${row.source}: ${ratio(row.many / row.few)}`).join('; '),
  },
  {
    target: 'Row elements replaced over real-shaped sessions = only the tasks a call dropped',
    met: rowsReport.removedElements === rowsReport.dropped,
    value: `${rowsReport.removedElements - rowsReport.dropped} remounts (${rowsReport.removedElements} removed, ${rowsReport.dropped} dropped; ${rowsReport.calls} calls, ${rowsReport.snapshots} snapshots)`,
  },
  {
    target: 'Re-sent tasks shown cut off ≤ 0.01% of re-sent rows',
    met: rowsReport.retypedRows / rowsReport.resentRows <= 0.0001,
    value: `${rowsReport.retypedRows} of ${rowsReport.resentRows} (${((rowsReport.retypedRows / rowsReport.resentRows) * 100).toFixed(3)}%)`,
  },
  {
    target: 'Per delta, derivation + render ≤ the naive widget at 10, 100 and 500 items (`useChat` and deep copies)',
    met: perNaive.value <= 1,
    value: `up to ${ratio(perNaive.value)} (${named(perNaive.row)})`,
  },
  {
    target: 'Per delta, derivation + render ≤ 50% of the SDK parse at 100 and 500 items',
    met: perSdk.value <= 0.5,
    value: `up to ${percent(perSdk.value)} (${named(perSdk.row)})`,
  },
  {
    target: "While text streams after the plan: a commit ≤ 0.5× the naive widget's at 100 and 500 items",
    met: idle.value <= 0.5,
    value:
      `up to ${ratio(idle.value)} (${named(idle.row)}); net of the harness's own commit: ` +
      `up to ${ratio(idleNet.value)} (${named(idleNet.row)})`,
  },
  {
    target: 'Chromium: no long task (> 50 ms) while a 160-call transcript streams',
    met: browserTranscripts.some((row) => row.calls === 160 && row.shared.longTasks.length === 0),
    value:
      browserTranscripts.length === 0
        ? 'not measured'
        : browserTranscripts
            .map(
              (row) =>
                `${row.calls} calls: ${row.shared.longTasks.length} long tasks, ${us(row.shared.perDelta)} µs per text delta (none ${us(row.none.perDelta)})`,
            )
            .join('; '),
  },
  {
    target: 'Transcript: rows and summaries rendered while text streams = 0',
    met: transcriptRendered === 0,
    value: String(transcriptRendered),
  },
  {
    target: 'Rows rendered per streamed delta ≤ 1 (every source and size)',
    met: rowsMax <= 1,
    value: `max ${rowsMax} (naive: up to ${max(client.map((row) => row.rowsPerDelta.naive.max))})`,
  },
  {
    target: 'Rows rendered while text streams after the call = 0',
    met: idleRows === 0,
    value: `${idleRows} (naive: up to ${max(client.map((row) => row.idleRows.naive))})`,
  },
  { target: 'One result ≤ 15 tokens', met: tokens.result.tokens <= 15, value: `${tokens.result.tokens}` },
  {
    target: "An edited plan's result ≤ the list's own tokens + 20",
    met: tokens.editedResult.tokens <= tokens.editedResult.listTokens + 20,
    value: `+${tokens.editedResult.tokens - tokens.editedResult.listTokens} (${tokens.editedResult.tokens} for a ${tokens.editedResult.listTokens}-token list)`,
  },
  {
    target: 'Tool definition ≤ 350 tokens',
    met: tokens.definition.tokens <= 350,
    value: `${tokens.definition.tokens}`,
  },
  {
    target: 'History after 20 writes, pruned ≤ 1.2× one write',
    met: tokens.history.pruned / tokens.history.oneWrite <= 1.2,
    value: `${ratio(tokens.history.pruned / tokens.history.oneWrite)} (unpruned ${ratio(tokens.history.unpruned / tokens.history.oneWrite)})`,
  },
  ...(
    [
      ['. (route handler: todoWrite + readTodos)', 4],
      ['./react (page: TodoList + useTodos)', 7],
      ['./styles.css', 2],
    ] as const
  ).map(([name, goal]) => {
    const entry = bundles.entries.find((each) => each.entry === name);
    const extra =
      name.startsWith('./react') && reviewChunk && editorChunk
        ? ` (as first loaded; plan review ${kb(reviewChunk.gzipped)} more with \`addToolApprovalResponse\`, the editor ${kb(editorChunk.gzipped)} more on "Edit plan")`
        : '';
    return {
      target: `Bundle \`${name}\` ≤ ${goal} KB gzipped${name.startsWith('./react') ? ' as first loaded' : ''}`,
      met: entry !== undefined && entry.gzipped <= goal * 1024,
      value: entry ? `${kb(entry.gzipped)}${extra}` : 'not measured',
    };
  }),
];

// ------------------------------------------------------------------------------------------------
// Report

const table = (header: string[], rows: string[][]): string =>
  [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');

const timeAnd = (value: number, base: number, format: (value: number) => string = percent): string =>
  `${us(value)} (${format(value / base)})`;

const bySource = (pick: (rows: ClientRow[]) => string): string =>
  (Object.keys(SOURCES) as Source[])
    .map((source) => `**${SOURCES[source]}**\n\n${pick(client.filter((row) => row.source === source))}`)
    .join('\n\n');

const callTable = (rows: ClientRow[]): string =>
  table(
    [
      'scenario',
      'items',
      'deltas (measured)',
      'SDK parse µs',
      'derivation µs (/SDK)',
      'one-shot µs (/SDK)',
      'derivation + render µs (/SDK)',
      'naive µs (/SDK)',
      'no widget µs',
      'rows/delta: ours mean (max)',
      'naive mean (max)',
    ],
    rows.map((row) => [
      scenarioName(row),
      String(row.items),
      `${row.deltas} (${row.measuredDeltas})`,
      us(row.sdk),
      timeAnd(row.call.selector, row.sdk),
      timeAnd(row.call.oneShot, row.sdk),
      timeAnd(row.call.ours, row.sdk),
      timeAnd(row.call.naive, row.sdk),
      us(row.call.empty),
      `${row.rowsPerDelta.ours.mean.toFixed(2)} (${row.rowsPerDelta.ours.max})`,
      `${row.rowsPerDelta.naive.mean.toFixed(1)} (${row.rowsPerDelta.naive.max})`,
    ]),
  );
const idleTable = (rows: ClientRow[]): string =>
  table(
    [
      'scenario',
      'items',
      'text deltas',
      'naive µs',
      'derivation + render µs (/naive)',
      'derivation µs',
      'one-shot µs',
      'no widget µs',
      'rows rendered: ours',
      'naive',
    ],
    rows.map((row) => [
      scenarioName(row),
      String(row.items),
      String(row.textDeltas),
      us(row.text.naive),
      timeAnd(row.text.ours, row.text.naive, ratio),
      us(row.text.selector),
      us(row.text.oneShot),
      us(row.text.empty),
      String(row.idleRows.ours),
      String(row.idleRows.naive),
    ]),
  );
const historyTable = table(
  [
    'source',
    'derivation µs: none',
    '1 write',
    `${HISTORY_WRITES} writes`,
    'ratio',
    'derivation + render µs: none',
    '1 write',
    `${HISTORY_WRITES} writes`,
    'ratio',
    'per text delta µs: none',
    `${HISTORY_WRITES} writes`,
    'ratio',
    'SDK parse µs',
  ],
  history.map((entry) => [
    SOURCES[entry.source],
    us(entry.none.call.selector),
    us(entry.one.call.selector),
    us(entry.twenty.call.selector),
    ratio(entry.derivation),
    us(entry.none.call.ours),
    us(entry.one.call.ours),
    us(entry.twenty.call.ours),
    ratio(entry.commit),
    us(entry.none.text.ours),
    us(entry.twenty.text.ours),
    ratio(entry.idle),
    us(entry.twenty.sdk),
  ]),
);
const tokenTable = table(
  ['what', 'tokens (o200k)', 'ratio'],
  [
    [
      'tool definition (name + description + JSON schema)',
      String(tokens.definition.tokens),
      `description ${tokens.definition.descriptionTokens}, schema ${tokens.definition.schemaTokens}`,
    ],
    [`one result (\`${tokens.result.text}\`)`, String(tokens.result.tokens), ''],
    [
      'the result after an edited plan is approved (10 tasks: the counts and the list)',
      String(tokens.editedResult.tokens),
      `list ${tokens.editedResult.listTokens}, +${tokens.editedResult.tokens - tokens.editedResult.listTokens}`,
    ],
    ['history after 1 write (prompt + call + result)', String(tokens.history.oneWrite), '1.00×'],
    [
      'history after 20 writes, no pruning',
      String(tokens.history.unpruned),
      ratio(tokens.history.unpruned / tokens.history.oneWrite),
    ],
    [
      'history after 20 writes, `pruneTodoWrites` in `prepareStep`',
      String(tokens.history.pruned),
      ratio(tokens.history.pruned / tokens.history.oneWrite),
    ],
  ],
);
const baseline = tokens.agentLoop.variants[0]!;
const cacheTable = table(
  [
    'prepareStep',
    'last prompt',
    'all prompts (no cache)',
    'beyond a prefix cache',
    'prefix rewrites',
    `effective (cache read = 10%)`,
  ],
  tokens.agentLoop.variants.map((variant) => [
    variant.name,
    `${variant.final} (${ratio(variant.final / baseline.final)})`,
    `${variant.total} (${ratio(variant.total / baseline.total)})`,
    `${variant.uncached} (${ratio(variant.uncached / baseline.uncached)})`,
    String(variant.rewrites),
    `${variant.effective} (${ratio(variant.effective / baseline.effective)})`,
  ]),
);
const bundleTable = table(
  ['entry', 'minified', 'gzipped', 'budget', ''],
  [
    ...bundles.entries.map((entry) => [
      `\`${entry.entry}\``,
      kb(entry.minified),
      kb(entry.gzipped),
      entry.budget === undefined ? '' : kb(entry.budget),
      entry.budget === undefined
        ? entry === reviewChunk
          ? 'loads with the first list given `addToolApprovalResponse`'
          : entry === editorChunk
            ? 'a chunk of its own'
            : 'as an app bundles the built files'
        : entry.gzipped <= entry.budget
          ? 'within'
          : `**over by ${kb(entry.gzipped - entry.budget)}**`,
    ]),
    ...bundles.imports.map((entry) => [
      `\`${entry.entry}\` (tree-shaken)`,
      kb(entry.minified),
      kb(entry.gzipped),
      '',
      'one import from `.`',
    ]),
    ...bundles.agents.map((entry) => [
      `\`${entry.entry}\``,
      kb(entry.minified),
      kb(entry.gzipped),
      '',
      `\`todo-write/agents\` adds ${kb(entry.adds)}`,
    ]),
    [bundles.naive.entry, kb(bundles.naive.minified), kb(bundles.naive.gzipped), '', 'for scale'],
  ],
);
const largestModules = bundles.entries
  .filter((entry) => entry.modules.length > 0)
  .map(
    (entry) =>
      `- \`${entry.entry}\`: ${entry.modules
        .slice(0, 8)
        .map((module) => `${module.id} ${percent(module.share)}`)
        .join(', ')}`,
  )
  .join('\n');
const sessionTable = table(
  ['calls', 'layout', 'messages', 'after 10 µs', 'after many µs', 'ratio'],
  sessions.map((row) => [
    row.shape === 'todo_write' ? `\`todo_write\` × ${row.manyCalls}` : `Claude Code tasks × ${row.manyCalls}`,
    row.layout,
    row.source,
    us(row.few),
    us(row.many),
    ratio(row.many / row.few),
  ]),
);
const transcriptTable = table(
  [
    'calls',
    'text deltas',
    'none µs',
    'shared µs (/none)',
    'inline µs (/none)',
    'rendered: shared rows + summaries',
    'inline',
  ],
  transcripts.map((row) => [
    String(row.calls),
    String(row.textDeltas),
    us(row.none),
    timeAnd(row.shared, row.none, ratio),
    timeAnd(row.inline, row.none, ratio),
    String(row.rendered.shared.rows + row.rendered.shared.summaries),
    String(row.rendered.inline.rows + row.rendered.inline.summaries),
  ]),
);
const browserTable =
  browserTranscripts.length === 0
    ? 'Not measured: Chromium did not start.'
    : table(
        ['calls', 'none µs', 'shared µs (/none)', 'long tasks > 50 ms: shared', 'none'],
        browserTranscripts.map((row) => [
          String(row.calls),
          us(row.none.perDelta),
          timeAnd(row.shared.perDelta, row.none.perDelta, ratio),
          String(row.shared.longTasks.length),
          String(row.none.longTasks.length),
        ]),
      );
const targetTable = table(
  ['target', 'result', 'measured'],
  targets.map((target) => [target.target, target.met ? 'met' : '**missed**', target.value]),
);

const cpus = os.cpus();
const selectorApis = [...new Set(client.map((row) => row.selectorApi))].join(', ');
const markdown = `# Benchmarks

Generated by \`npm run bench\`${quick ? ' (`--quick`)' : ''} on ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC in ${seconds.toFixed(0)} s. Every time
is shown next to a baseline measured in the same run; read the ratios, not the microseconds.

## Targets

${targetTable}

## Client cost per streamed delta

A real UI chunk stream (MockLanguageModelV4 → \`streamText\` with the real \`todo_write\` tool →
\`toUIMessageStream\`), captured once per scenario and replayed chunk by chunk through \`useChat\` into
\`<TodoList>\` (ours), into a naive widget (\`findLast\` tool part, \`todos.map((t, i) => <li key={i}>)\`,
bench/naive-todo-list.tsx) and into no widget at all (the harness's own commit). Arguments arrive in
3-5 character deltas; each delta is fed on its own and rendered before the next one.

Three message sources, each in its own process, replaying the same chunks:

- ${SOURCES.newest}: its snapshots as they are. They copy the streaming message and its parts
  shallowly; earlier messages and each part's \`input\` keep their identity.
- ${SOURCES.deep}: the same snapshots, deep-copied before they reach the widget (outside the timed
  part), as \`readUIMessageStream\` and stores that clone or persist messages hand them over: no object
  survives an update.
- ${SOURCES.v5}, with \`ai\` ${version('ai-v5')}: deep-copies the streaming message on every update.

Scenarios: **write**, the first list of the conversation streams in; **update**, an accepted list is on
screen and the model re-sends it with the first task done and the next started; **after 20 writes**,
${HISTORY_WRITES} accepted writes of a ${HISTORY_ITEMS}-item list earlier in the same assistant turn (the run
working through the list), then the next write; **after 1 write** and **after no writes**, the same call
with only the last of them, or nothing, before it.

- **SDK parse**: \`parsePartialJson\` (from the source's own \`ai\`) over the accumulated argument text,
  the work the SDK does for every delta before any widget runs: the floor.
- **derivation**: the derivation alone over the snapshots the widget received, one selector fed every
  snapshot in order as \`useTodos\` runs it (${selectorApis}). **one-shot**: \`selectTodoState\` on each
  snapshot, nothing kept between calls.
- **derivation + render**: from \`<TodoList>\`'s render to its commit (derivation, rendering, DOM
  updates), timed by a wrapper component (render → \`useLayoutEffect\`). **no widget**: the same commit
  with nothing in it.
- **rows/delta**: \`<li>\` elements React rendered per commit, counted through the React DevTools hook
  (mounted, or given new props by a component that rendered; bailed-out subtrees are skipped).

Microseconds per argument delta (ratio to the SDK parse of the same run):

${bySource(callTable)}

## Earlier writes in the conversation

The call of the ${HISTORY_ITEMS}-item run, with ${HISTORY_WRITES} accepted writes before it in the turn, with only the
last of them, and with none (µs per delta; ratio = ${HISTORY_WRITES} writes / none). With none, the call's items
are all new rows; with 1 or ${HISTORY_WRITES}, they are laid over the same list before them:

${historyTable}

## Long sessions: a delta after many calls

An 8-task \`todo_write\` call (or a Claude Code \`TaskCreate\`) streaming in 3-5 character deltas after 10
earlier accepted calls and after many (200 \`todo_write\` calls working through plans; 500 task calls
creating and updating tasks), rendered by \`<TodoList>\` in jsdom: µs per delta from the render to the
commit, the median over the call's deltas in five passes (each from a fresh mount, after a warm-up pass).
**one answer**: every call in one assistant message, which
streams on (its parts copied shallowly on every update, as \`useChat\` does); **turns**: a user and an
assistant message per call. **shared**: earlier messages keep their identity; **copied**: the whole
conversation deep-copied on every update (outside the timing).

${sessionTable}

## Row elements over real-shaped sessions

Coding agents' replans (the generator the tests use: ${rowsReport.calls} calls, ${rowsReport.snapshots} streamed
snapshots, each cut as the SDK parses it) streamed call by call into one mounted \`<TodoList>\`. A row
element taken out of the page that was not a task a call dropped is a remount: ${rowsReport.removedElements - rowsReport.dropped}
(${rowsReport.removedElements} removed, ${rowsReport.dropped} dropped). Of ${rowsReport.resentRows} rows of pure re-sends
(same texts, statuses moved), ${rowsReport.retypedRows} ever showed a cut-off text.

## A long session: a summary per call

\`transcript\` earlier turns, each a user line and an assistant message with an accepted \`todo_write\`
call (6-8 tasks) rendered inline, the pinned \`<TodoList>\`, then a 1,000-character text answer
streaming in (${SOURCES.newest}, message components memoized as chat apps do), under one
\`<TodoProvider>\`. Microseconds per text delta, from the app's render to the end of every commit it
caused: **shared**, a \`<TodoCallSummary>\` per call; **inline**, a whole \`<TodoList toolCallId>\` per
call; **none**, the same transcript with the tool parts rendered as nothing.

${transcriptTable}

The same transcript in headless Chromium (bench/run-browser-bench.ts: the benchmark bundled for the
browser, React production), one run after a warm-up. The page's clock is coarse (100 µs), so these
are means over every text delta, and long tasks come from a \`PerformanceObserver\`:

${browserTable}

## Idle cost: a 2,000-character text part streaming after the call

Microseconds per text delta (ratio to the naive widget of the same run):

${bySource(idleTable)}

## Tokens

o200k_base (\`gpt-tokenizer\`), counting the content the model reads (text, tool names and arguments,
result values; no per-message framing), read from the prompts MockLanguageModelV4 recorded.

${tokenTable}

### Pruning and prompt caching

Pruning rewrites the prompt from the oldest dropped call on, so a provider's prompt cache misses
from there. A run of ${'20'} writes of a 10-item list with ${tokens.agentLoop.readsBetween} \`read_file\` calls (about 300 tokens each)
between writes, ${tokens.agentLoop.variants.length} ways (ratios against no pruning):

${cacheTable}

"Beyond a prefix cache" counts, per step, the tokens after the prefix shared with the previous
step's prompt; "effective" prices cached tokens at 10% of the input price (Anthropic's cache
reads; OpenAI's discount is smaller, which favours pruning).

## Bundle size

Minified (oxc) and gzipped (level 9), each entry bundled on its own with the peers (\`ai\`, \`react\`,
\`react-dom\`, \`zod\`) external; \`styles.css\` minified with lightningcss. \`npm test\` checks the budgets
(test/bundle-size.test.ts).

${bundleTable}

Largest modules (share of the unminified bundle):

${largestModules}

## Method

- Warm-up: the whole client pipeline runs twice over the 100-item and history scenarios before anything is
  measured, and each scenario runs once unmeasured; then ${client[0]?.repeats ?? 0} measured runs. Per run, the median over the
  measured deltas; reported, the median over runs. Calls longer than 800 deltas are sampled: one window of
  200 deltas in every n is measured (the others are fed to \`useChat\` merged), spread over the call.
- jsdom ${version('jsdom')}, React ${version('react')} production build, one process per message source.
- Machine: ${cpus[0]?.model ?? 'unknown CPU'} × ${cpus.length}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GB, ${os.platform()} ${os.release()};
  load average ${loadBefore[0]!.toFixed(1)} before, ${loadAfter[0]!.toFixed(1)} after (other work shares this machine: absolute times are noisy).
- Versions: Node ${process.version}, ai ${version('ai')} and ${version('ai-v5')}, @ai-sdk/react ${version('@ai-sdk/react')} and ${version('ai-react-v2')},
  react-dom ${version('react-dom')}, vite ${version('vite')}, gpt-tokenizer ${version('gpt-tokenizer')}.
- Sources: bench/ (scenarios.ts, client-bench.tsx, naive-todo-list.tsx, measure-tokens.ts, measure-bundle-sizes.ts),
  bench/bench.ts.
`;

writeFileSync(`${ROOT}/BENCHMARKS.md`, markdown);
console.log(
  `\nTargets\n${targetTable}\n\nClient cost per delta\n${bySource(callTable)}\n\nEarlier writes\n${historyTable}\n\nIdle\n${bySource(idleTable)}\n\nTokens\n${tokenTable}\n\n${cacheTable}\n\nBundles\n${bundleTable}\n`,
);
log(`wrote BENCHMARKS.md (${seconds.toFixed(0)} s)`);
