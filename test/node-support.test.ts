/**
 * Which Node the package runs on is said three times: `engines` in package.json, the sentence
 * under the README's Install command (repeated in docs/nextjs.md) and the compatibility table.
 * They must say the same.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path: string): string => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');
const manifest = JSON.parse(read('package.json')) as { engines: { node: string } };
const readme = read('README.md');

/** The compatibility table's Node column, by `ai` major: `{ 7: 22, 6: 20, 5: 20 }`. */
function tableNodes(): Record<string, number> {
  const rows = [...readme.matchAll(/^\|\s*\**(\d)\**\s*\|\s*\d\s*\|\s*≥ (\d+)\s*\|/gm)];
  return Object.fromEntries(rows.map((row) => [row[1]!, Number(row[2])]));
}

describe('the Node the package runs on', () => {
  it('is one floor: engines, the README sentence and docs/nextjs.md, and the lowest row of the table', () => {
    const floor = /^>=(\d+)$/.exec(manifest.engines.node)?.[1];
    expect(floor, 'engines.node is a plain ">=N"').toBeDefined();
    const sentence = `Runs on **Node ${floor} or newer**`;
    expect(readme).toContain(sentence);
    expect(read('docs/nextjs.md')).toContain(sentence);
    const nodes = tableNodes();
    expect(Object.keys(nodes).sort()).toEqual(['5', '6', '7']);
    expect(Math.min(...Object.values(nodes))).toBe(Number(floor));
  });

  it('names the Node AI SDK 7 needs where the README says what Node 20 installs instead', () => {
    expect(readme).toContain(`(AI SDK 7 needs Node ${tableNodes()['7']})`);
  });
});
