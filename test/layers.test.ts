/**
 * The source's layers: plan <- read <- tool <- text <- react, with other agents' readers and the testing entry on
 * the side. A module imports only from its own layer and those under it, and no two modules import each other,
 * however far round.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve('src');

/** The folders each layer may import from, itself included; a top-level file is an entry and may import anything. */
const MAY_IMPORT: Record<string, readonly string[]> = {
  plan: ['plan'],
  read: ['plan', 'read'],
  tool: ['plan', 'read', 'tool'],
  text: ['plan', 'read', 'tool', 'text'],
  // The React modules reach the core through its one door, src/core.ts.
  react: ['plan', 'read', 'tool', 'text', 'react', 'core.ts'],
  agents: ['plan', 'read', 'agents'],
  testing: ['plan', 'read', 'tool', 'text', 'testing'],
};

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(folder, entry.name))
      : /\.tsx?$/.test(entry.name)
        ? [join(folder, entry.name)]
        : [],
  );
}

/** Every module a file imports or re-exports from within src, types included, as paths relative to src. */
function importsOf(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  const specifiers = [...code.matchAll(/(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s*'(\.[^']+)'/g)].map(
    (match) => match[1]!,
  );
  const dynamic = [...code.matchAll(/\bimport\(\s*'(\.[^']+)'\s*\)/g)].map((match) => match[1]!);
  return [...specifiers, ...dynamic].map((specifier) => {
    const target = relative(SRC, resolve(dirname(file), specifier));
    return target.replace(/\.js$/, existsAsTsx(target) ? '.tsx' : '.ts');
  });
}

const ALL = sourceFiles(SRC).map((file) => relative(SRC, file));
const existsAsTsx = (target: string): boolean => ALL.includes(target.replace(/\.js$/, '.tsx'));
const layerOf = (path: string): string => (path.includes('/') ? path.split('/')[0]! : path);
const GRAPH = new Map(ALL.map((path) => [path, importsOf(join(SRC, path))]));

describe('the layers of src', () => {
  it('every import resolves to a source file', () => {
    const missing = [...GRAPH].flatMap(([path, targets]) =>
      targets.filter((target) => !ALL.includes(target)).map((target) => `${path} -> ${target}`),
    );
    expect(missing).toEqual([]);
  });

  it('no module imports from a layer above its own', () => {
    const upward = [...GRAPH].flatMap(([path, targets]) => {
      const allowed = MAY_IMPORT[layerOf(path)];
      if (!allowed) return [];
      return targets.filter((target) => !allowed.includes(layerOf(target))).map((target) => `${path} -> ${target}`);
    });
    expect(upward).toEqual([]);
  });

  it('no module reaches itself through its imports', () => {
    const cycles: string[] = [];
    const done = new Set<string>();
    const visit = (path: string, trail: string[]): void => {
      const at = trail.indexOf(path);
      if (at >= 0) {
        cycles.push([...trail.slice(at), path].join(' -> '));
        return;
      }
      if (done.has(path)) return;
      for (const target of GRAPH.get(path) ?? []) visit(target, [...trail, path]);
      done.add(path);
    };
    for (const path of ALL) visit(path, []);
    expect(cycles).toEqual([]);
  });

  it('knows every folder of src', () => {
    const folders = new Set(ALL.filter((path) => path.includes('/')).map(layerOf));
    expect([...folders].filter((folder) => !(folder in MAY_IMPORT))).toEqual([]);
  });
});
