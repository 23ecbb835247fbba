import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countTodos } from '../src/index.js';
import { progressOf, TODO_STATUSES, TODO_WRITE_STATUSES } from '../src/plan/todo-statuses.js';

describe('the status table', () => {
  it("has todo_write's three statuses, in the order a task moves, and the two other agents write", () => {
    expect(TODO_WRITE_STATUSES).toEqual(['pending', 'in_progress', 'completed']);
    expect(Object.keys(TODO_STATUSES)).toEqual(['pending', 'in_progress', 'completed', 'cancelled', 'blocked']);
  });

  it('gives every status a glyph, an icon and a label of its own', () => {
    for (const field of ['glyph', 'icon', 'label'] as const) {
      const values = Object.values(TODO_STATUSES).map((status) => status[field]);
      expect(new Set(values).size, field).toBe(values.length);
    }
  });
});

describe('countTodos', () => {
  it('counts the tasks in each state', () => {
    expect(countTodos([])).toEqual({ pending: 0, in_progress: 0, completed: 0 });
    expect(
      countTodos([
        { status: 'completed' },
        { status: 'completed' },
        { status: 'in_progress' },
        { status: 'pending' },
        { status: 'pending' },
        { status: 'pending' },
      ]),
    ).toEqual({ pending: 3, in_progress: 1, completed: 2 });
  });

  it("counts another tool's statuses when asked to, each apart", () => {
    const todos = [{ status: 'cancelled' }, { status: 'blocked' }, { status: 'blocked' }, { status: 'pending' }];
    expect(countTodos(todos, ['pending', 'in_progress', 'completed', 'cancelled', 'blocked'])).toEqual({
      pending: 1,
      in_progress: 0,
      completed: 0,
      cancelled: 1,
      blocked: 2,
    });
  });

  it("always has todo_write's three keys, the other statuses asked for after them", () => {
    expect(countTodos([{ status: 'pending' }, { status: 'blocked' }], ['blocked'])).toEqual({
      pending: 1,
      in_progress: 0,
      completed: 0,
      blocked: 1,
    });
  });

  it('returns counts that always add up to the length of the list', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ status: fc.constantFrom(...TODO_WRITE_STATUSES) })), (todos) => {
        const counts = countTodos(todos);
        expect(Object.keys(counts).sort()).toEqual(['completed', 'in_progress', 'pending']);
        expect(counts.pending + counts.in_progress + counts.completed).toBe(todos.length);
      }),
    );
  });
});

describe('progress', () => {
  it('counts completed tasks out of those that will be done: cancelled ones are left out, blocked ones stay in', () => {
    expect(
      progressOf([{ status: 'completed' }, { status: 'cancelled' }, { status: 'blocked' }, { status: 'pending' }]),
    ).toEqual({ completed: 1, total: 3 });
  });
});
