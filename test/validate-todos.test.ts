import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateTodos, type Todo } from '../src/index.js';
import { DEFAULT_MAX_CONTENT_LENGTH, DEFAULT_MAX_TODOS } from '../src/plan/todo-tool-shape.js';
import { TODO_WRITE_STATUSES } from '../src/plan/todo-statuses.js';

const HEADER =
  'Nothing was saved. Fix these problems, then send the whole corrected list again (every task, not only the changed ones):';

/** The message for these problem lines. */
function message(...problems: string[]): string {
  return [HEADER, ...problems.map((problem) => `- ${problem}`)].join('\n');
}

function rejection(input: unknown, limits?: Parameters<typeof validateTodos>[1]): string {
  const result = validateTodos(input, limits);
  if (result.valid) throw new Error(`expected a rejection, got ${JSON.stringify(result.todos)}`);
  return result.message;
}

describe('validateTodos', () => {
  describe('when the list follows every rule', () => {
    it('accepts it and returns exactly content and status of each task', () => {
      const todos: Todo[] = [
        { content: 'Read the code', status: 'completed' },
        { content: 'Write the parser', status: 'in_progress' },
        { content: 'Add tests', status: 'pending' },
      ];
      expect(validateTodos({ todos })).toEqual({ valid: true, todos });
    });

    it('accepts an empty list (it clears the list)', () => {
      expect(validateTodos({ todos: [] })).toEqual({ valid: true, todos: [] });
    });

    it('accepts the array itself as well as { todos }', () => {
      expect(validateTodos([{ content: 'A', status: 'pending' }])).toEqual({
        valid: true,
        todos: [{ content: 'A', status: 'pending' }],
      });
    });

    it('accepts todos sent as a JSON string, and a whole input sent as a JSON string', () => {
      const todos = [{ content: 'A', status: 'in_progress' }];
      expect(validateTodos({ todos: JSON.stringify(todos) })).toEqual({ valid: true, todos });
      expect(validateTodos(JSON.stringify({ todos }))).toEqual({ valid: true, todos });
    });

    it('drops fields other than content and status', () => {
      expect(validateTodos({ todos: [{ content: 'A', status: 'pending', activeForm: 'Doing A', id: '1' }] })).toEqual({
        valid: true,
        todos: [{ content: 'A', status: 'pending' }],
      });
    });

    it('accepts exactly maxTodos tasks of exactly maxContentLength characters', () => {
      const todos = Array.from({ length: 3 }, (_, index) => ({
        content: `${index}`.padEnd(10, 'x'),
        status: 'pending' as const,
      }));
      expect(validateTodos({ todos }, { maxTodos: 3, maxContentLength: 10 }).valid).toBe(true);
    });
  });

  describe('when a rule is broken', () => {
    it('rejects empty and whitespace-only content', () => {
      expect(
        rejection({
          todos: [
            { content: 'A', status: 'pending' },
            { content: '', status: 'pending' },
            { content: ' \n\t', status: 'pending' },
          ],
        }),
      ).toBe(message('Item 2 has empty content.', 'Item 3 has empty content.'));
    });

    it('rejects duplicate content, compared after trimming, naming every item that repeats it', () => {
      expect(
        rejection({
          todos: [
            { content: 'Run the build', status: 'completed' },
            { content: 'Deploy', status: 'pending' },
            { content: '  Run the build ', status: 'pending' },
          ],
        }),
      ).toBe(message('Items 1 and 3 have the same content ("Run the build"); make each task distinct.'));
    });

    it('rejects more than one in_progress task, naming each of them', () => {
      expect(
        rejection({
          todos: [
            { content: 'Read the code', status: 'in_progress' },
            { content: 'Fix the bug', status: 'pending' },
            { content: 'Deploy', status: 'in_progress' },
          ],
        }),
      ).toBe(
        message(
          'Items 1 ("Read the code") and 3 ("Deploy") are both in_progress; at most one task may be in_progress at a time.',
        ),
      );
      expect(
        rejection({
          todos: [
            { content: 'A', status: 'in_progress' },
            { content: 'B', status: 'in_progress' },
            { content: 'C', status: 'in_progress' },
          ],
        }),
      ).toBe(
        message(
          'Items 1 ("A"), 2 ("B") and 3 ("C") are all in_progress; at most one task may be in_progress at a time.',
        ),
      );
    });

    it('rejects more than maxTodos tasks', () => {
      const todos = Array.from({ length: DEFAULT_MAX_TODOS + 1 }, (_, index) => ({
        content: `Task ${index + 1}`,
        status: 'pending',
      }));
      expect(rejection({ todos })).toBe(
        message('The list has 51 tasks; at most 50 are allowed. Merge small steps or drop detail.'),
      );
      expect(rejection({ todos: todos.slice(0, 3) }, { maxTodos: 2 })).toBe(
        message('The list has 3 tasks; at most 2 are allowed. Merge small steps or drop detail.'),
      );
    });

    it('rejects content longer than maxContentLength, quoting only its start', () => {
      const long = `Refactor ${'the module '.repeat(30)}`;
      expect(rejection({ todos: [{ content: long, status: 'pending' }] })).toBe(
        message(
          `Item 1 ("Refactor the module the module the…") is ${long.length} characters long; at most ${DEFAULT_MAX_CONTENT_LENGTH} are allowed.`,
        ),
      );
      expect(rejection({ todos: [{ content: 'Eleven char', status: 'pending' }] }, { maxContentLength: 10 })).toBe(
        message('Item 1 ("Eleven char") is 11 characters long; at most 10 are allowed.'),
      );
    });

    it('rejects a status outside the three, saying which ones to use', () => {
      expect(
        rejection({
          todos: [{ content: 'A', status: 'done' }, { content: 'B' }, { content: 'C', status: 3 }],
        }),
      ).toBe(
        message(
          'Item 1 ("A") has status "done"; use pending, in_progress or completed.',
          'Item 2 ("B") has no status; use pending, in_progress or completed.',
          'Item 3 ("C") has a number as status; use pending, in_progress or completed.',
        ),
      );
    });

    it('rejects items that are not { content, status } objects', () => {
      expect(
        rejection({ todos: ['Read the code', null, { status: 'pending' }, { content: 7, status: 'pending' }] }),
      ).toBe(
        message(
          'Item 1 is a string, not an object { content, status }.',
          'Item 2 is null, not an object { content, status }.',
          'Item 3 has no content: it must be a string.',
          'Item 4 has no content: it must be a string.',
        ),
      );
    });

    it('rejects an input that is not { todos: [...] }', () => {
      expect(rejection(null)).toBe(
        message('The input is null; it must be an object { todos: [{ content, status }] }.'),
      );
      expect(rejection('plan')).toBe(
        message('The input is a string; it must be an object { todos: [{ content, status }] }.'),
      );
      expect(rejection({})).toBe(
        message('"todos" is missing; it must be an array of { content, status } (send [] to clear the list).'),
      );
      expect(rejection({ todos: { content: 'A', status: 'pending' } })).toBe(
        message('"todos" is an object; it must be an array of { content, status } (send [] to clear the list).'),
      );
      expect(rejection({ todos: '[{"content": "A", "status": ' })).toBe(
        message(
          '"todos" is a string that does not parse as a JSON array; send an array of { content, status } (send [] to clear the list).',
        ),
      );
    });
  });

  describe('when a call breaks several rules', () => {
    it('names every problem in one message: item problems in item order, then duplicates, then in_progress', () => {
      expect(
        rejection({
          todos: [
            { content: 'Read the code', status: 'in_progress' },
            { content: '  ', status: 'pending' },
            { content: 'Run the build', status: 'done' },
            { content: 'Deploy it', status: 'in_progress' },
            { content: 'Run the build ', status: 'pending' },
          ],
        }),
      ).toBe(
        message(
          'Item 2 has empty content.',
          'Item 3 ("Run the build") has status "done"; use pending, in_progress or completed.',
          'Items 3 and 5 have the same content ("Run the build"); make each task distinct.',
          'Items 1 ("Read the code") and 4 ("Deploy it") are both in_progress; at most one task may be in_progress at a time.',
        ),
      );
    });

    it('reports a too-long list together with the problems of its items', () => {
      const todos = [
        { content: 'A', status: 'in_progress' },
        { content: 'A', status: 'in_progress' },
        { content: 'B', status: 'pending' },
      ];
      expect(rejection({ todos }, { maxTodos: 2 })).toBe(
        message(
          'The list has 3 tasks; at most 2 are allowed. Merge small steps or drop detail.',
          'Items 1 and 2 have the same content ("A"); make each task distinct.',
          'Items 1 ("A") and 2 ("A") are both in_progress; at most one task may be in_progress at a time.',
        ),
      );
    });

    it('keeps the message short: at most 5 items per grouped problem and 20 problems, the rest counted', () => {
      const todos = Array.from({ length: 30 }, () => ({ content: '', status: 'in_progress' }));
      const text = rejection({ todos });
      const lines = text.split('\n');
      expect(lines).toHaveLength(1 + 20 + 1);
      expect(lines.at(-1)).toBe('- ...and 11 more problems.');
      const grouped = rejection({ todos: Array.from({ length: 8 }, () => ({ content: 'Same', status: 'pending' })) });
      expect(grouped).toBe(
        message('Items 1, 2, 3, 4, 5 and 3 more have the same content ("Same"); make each task distinct.'),
      );
    });
  });

  describe('when a call is huge', () => {
    it('rejects 10,000 items on their count alone, without checking each item', () => {
      const todos = Array.from({ length: 10_000 }, () => ({ content: '', status: 'nope' }));
      expect(rejection({ todos })).toBe(
        message('The list has 10000 tasks; at most 50 are allowed. Merge small steps or drop detail.'),
      );
    });

    it('does not even read the items of a list past ten times maxTodos', () => {
      const todos: unknown[] = Array.from({ length: 501 }, () => ({ content: 'A', status: 'pending' }));
      const items = new Proxy(todos, {
        get(target, key, receiver) {
          if (typeof key === 'string' && /^\d+$/.test(key)) throw new Error(`item ${key} was read`);
          return Reflect.get(target, key, receiver);
        },
      });
      expect(rejection({ todos: items })).toBe(
        message('The list has 501 tasks; at most 50 are allowed. Merge small steps or drop detail.'),
      );
    });
  });

  describe('over generated lists (property)', () => {
    const content = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom('Read', 'Write', 'Test', 'Ship', ' Read ', 'Plan', 'Fix', 'Review') },
      { weight: 1, arbitrary: fc.constantFrom('', '   ', '\n') },
      { weight: 1, arbitrary: fc.string({ minLength: 11, maxLength: 14 }) },
    );
    const status = fc.oneof(
      { weight: 8, arbitrary: fc.constantFrom(...TODO_WRITE_STATUSES) },
      { weight: 1, arbitrary: fc.constantFrom('done', 'in_prog', '') },
    );
    const list = fc.array(fc.record({ content, status }), { maxLength: 6 });

    /** The rules, restated independently of the implementation. */
    function followsRules(todos: { content: string; status: string }[]): boolean {
      const trimmed = todos.map((todo) => todo.content.trim());
      return (
        todos.length <= 5 &&
        todos.every((todo) => (TODO_WRITE_STATUSES as readonly string[]).includes(todo.status)) &&
        trimmed.every((text) => text !== '') &&
        todos.every((todo) => todo.content.length <= 12) &&
        new Set(trimmed).size === trimmed.length &&
        todos.filter((todo) => todo.status === 'in_progress').length <= 1
      );
    }

    it('accepts a list exactly when it follows every rule', () => {
      fc.assert(
        fc.property(list, (todos) => {
          const result = validateTodos({ todos }, { maxTodos: 5, maxContentLength: 12 });
          expect(result.valid).toBe(followsRules(todos));
          if (result.valid) expect(result.todos).toEqual(todos);
          else expect(result.message.startsWith(HEADER)).toBe(true);
        }),
        { numRuns: 2000 },
      );
    });

    it('never throws, whatever the input', () => {
      fc.assert(
        fc.property(
          fc.oneof(fc.anything(), fc.record({ todos: fc.anything() }), fc.record({ todos: fc.array(fc.anything()) })),
          (input) => {
            const result = validateTodos(input);
            expect(typeof result.valid).toBe('boolean');
          },
        ),
        { numRuns: 1000 },
      );
    });
  });
});
