import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { createTodoWrite, createTodoWriteInputSchema, todoWriteInputSchema, validateTodos } from '../src/index.js';
import { TODO_WRITE_STATUSES } from '../src/plan/todo-statuses.js';
import { TODO_WRITE_JSON_SCHEMA } from '../src/plan/model-texts.js';
import { EXPECTED_INPUT_SCHEMA } from './support/expected-input-schema.js';

/** Each issue as `path: code` plus its message when the schema words it. */
function issuesOf(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`expected issues, got ${JSON.stringify(result.data)}`);
  return result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.code}`);
}

describe('todoWriteInputSchema', () => {
  describe('when the list follows every rule', () => {
    it('parses it to exactly content and status of each task, content untrimmed', () => {
      const input = {
        todos: [
          { content: ' Read the code ', status: 'completed', activeForm: 'Reading the code' },
          { content: 'Fix the bug', status: 'in_progress', id: '2' },
        ],
      };
      expect(todoWriteInputSchema.parse(input)).toEqual({
        todos: [
          { content: ' Read the code ', status: 'completed' },
          { content: 'Fix the bug', status: 'in_progress' },
        ],
      });
      expect(todoWriteInputSchema.parse({ todos: [] })).toEqual({ todos: [] });
    });
  });

  describe('when a rule is broken', () => {
    it("reports a task's shape with zod's own issues, at the task's path", () => {
      expect(
        issuesOf(todoWriteInputSchema, {
          todos: ['Fix the bug', { status: 'pending' }, { content: 'Ship it', status: 'done' }],
        }),
      ).toEqual(['todos.0: invalid_type', 'todos.1.content: invalid_type', 'todos.2.status: invalid_value']);
      expect(issuesOf(todoWriteInputSchema, { todos: 'Fix the bug' })).toEqual(['todos: invalid_type']);
    });

    it('reports empty content as a custom issue and overlong content as too_big, at the content', () => {
      expect(
        issuesOf(todoWriteInputSchema, {
          todos: [
            { content: ' \n', status: 'pending' },
            { content: 'x'.repeat(201), status: 'pending' },
          ],
        }),
      ).toEqual(['todos.0.content: custom', 'todos.1.content: too_big']);
    });

    it("words the list's own rules as the model reads them", () => {
      const result = todoWriteInputSchema.safeParse({
        todos: [
          { content: 'Run the build', status: 'in_progress' },
          { content: 'Run the build ', status: 'in_progress' },
          ...Array.from({ length: 49 }, (_, index) => ({ content: `Step ${index}`, status: 'pending' })),
        ],
      });
      expect(result.error?.issues.map(({ path, code, message }) => ({ path, code, message }))).toEqual([
        {
          path: ['todos'],
          code: 'too_big',
          message: 'The list has 51 tasks; at most 50 are allowed. Merge small steps or drop detail.',
        },
        {
          path: ['todos'],
          code: 'custom',
          message: 'Items 1 and 2 have the same content ("Run the build"); make each task distinct.',
        },
        {
          path: ['todos'],
          code: 'custom',
          message:
            'Items 1 ("Run the build") and 2 ("Run the build") are both in_progress; at most one task may be in_progress at a time.',
        },
      ]);
    });

    it('still checks the list rules when a task is broken, so one parse reports every problem', () => {
      expect(
        issuesOf(todoWriteInputSchema, {
          todos: [
            { content: 'Fix the bug', status: 'done' },
            { content: 'Fix the bug', status: 'in_progress' },
            { content: 'Test it', status: 'in_progress' },
          ],
        }),
      ).toEqual(['todos.0.status: invalid_value', 'todos: custom', 'todos: custom']);
    });
  });

  it('accepts a list exactly when validateTodos does, with the same tasks (property)', () => {
    const content = fc.oneof(
      fc.constantFrom('Read the code', 'Fix the bug', ' Fix the bug', '', '   ', 'x'.repeat(201)),
      fc.string({ maxLength: 12 }),
      fc.integer(),
    );
    const status = fc.oneof(
      fc.constantFrom(...TODO_WRITE_STATUSES),
      fc.constantFrom('done', 'in_progr', ''),
      fc.constant(7),
    );
    const item = fc.oneof(
      { weight: 8, arbitrary: fc.record({ content, status }, { requiredKeys: [] }) },
      { weight: 1, arbitrary: fc.oneof(fc.string(), fc.constant(null), fc.array(fc.integer())) },
    );
    fc.assert(
      fc.property(fc.array(item, { maxLength: 60 }), (todos) => {
        const parsed = todoWriteInputSchema.safeParse({ todos });
        const checked = validateTodos({ todos });
        expect(checked.valid).toBe(parsed.success);
        if (parsed.success && checked.valid) expect(checked.todos).toEqual(parsed.data.todos);
        if (!parsed.success && !checked.valid) expect(checked.problems).toHaveLength(parsed.error.issues.length);
      }),
    );
  });
});

describe('createTodoWriteInputSchema', () => {
  it('builds the schema for other limits', () => {
    const schema = createTodoWriteInputSchema({ maxTodos: 2, maxContentLength: 10 });
    expect(schema.safeParse({ todos: [{ content: 'x'.repeat(10), status: 'pending' }] }).success).toBe(true);
    expect(issuesOf(schema, { todos: [{ content: 'x'.repeat(11), status: 'pending' }] })).toEqual([
      'todos.0.content: too_big',
    ]);
    const three = ['A', 'B', 'C'].map((each) => ({ content: each, status: 'pending' }));
    expect(issuesOf(schema, { todos: three })).toEqual(['todos: too_big']);
  });

  it('throws a RangeError for a limit that is not a positive integer', () => {
    expect(() => createTodoWriteInputSchema({ maxTodos: 0 })).toThrow(
      new RangeError('createTodoWriteInputSchema: maxTodos must be a positive integer, got 0.'),
    );
    expect(() => createTodoWriteInputSchema({ maxContentLength: 2.5 })).toThrow(RangeError);
  });
});

describe('the JSON schema the model reads', () => {
  it('is the shape only, in a fixed key order (the text the model is billed for), without limits', () => {
    expect(JSON.stringify(TODO_WRITE_JSON_SCHEMA)).toBe(JSON.stringify(EXPECTED_INPUT_SCHEMA));
  });

  it('describes the same input as the zod schema, whatever its limits', () => {
    for (const schema of [todoWriteInputSchema, createTodoWriteInputSchema({ maxTodos: 3, maxContentLength: 20 })]) {
      const { $schema: _, ...generated } = z.toJSONSchema(schema, { target: 'draft-7', io: 'output' });
      expect(generated).toEqual(EXPECTED_INPUT_SCHEMA);
    }
  });

  it('is what the tool offers, whatever its limits', async () => {
    const offered = (tool: ReturnType<typeof createTodoWrite>) =>
      (tool.inputSchema as unknown as { jsonSchema: unknown }).jsonSchema;
    expect(await offered(createTodoWrite())).toEqual(EXPECTED_INPUT_SCHEMA);
    expect(await offered(createTodoWrite({ maxTodos: 5, maxContentLength: 30 }))).toEqual(EXPECTED_INPUT_SCHEMA);
  });
});
