import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { todoWriteInputSchema, validateTodos } from '../../../src/index.js';
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

describe('todoWriteInputSchema on zod 3.25 (its zod/v4)', () => {
  it("is built by the app's zod", () => {
    expect(todoWriteInputSchema).toBeInstanceOf(z.ZodObject);
  });

  it('reports every rule with the words the model reads, list rules included when items fail', () => {
    const todos = [
      { content: 'Fix the bug', status: 'done' },
      { content: 'Fix the bug ', status: 'in_progress' },
      { content: '  ', status: 'in_progress' },
      { content: 'x'.repeat(201), status: 'pending' },
      'Ship it',
      { status: 'pending' },
    ];
    const rules = [
      'Item 3 has empty content.',
      'Item 4 ("xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…") is 201 characters long; at most 200 are allowed.',
      'Items 1 and 2 have the same content ("Fix the bug"); make each task distinct.',
      'Items 2 ("Fix the bug") and 3 are both in_progress; at most one task may be in_progress at a time.',
    ];
    const result = todoWriteInputSchema.safeParse({ todos });
    const messages = result.error?.issues.map((issue) => issue.message) ?? [];
    for (const rule of rules) expect(messages).toContain(rule);
    // The shape's own issues are zod's: one per broken field.
    expect(result.error?.issues).toHaveLength(validateTodos({ todos }).problems!.length);
  });
});

describeToolThroughStreamText(adapter);
