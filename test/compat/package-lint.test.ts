/**
 * The packed tarball (test/support/pack-package.ts) linted as a published package: publint (the
 * manifest, exports and files) with every suggestion, and arethetypeswrong (the types each entry
 * resolves to under node10, node16 from CJS and ESM, and bundler resolution). The one finding
 * left is the deliberate one: the package is ESM only (README, "Compatibility").
 */
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packPackage } from '../support/pack-package.js';

const require = createRequire(import.meta.url);
const ATTW = join(require.resolve('@arethetypeswrong/cli/package.json'), '..', 'dist/index.js');

interface AttwProblem {
  kind: string;
  entrypoint?: string;
  resolutionKind?: string;
}

let tarball = '';
let workDirectory = '';

/** attw's JSON report. Written to a file: the CLI exits before a pipe of this size drains. */
function runAttw(args: string[]): { status: number | null; problems: AttwProblem[]; entrypoints: string[] } {
  const output = join(workDirectory, `attw-${args.length}.json`);
  const fd = openSync(output, 'w');
  const result = spawnSync(process.execPath, [ATTW, tarball, '--format', 'json', ...args], {
    stdio: ['ignore', fd, 'pipe'],
    encoding: 'utf8',
  });
  closeSync(fd);
  const report = JSON.parse(readFileSync(output, 'utf8')) as {
    analysis: { entrypoints: Record<string, unknown>; problems: AttwProblem[] };
  };
  return {
    status: result.status,
    problems: report.analysis.problems.map(({ kind, entrypoint, resolutionKind }) => ({
      kind,
      entrypoint,
      resolutionKind,
    })),
    entrypoints: Object.keys(report.analysis.entrypoints).sort(),
  };
}

describe('the packed tarball, linted', () => {
  beforeAll(() => {
    tarball = packPackage().tarball;
    workDirectory = mkdtempSync(join(tmpdir(), 'todo-write-lint-'));
  });
  afterAll(() => {
    if (workDirectory) rmSync(workDirectory, { recursive: true, force: true });
  });

  it('has no publint message, suggestions included', async () => {
    const data = readFileSync(tarball);
    const { messages, pkg } = await publint({
      pack: { tarball: data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer },
      level: 'suggestion',
      strict: true,
    });
    expect(messages.map((message) => `${message.type}: ${formatMessage(message, pkg) ?? message.code}`)).toEqual([]);
  });

  it('resolves the types of every entry under node10, node16 (ESM) and bundler; from CJS only by import(), as an ESM-only package does', () => {
    // The stylesheet is an entry for bundlers, with no types to resolve.
    const { problems, entrypoints } = runAttw(['--exclude-entrypoints', './styles.css']);
    expect(entrypoints).toEqual(['.', './agents', './package.json', './react', './testing']);
    expect(problems).toEqual([
      { kind: 'CJSResolvesToESM', entrypoint: '.', resolutionKind: 'node16-cjs' },
      { kind: 'CJSResolvesToESM', entrypoint: './agents', resolutionKind: 'node16-cjs' },
      { kind: 'CJSResolvesToESM', entrypoint: './react', resolutionKind: 'node16-cjs' },
      { kind: 'CJSResolvesToESM', entrypoint: './testing', resolutionKind: 'node16-cjs' },
    ]);
  });

  it('passes arethetypeswrong once the ESM-only rule is set aside', () => {
    const { status, problems } = runAttw([
      '--exclude-entrypoints',
      './styles.css',
      '--ignore-rules',
      'cjs-resolves-to-esm',
    ]);
    expect(status).toBe(0);
    expect(problems.filter((problem) => problem.kind !== 'CJSResolvesToESM')).toEqual([]);
  });
});
