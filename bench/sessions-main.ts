/**
 * Entry of the long-session benchmark child process (run with NODE_ENV=production): a delta of the newest call after
 * a few earlier calls and after many, per shape, layout and message source. Prints one JSON line.
 */
import { setupDom } from './setup-dom.js';

setupDom();
const { measureSession } = await import('./session-bench.js');
type Case = Parameters<typeof measureSession>[0];

/** µs per delta after `few` and after `many` earlier calls, for one shape, layout and source. */
export interface SessionRow extends Omit<Case, 'calls'> {
  few: number;
  many: number;
  fewCalls: number;
  manyCalls: number;
}

const rows: SessionRow[] = [];
for (const [shape, manyCalls] of [
  ['todo_write', 200],
  ['tasks', 500],
] as const)
  for (const layout of ['one answer', 'turns'] as const)
    for (const source of ['shared', 'copied'] as const) {
      const few = await measureSession({ shape, calls: 10, layout, source });
      const many = await measureSession({ shape, calls: manyCalls, layout, source });
      rows.push({ shape, layout, source, few, many, fewCalls: 10, manyCalls });
      process.stderr.write(
        `session ${shape} ${layout} ${source}: ${few.toFixed(1)} µs after 10, ${many.toFixed(1)} µs after ${manyCalls}\n`,
      );
    }
process.stdout.write(`${JSON.stringify(rows)}\n`);
