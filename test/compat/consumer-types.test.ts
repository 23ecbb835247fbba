/**
 * The published types compile in an app on every AI SDK major: test/compat/fixtures/consumer/
 * (streamText with `tools: { todo_write: todoWrite }`, InferUITools, typed UIMessage parts,
 * useChat + useTodos + <TodoList>) is type-checked by `tsc` once per major, with `ai` and
 * `@ai-sdk/react` mapped to that major through `paths` and `todo-write` mapped to the .d.ts files of
 * the packed tarball (test/support/pack-package.ts), unpacked as an app's node_modules holds it.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractTarball, packPackage } from '../support/pack-package.js';
import { AI_SDK_MAJORS, type AiSdkMajor, ZOD_V3_PACKAGE } from './majors.js';
import {
  assertBuilt,
  distFiles,
  importedSpecifiers,
  namesImportedFrom,
  packageOf,
  readDist,
  ROOT,
} from './dist-files.js';

const require = createRequire(import.meta.url);
const TSC = require.resolve('typescript/bin/tsc');
const CONSUMER = join(ROOT, 'test/compat/fixtures/consumer');

/** Types our .d.ts files may take from a package: only from peers that exist in every supported major. */
const TYPE_PEERS = ['ai', 'react', 'zod'];

let workDirectory = '';
/** dist/ of the unpacked tarball. */
let packedDist = '';
const results = new Map<number, Promise<{ code: number; output: string }>>();
let zod3Result: Promise<{ code: number; output: string }> | undefined;

function typesOf(packageName: string): string {
  return join(ROOT, 'node_modules', packageName, 'dist/index.d.ts');
}

/** A tsconfig as strict as ours, `skipLibCheck` on as in most apps (Next.js' default). */
function writeTsconfig(major: AiSdkMajor, extraFiles: string[], zodPackage?: string): string {
  const path = join(workDirectory, `tsconfig.ai-v${major.major}${zodPackage ? '-zod3' : ''}.json`);
  const config = {
    compilerOptions: {
      strict: true,
      noEmit: true,
      target: 'ES2022',
      lib: ['ES2023', 'DOM', 'DOM.Iterable'],
      module: 'ESNext',
      moduleResolution: 'Bundler',
      jsx: 'react-jsx',
      noUncheckedIndexedAccess: true,
      verbatimModuleSyntax: true,
      isolatedModules: true,
      skipLibCheck: true,
      types: [],
      paths: {
        ai: [typesOf(major.aiPackage)],
        '@ai-sdk/react': [typesOf(major.reactPackage)],
        'todo-write': [join(packedDist, 'index.d.ts')],
        'todo-write/react': [join(packedDist, 'react.d.ts')],
        ...(zodPackage ? { 'zod/v4': [join(ROOT, 'node_modules', zodPackage, 'v4/index.d.ts')] } : {}),
      },
    },
    files: [join(CONSUMER, 'consumer.ts'), join(CONSUMER, 'consumer-react.tsx'), ...extraFiles],
  };
  writeFileSync(path, JSON.stringify(config, null, 2));
  return path;
}

async function typeCheck(tsconfig: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [TSC, '-p', tsconfig, '--pretty', 'false'], {
      cwd: ROOT,
      maxBuffer: 16 * 1024 * 1024,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failure = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failure.code ?? 1, output: `${failure.stdout ?? ''}${failure.stderr ?? ''}` };
  }
}

describe('the published types in a consumer app', () => {
  beforeAll(() => {
    assertBuilt();
    workDirectory = mkdtempSync(join(tmpdir(), 'todo-write-consumer-'));
    packedDist = join(extractTarball(packPackage().tarball, join(workDirectory, 'todo-write')), 'dist');
    // With skipLibCheck, a name our .d.ts imports from `ai` that a major lacks would silently
    // become `any`. Re-importing every such name from a .ts file makes tsc report it.
    const aiNames = [...new Set(distFiles('.d.ts').flatMap((file) => namesImportedFrom(readDist(file), 'ai')))];
    const namesFile = join(workDirectory, 'names-from-ai.ts');
    writeFileSync(namesFile, `export type { ${aiNames.join(', ')} } from 'ai';\n`);
    for (const major of AI_SDK_MAJORS) results.set(major.major, typeCheck(writeTsconfig(major, [namesFile])));
    // Our .d.ts files name zod types (the input schema): an app with zod 3.25 reads them from its `zod/v4`.
    const newest = AI_SDK_MAJORS.at(-1)!;
    zod3Result = typeCheck(writeTsconfig(newest, [namesFile], ZOD_V3_PACKAGE));
  });

  afterAll(async () => {
    await Promise.allSettled([...results.values(), zod3Result]);
    if (workDirectory) rmSync(workDirectory, { recursive: true, force: true });
  });

  it('take types only from ai and react, and no tool types that only some majors have', () => {
    const leaks: string[] = [];
    for (const file of distFiles('.d.ts')) {
      const source = readDist(file);
      for (const specifier of importedSpecifiers(source)) {
        const name = packageOf(specifier);
        if (name !== undefined && !TYPE_PEERS.includes(name)) leaks.push(`${file}: ${specifier}`);
      }
      for (const v7Only of ['ExecutableTool', 'ToolsContextParameter', 'ToolExecutionOptions', 'ToolCallOptions']) {
        if (new RegExp(`\\b${v7Only}\\b`).test(source)) leaks.push(`${file}: ${v7Only}`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it('compile with zod 3.25 as well (the input schema types come from its zod/v4)', async () => {
    const { code, output } = await zod3Result!;
    expect(output.trim()).toBe('');
    expect(code).toBe(0);
  });

  for (const major of AI_SDK_MAJORS) {
    it(`compile with ai ${major.major} and @ai-sdk/react ${major.reactMajor}`, async () => {
      const { code, output } = await results.get(major.major)!;
      expect(output.trim()).toBe('');
      expect(code).toBe(0);
    });
  }
});
