import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countTodos } from '../src/index.js';
import { isTodoStatus, TODO_STATUSES, TODO_TOOL_NAME } from '../src/todo.js';

describe('the vocabulary', () => {
  it('names the tool todo_write and has exactly three statuses, in the order a task moves', () => {
    expect(TODO_TOOL_NAME).toBe('todo_write');
    expect(TODO_STATUSES).toEqual(['pending', 'in_progress', 'completed']);
  });

  it('recognises exactly the three statuses, not their prefixes', () => {
    for (const status of TODO_STATUSES) expect(isTodoStatus(status)).toBe(true);
    for (const value of ['', 'co', 'in_progr', 'done', 'Pending', ' pending', null, undefined, 1, {}]) {
      expect(isTodoStatus(value)).toBe(false);
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

  it('returns counts that always add up to the length of the list', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ status: fc.constantFrom(...TODO_STATUSES) })), (todos) => {
        const counts = countTodos(todos);
        expect(Object.keys(counts).sort()).toEqual(['completed', 'in_progress', 'pending']);
        expect(counts.pending + counts.in_progress + counts.completed).toBe(todos.length);
      }),
    );
  });
});
