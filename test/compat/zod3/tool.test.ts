import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { loadAdapter } from '../adapters/load-adapter.js';
import { describeToolThroughStreamText } from '../shared/tool-assertions.js';

// Run by the compat-zod3-v5 and compat-zod3-v7 projects: `zod` and `zod/*` are aliased to zod
// 3.25.76 and the AI SDK is inlined, so its own `zod/v4` / `zod/v3` imports get zod 3.25 too,
// as in an app that installed zod 3.25 (the AI SDK peers on zod ^3.25.76 || ^4.1.8).
const adapter = await loadAdapter(Number(process.env.TODO_WRITE_COMPAT_MAJOR));

describe(`with zod 3.25 on AI SDK ${adapter.major}`, () => {
  it('resolves zod to 3.25 (classic v3 at the root)', async () => {
    const require = createRequire(import.meta.url);
    expect((require('zod-v3/package.json') as { version: string }).version).toMatch(/^3\.25\./);
    const zod = (await import('zod')) as unknown as Record<string, unknown>;
    expect(zod.ZodType).toBeDefined();
    expect(zod.core).toBeUndefined(); // zod 4's root exports `core`; zod 3.25's root (classic v3) does not
  });
});

describeToolThroughStreamText(adapter);
