import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffTodos } from '../src/index.js';
import { formatTodoChanges } from '../src/index.js';
import { formatTodos } from '../src/index.js';
import { TODO_WRITE_STATUSES } from '../src/plan/todo-statuses.js';

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
        fc.array(fc.record({ content: fc.string({ minLength: 1 }), status: fc.constantFrom(...TODO_WRITE_STATUSES) }), {
          minLength: 1,
        }),
        (todos) => {
          const lines = formatTodos(todos).split('\n');
          expect(lines).toHaveLength(todos.length);
          const glyphs = { completed: '[x] ', in_progress: '[>] ', pending: '[ ] ' };
          expect(lines.map((line) => line.slice(0, 4))).toEqual(todos.map((todo) => glyphs[todo.status]));
        },
      ),
    );
  });
});

describe('formatTodoChanges', () => {
  const none = { added: [], removed: [], started: [], completed: [], reopened: [] };

  it('writes one line per changed task, in the order of the change kinds', () => {
    const text = formatTodoChanges(
      diffTodos(
        [
          { content: 'Write tests', status: 'in_progress' },
          { content: 'Run the suite', status: 'pending' },
          { content: 'Old step', status: 'pending' },
          { content: 'Read the code', status: 'completed' },
        ],
        [
          { content: 'Deploy', status: 'pending' },
          { content: 'Read the code', status: 'pending' },
          { content: 'Run the suite', status: 'in_progress' },
          { content: 'Write tests', status: 'completed' },
        ],
      ),
    );
    expect(text).toBe(
      'Completed: Write tests\nReopened: Read the code\nAdded: Deploy\nRemoved: Old step\nStarted: Run the suite',
    );
  });

  it('writes nothing when nothing changed', () => {
    expect(formatTodoChanges(none)).toBe('');
  });

  it('lists every task of a kind, in order, each on one line', () => {
    const changes = {
      ...none,
      completed: [
        { content: '  Fix\nthe   bug ', status: 'completed' as const },
        { content: 'Add a test', status: 'completed' as const },
      ],
    };
    expect(formatTodoChanges(changes)).toBe('Completed: Fix the bug\nCompleted: Add a test');
  });

  it('writes one line per change between any two lists (property)', () => {
    const list = fc.array(
      fc.record({ content: fc.constantFrom('A', 'B', 'C b', 'D\nd'), status: fc.constantFrom(...TODO_WRITE_STATUSES) }),
      { maxLength: 8 },
    );
    fc.assert(
      fc.property(list, list, (before, after) => {
        const changes = diffTodos(before, after);
        const total = Object.values(changes).reduce((sum, tasks) => sum + tasks.length, 0);
        const text = formatTodoChanges(changes);
        expect(text === '' ? 0 : text.split('\n').length).toBe(total);
      }),
    );
  });
});
