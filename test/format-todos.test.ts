import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatTodos, TODO_STATUSES } from '../src/index.js';

describe('formatTodos', () => {
  it('writes one glyphed line per task, in order', () => {
    expect(
      formatTodos([
        { content: 'Read the code', status: 'completed' },
        { content: 'Fix the bug', status: 'in_progress' },
        { content: 'Add a test', status: 'pending' },
      ]),
    ).toBe('[x] Read the code\n[>] Fix the bug\n[ ] Add a test');
  });

  it('writes nothing for an empty list', () => {
    expect(formatTodos([])).toBe('');
  });

  it('keeps each task on one line', () => {
    expect(formatTodos([{ content: '  Fix\nthe   bug\t', status: 'pending' }])).toBe('[ ] Fix the bug');
  });

  it('always writes exactly one line per task (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ content: fc.string({ minLength: 1 }), status: fc.constantFrom(...TODO_STATUSES) }), {
          minLength: 1,
        }),
        (todos) => {
          const lines = formatTodos(todos).split('\n');
          expect(lines).toHaveLength(todos.length);
          lines.forEach((line, index) =>
            expect(line.slice(0, 4)).toBe(
              { completed: '[x] ', in_progress: '[>] ', pending: '[ ] ' }[todos[index]!.status],
            ),
          );
        },
      ),
    );
  });
});
