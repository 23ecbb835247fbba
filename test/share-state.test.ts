import { describe, expect, it } from 'vitest';
import type { Row } from '../src/plan/todo-row.js';
import { type RowAliases, shareRows } from '../src/read/share-state.js';

const row = (key: string, content: string): Row => ({
  key,
  content,
  status: 'pending',
  streaming: false,
  change: undefined,
});

/** A copy of `row` that counts reads of its fields other than `key`. */
function counted(source: Row): { row: Row; reads: () => number } {
  let reads = 0;
  const proxy = new Proxy(
    { ...source },
    {
      get(target, field, receiver) {
        if (field !== 'key') reads += 1;
        return Reflect.get(target, field, receiver);
      },
    },
  );
  return { row: proxy, reads: () => reads };
}

describe('shareRows', () => {
  it('keeps the old row for a new one of the same value, and the old list when every row is kept', () => {
    const old = [row('a', 'Read'), row('b', 'Write')];
    const next = [row('a', 'Read'), row('b', 'Write')];
    expect(shareRows(next, old, new WeakMap())).toBe(old);
  });

  it('takes the new row where a value changed, and finds a moved row by its key', () => {
    const old = [row('a', 'Read'), row('b', 'Write')];
    const shared = shareRows([row('b', 'Write'), row('a', 'Read it')], old, new WeakMap());
    expect(shared[0]).toBe(old[1]);
    expect(shared[1]).not.toBe(old[0]);
    expect(shared[1]!.content).toBe('Read it');
  });

  it('compares a new row with the kept one once: while the same row object comes back, it is matched by identity', () => {
    const old = [row('a', 'Read')];
    const aliases: RowAliases = new WeakMap();
    const candidate = counted(row('a', 'Read'));
    expect(shareRows([candidate.row], old, aliases)).toBe(old);
    const first = candidate.reads();
    expect(first).toBeGreaterThan(0);
    expect(shareRows([candidate.row], old, aliases)).toBe(old);
    expect(candidate.reads()).toBe(first);
  });

  it('never takes an alias for a row of another value', () => {
    const aliases: RowAliases = new WeakMap();
    const candidate = row('a', 'Read');
    const old = [row('a', 'Read')];
    shareRows([candidate], old, aliases);
    const changed = [row('a', 'Write')];
    expect(shareRows([candidate], changed, aliases)[0]).toBe(candidate);
  });
});
