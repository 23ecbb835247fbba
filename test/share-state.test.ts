import { describe, expect, it } from 'vitest';
import type { Row } from '../src/plan/todo-row.js';
import { shareRows } from '../src/read/share-state.js';

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
    expect(shareRows(next, old, undefined)).toBe(old);
  });

  it('takes the new row where a value changed, and finds a moved row by its key', () => {
    const old = [row('a', 'Read'), row('b', 'Write')];
    const shared = shareRows([row('b', 'Write'), row('a', 'Read it')], old, undefined);
    expect(shared[0]).toBe(old[1]);
    expect(shared[1]).not.toBe(old[0]);
    expect(shared[1]!.content).toBe('Read it');
  });

  it('compares a new row with the kept one once: while it comes back as the same object at its place, it stands for the kept one', () => {
    const old = [row('a', 'Read')];
    const candidate = counted(row('a', 'Read'));
    const next = [candidate.row];
    expect(shareRows(next, old, undefined)).toBe(old);
    const first = candidate.reads();
    expect(first).toBeGreaterThan(0);
    expect(shareRows([candidate.row], old, next)).toBe(old);
    expect(candidate.reads()).toBe(first);
  });

  it('compares a row again once it is another object, or the same one at another place', () => {
    const a = counted(row('a', 'Read'));
    const b = row('b', 'Write');
    const lastNext = [a.row, b];
    const old = [row('a', 'Read'), row('b', 'Write')];
    const before = a.reads();
    const moved = shareRows([b, a.row], old, lastNext);
    expect(moved[0]).toBe(old[1]);
    expect(moved[1]).toBe(old[0]);
    expect(a.reads()).toBeGreaterThan(before);
    const changed = row('a', 'Read again');
    expect(shareRows([changed, b], old, lastNext)[0]).toBe(changed);
  });
});
