/**
 * package.json claims only what the compat tests prove: a peer for every package the built files
 * import (and none for packages they do not import), the AI SDK majors the compat projects run,
 * and the oldest Node that node-runtime.test.ts runs the package on.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, distFiles, importedSpecifiers, packageOf, readDist, ROOT } from './dist-files.js';
import { AI_SDK_MAJORS, OLDEST_TESTED_NODE } from './majors.js';

interface Manifest {
  name: string;
  license?: string;
  author?: string;
  repository?: { type?: string; url?: string };
  homepage?: string;
  bugs?: { url?: string };
  files?: string[];
  scripts?: Record<string, string>;
  type?: string;
  engines?: { node?: string };
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Manifest;

function packagesImportedBy(suffix: string): string[] {
  const names = distFiles(suffix).flatMap((file) => importedSpecifiers(readDist(file)).map(packageOf));
  return [...new Set(names.filter((name): name is string => name !== undefined))].sort();
}

describe('package.json', () => {
  beforeAll(assertBuilt);

  it('peers on exactly the packages the built JavaScript imports', () => {
    expect(Object.keys(manifest.peerDependencies ?? {}).sort()).toEqual(packagesImportedBy('.js'));
  });

  it('imports zod (the tool validates with it) from the server entry only, never @ai-sdk/react', () => {
    expect(packagesImportedBy('.js')).not.toContain('@ai-sdk/react');
    expect(importedSpecifiers(readDist('react.js')).map(packageOf)).not.toContain('zod');
    expect(manifest.peerDependenciesMeta?.zod?.optional).toBeUndefined();
    expect(manifest.peerDependencies?.zod).toBe('^3.25.76 || ^4.1.8');
  });

  it('accepts every AI SDK major the compat projects run, and no other', () => {
    const range = manifest.peerDependencies?.ai ?? '';
    expect(range.split('||').map((part) => part.trim())).toEqual(AI_SDK_MAJORS.map(({ major }) => `^${major}.0.0`));
  });

  it('keeps react optional, so server-only apps install without it', () => {
    expect(manifest.peerDependenciesMeta?.react?.optional).toBe(true);
  });

  it(`claims Node >= ${OLDEST_TESTED_NODE}, the oldest Node the package is run on in node-runtime.test.ts`, () => {
    expect(manifest.engines?.node).toBe(`>=${OLDEST_TESTED_NODE}`);
    expect(manifest.type).toBe('module');
  });

  it('has what a registry page needs: MIT with a LICENSE file, and repository, homepage and bugs on one repository', () => {
    expect(manifest.license).toBe('MIT');
    const license = readFileSync(join(ROOT, 'LICENSE'), 'utf8');
    expect(license).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} The todo-write project\n/);
    const repository = manifest.repository?.url?.replace(/^git\+/, '').replace(/\.git$/, '') ?? '';
    expect(repository).toMatch(/^https:\/\/github\.com\/[\w.-]+\/[\w.-]+$/);
    expect(manifest.repository?.type).toBe('git');
    expect(manifest.homepage).toBe(`${repository}#readme`);
    expect(manifest.bugs?.url).toBe(`${repository}/issues`);
    expect(manifest.author).toContain(repository);
  });

  it("builds before it is packed, on a fresh clone's npm install and from git, and ships the registry item and the changelog", () => {
    // `postprepare` runs on the project's own `npm install` / `npm ci` (and so in a git dependency's
    // clone) but never for a dependency; npm warns about a tarball's `prepare`, so there is none.
    expect(manifest.scripts?.prepare).toBeUndefined();
    expect(manifest.scripts?.postprepare).toBe('npm run build');
    expect(manifest.scripts?.prepack).toBe('npm run build && npm run build:registry');
    expect(manifest.files).toEqual(['dist', 'registry/*.json', 'CHANGELOG.md']);
  });
});
