/** Reading the built package (dist/), for the compat checks and the tests of the built entries. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const DIST = join(ROOT, 'dist');

/** Throws a clear message when dist/ has not been built (`npm test` builds it first). */
export function assertBuilt(): void {
  for (const file of ['index.js', 'index.d.ts', 'react.js', 'react.d.ts']) {
    if (!existsSync(join(DIST, file))) {
      throw new Error(`dist/${file} is missing: run \`npm run build\` first (npm test does).`);
    }
  }
}

/** The path of a built file, or a failure that says how to build it. */
export function builtFile(file: string): string {
  const path = join(DIST, file);
  if (!existsSync(path))
    throw new Error(`dist/${file} is missing: run \`npm run build\` first (\`npm test\` builds before testing).`);
  return path;
}

/** Every file under dist/ whose name ends with `suffix`, as paths relative to dist/. */
export function distFiles(suffix: string): string[] {
  const files: string[] = [];
  const walk = (directory: string): void => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(suffix)) files.push(relative(DIST, path));
    }
  };
  walk(DIST);
  return files.sort();
}

export function readDist(file: string): string {
  return readFileSync(join(DIST, file), 'utf8');
}

/** The module specifiers a JS or .d.ts file imports or re-exports (static `from '…'`, `import('…')`, bare `import '…'`). */
export function importedSpecifiers(source: string): string[] {
  const specifiers = new Set<string>();
  for (const match of source.matchAll(
    /\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm,
  )) {
    specifiers.add((match[1] ?? match[2] ?? match[3])!);
  }
  return [...specifiers];
}

/** The package a bare specifier names: `ai/test` → `ai`, `@ai-sdk/react/x` → `@ai-sdk/react`; relative and `node:` → undefined. */
export function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * The names the .d.ts files take from package `name`: `import { type A, B as C } from 'ai'`,
 * `export { A } from 'ai'` and `import('ai').A`.
 */
export function namesImportedFrom(source: string, name: string): string[] {
  const names = new Set<string>();
  const quoted = `['"]${name.replace(/[/@]/g, '\\$&')}['"]`;
  const named = new RegExp(`(?:import|export)\\s+(?:type\\s+)?\\{([^}]*)\\}\\s*from\\s*${quoted}`, 'g');
  for (const match of source.matchAll(named)) {
    for (const item of match[1]!.split(',')) {
      const original = item
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0]
        ?.trim();
      if (original) names.add(original);
    }
  }
  for (const match of source.matchAll(new RegExp(`import\\(\\s*${quoted}\\s*\\)\\.(\\w+)`, 'g'))) names.add(match[1]!);
  return [...names].sort();
}
