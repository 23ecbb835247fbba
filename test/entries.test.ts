import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { builtFile as built } from './compat/dist-files.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Every module specifier a built ES module imports or re-exports, static and dynamic. */
function specifiers(code: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\b(?:import|export)\s[^'"]*?\sfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) for (const match of code.matchAll(pattern)) found.push(match[1]!);
  return found;
}

/** The built files reachable from `entry` through relative imports (shared chunks included), and what they import from packages. */
function reachable(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    for (const specifier of specifiers(readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('.')) queue.push(resolve(dirname(file), specifier));
      else packages.add(specifier);
    }
  }
  return { files: [...files], packages: [...packages] };
}

describe('the built entries', () => {
  it('dist/index.js loads in plain Node and exposes the tool', () => {
    const entry = pathToFileURL(built('index.js')).href;
    const script = `const m = await import(${JSON.stringify(entry)});
      console.log(JSON.stringify({ exports: Object.keys(m).sort(), hasExecute: typeof m.todoWrite.execute, description: typeof m.todoWrite.description }));`;
    const child = spawnSync(process.execPath, ['--input-type=module', '--eval', script], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(child.stderr).toBe('');
    expect(child.status).toBe(0);
    const result = JSON.parse(child.stdout) as { exports: string[]; hasExecute: string; description: string };
    expect(result.exports).toEqual(
      expect.arrayContaining(['todoWrite', 'createTodoWrite', 'readTodos', 'formatTodos', 'toAcpPlan', 'countTodos']),
    );
    expect(result.hasExecute).toBe('function');
    expect(result.description).toBe('string');
  });

  for (const entry of ['index.js', 'agents.js'])
    it(`dist/${entry} imports no react, not even through a shared chunk`, () => {
      const { files, packages } = reachable(built(entry));
      expect(files.length).toBeGreaterThan(0);
      expect(packages.filter((name) => /^(react|react-dom|@ai-sdk\/react)($|\/)/.test(name))).toEqual([]);
      for (const file of files) expect(readFileSync(file, 'utf8'), file).not.toMatch(/['"]use client['"]/);
    });

  it('sees react where it is imported (the scan above can find it)', () => {
    expect(reachable(built('react.js')).packages).toContain('react');
  });

  it('fails with a message that says to build when dist/ is missing', () => {
    expect(() => built('no-such-entry.js')).toThrow('dist/no-such-entry.js is missing: run `npm run build` first');
  });

  it('dist/react.js starts with the use client directive', () => {
    expect(readFileSync(built('react.js'), 'utf8')).toMatch(/^['"]use client['"];?/);
  });
});
