import { describe, expect, it } from 'vitest';
import { seededRandom } from '../src/testing/seeded-random.js';
import { selectTodoState } from '../src/index.js';
import {
  conversationWith,
  findFlashes,
  generateReplans,
  type ReplanConversation,
  type ShownRow,
  streamingSnapshots,
} from './support/replans.js';

const rowsOf = (messages: Parameters<typeof selectTodoState>[0]): ShownRow[] =>
  selectTodoState(messages, { status: 'streaming' }).todos.map(({ key, content }) => ({ key, content }));

interface CallReport {
  conversation: string;
  toolCallId: string;
  kind: string;
  snapshots: number;
  /** Snapshots with at least one row showing text its item will not have. */
  flashing: number;
  /** Separate flashes: runs of consecutive snapshots in which the same position flashes. */
  episodes: number;
  /** Snapshots of a pure re-send where a row shows a text that is neither a whole old nor a whole new text. */
  retyped: number;
  example?: string;
}

/** Streams call `index` of `conversation` and checks every snapshot the client derives. */
async function replayCall(conversation: ReplanConversation, index: number, seed: number): Promise<CallReport> {
  const call = conversation.calls[index]!;
  const before = rowsOf(conversationWith(conversation, index));
  const after = rowsOf(conversationWith(conversation, index + 1));
  const whole = new Set([...before, ...after].map((row) => row.content));
  const report: CallReport = {
    conversation: conversation.id,
    toolCallId: call.toolCallId,
    kind: call.edits.length > 0 ? call.edits.join('+') : call.kind,
    snapshots: 0,
    flashing: 0,
    episodes: 0,
    retyped: 0,
  };
  let flashingBefore = new Set<number>();
  for (const snapshot of await streamingSnapshots(conversation, index, seededRandom(seed))) {
    const shown = rowsOf(snapshot);
    const flashes = findFlashes(shown, before, after);
    report.snapshots += 1;
    if (flashes.length > 0) {
      report.flashing += 1;
      report.example ??= flashes
        .map((at) => `row ${at} shows "${shown[at]!.content}", will be "${after[at]?.content ?? '(none)'}"`)
        .join('; ');
    }
    report.episodes += flashes.filter((at) => !flashingBefore.has(at)).length;
    flashingBefore = new Set(flashes);
    if (call.kind === 'resend' && shown.some((row) => !whole.has(row.content))) report.retyped += 1;
  }
  return report;
}

describe('findFlashes', () => {
  const before: ShownRow[] = [
    { key: 'a', content: 'Implement SQLAlchemy base model and database session' },
    { key: 'b', content: 'Write tests for the login endpoint' },
  ];

  it('reports a row that shows an old text while a different one is coming', () => {
    // The new first item "Implement " takes the old second row, which is not where that row was.
    const after: ShownRow[] = [{ key: 'n:0', content: 'Implement database configuration in settings.py' }, ...before];
    const list = [before[1]!, before[0]!];
    expect(findFlashes([list[1]!, list[0]!], list, after)).toEqual([0]);
  });

  it('accepts typed prefixes, whole texts and the untouched old rows after them', () => {
    const after: ShownRow[] = [{ key: 'n:0', content: 'Implement database configuration in settings.py' }, ...before];
    expect(findFlashes([{ key: 'n:0', content: 'Implement data' }, ...before], before, after)).toEqual([]);
    expect(findFlashes(before, before, after)).toEqual([]);
  });

  it('counts old rows out of their old order as shown by the call', () => {
    const after: ShownRow[] = [before[0]!, before[1]!];
    expect(findFlashes([before[1]!, before[0]!], before, after)).toEqual([0]);
  });
});

describe('replans written by coding agents, streamed as the client sees them', () => {
  const SEED = 20261202;
  const corpus = generateReplans({ seed: SEED, minCalls: 1000 });
  const calls = corpus.flatMap((conversation) => conversation.calls);

  it('generates realistic plans and replans', () => {
    const firsts = calls.filter((call) => call.kind === 'first');
    const later = calls.length - firsts.length;
    const resends = calls.filter((call) => call.kind === 'resend').length;
    expect(calls.length).toBeGreaterThanOrEqual(500);
    expect(firsts.every((call) => call.todos.length >= 3 && call.todos.length <= 15)).toBe(true);
    const sizes = firsts.map((call) => call.todos.length).sort((a, b) => a - b);
    expect(sizes[Math.floor(sizes.length / 2)]).toBeGreaterThanOrEqual(5);
    expect(sizes[Math.floor(sizes.length / 2)]).toBeLessThanOrEqual(8);
    expect(resends / later).toBeGreaterThan(0.7);
    expect(resends / later).toBeLessThan(0.9);
    for (const kind of ['rename', 'insert', 'drop', 'reorder', 'rewrite'] as const)
      expect(calls.some((call) => call.edits.includes(kind))).toBe(true);
    const sharedFirstWord = firsts.filter((call) => {
      const firstWords = call.todos.map((todo) => todo.content.split(' ')[0]);
      return new Set(firstWords).size < firstWords.length;
    });
    expect(sharedFirstWord.length / firsts.length).toBeGreaterThan(0.5);
    for (const call of calls) expect(new Set(call.todos.map((todo) => todo.content)).size).toBe(call.todos.length);
  });

  it('shows no text an item will not have in more than 0.05% of snapshots, and never retypes a re-sent list', async () => {
    const reports: CallReport[] = [];
    for (const conversation of corpus) {
      for (let index = 0; index < conversation.calls.length; index++)
        reports.push(await replayCall(conversation, index, SEED + reports.length));
    }
    const sum = (pick: (report: CallReport) => number, of = reports): number =>
      of.reduce((total, report) => total + pick(report), 0);
    const snapshots = sum((report) => report.snapshots);
    const flashing = sum((report) => report.flashing);
    const resends = reports.filter((report) => report.kind === 'resend');
    const retyped = sum((report) => report.retyped, resends);
    const kinds = ['first', 'resend', 'rename', 'insert', 'drop', 'reorder', 'rewrite'];
    const byKind = kinds.map((kind) => {
      const of = reports.filter((report) => report.kind.split('+').includes(kind));
      const shown = sum((report) => report.snapshots, of);
      const flashed = sum((report) => report.flashing, of);
      return `  ${kind}: ${of.length} calls, ${shown} snapshots, ${flashed} flashing (${((flashed / shown) * 100).toFixed(2)}%)`;
    });
    const rate = flashing / snapshots;
    const examples = reports.filter((report) => report.example).slice(0, 8);
    console.log(
      [
        `replans: ${corpus.length} conversations, ${reports.length} calls, ${snapshots} snapshots`,
        `flash rate ${(rate * 100).toFixed(3)}% (${flashing} snapshots, ${sum((report) => report.episodes)} separate flashes, in ${reports.filter((report) => report.flashing > 0).length} calls)`,
        `re-sends: ${resends.length} calls, ${sum((report) => report.snapshots, resends)} snapshots, ${retyped} with a retyped text`,
        ...byKind,
        ...examples.map((report) => `  e.g. ${report.toolCallId} (${report.kind}): ${report.example}`),
      ].join('\n'),
    );
    expect(snapshots).toBeGreaterThan(50_000);
    expect(retyped).toBe(0);
    expect(rate).toBeLessThanOrEqual(0.0005);
  }, 300_000);
});
