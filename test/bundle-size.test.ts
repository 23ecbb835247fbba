import { describe, expect, it } from 'vitest';
import { BUNDLE_BUDGETS, ENTRY_SOURCES, measureBundle, type EntryName } from '../bench/measure-bundle-sizes.js';

/** Sizes are deterministic (same sources, same bundler): unlike times, they can be asserted. */
describe('bundle size (minified + gzipped, peers external, each entry on its own)', () => {
  for (const entry of Object.keys(BUNDLE_BUDGETS) as EntryName[]) {
    const budget = BUNDLE_BUDGETS[entry];
    it(`keeps todo-write${entry === '.' ? '' : entry.slice(1)} within ${budget} bytes`, async () => {
      const size = await measureBundle(entry, ENTRY_SOURCES[entry]);
      console.log(`${entry}: ${size.gzipped} B gzipped (${size.minified} B minified), budget ${budget} B`);
      const largest = size.modules
        .slice(0, 6)
        .map((module) => `${module.id} ${Math.round(module.share * 100)}%`)
        .join(', ');
      expect(
        size.gzipped,
        `${entry} (${ENTRY_SOURCES[entry]}) is ${size.gzipped} B gzipped (${size.minified} B minified), ` +
          `budget ${budget} B.${largest ? ` Largest modules (share of the unminified bundle): ${largest}.` : ''}`,
      ).toBeLessThanOrEqual(budget);
    }, 60_000);
  }
});
