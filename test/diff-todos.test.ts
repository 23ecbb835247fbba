import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffTodos } from '../src/index.js';
import { todoChangeOf } from '../src/plan/todo-changes.js';
import { countTodos, type Todo, type TodoStatus } from '../src/index.js';
import { TODO_STATUSES as STATUS_TABLE, TODO_WRITE_STATUSES } from '../src/plan/todo-statuses.js';
import type { TodoRowStatus } from '../src/index.js';

const todo = (content: string, status: TodoStatus = 'pending'): Todo => ({ content, status });
const contents = (todos: readonly Todo[]): string[] => todos.map((item) => item.content);
const none = {
  completed: [],
  cancelled: [],
  blocked: [],
  reopened: [],
  unblocked: [],
  paused: [],
  added: [],
  removed: [],
  started: [],
};

describe('todoChangeOf', () => {
  it.each([
    ['pending', 'pending', undefined],
    ['pending', 'in_progress', 'started'],
    ['pending', 'completed', 'completed'],
    ['in_progress', 'pending', 'paused'],
    ['in_progress', 'in_progress', undefined],
    ['in_progress', 'completed', 'completed'],
    ['completed', 'pending', 'reopened'],
    ['completed', 'in_progress', 'reopened'],
    ['completed', 'completed', undefined],
    ['pending', 'cancelled', 'cancelled'],
    ['in_progress', 'cancelled', 'cancelled'],
    ['completed', 'cancelled', 'cancelled'],
    ['cancelled', 'completed', 'completed'],
    ['cancelled', 'pending', 'reopened'],
    ['cancelled', 'in_progress', 'reopened'],
    ['pending', 'blocked', 'blocked'],
    ['in_progress', 'blocked', 'blocked'],
    ['completed', 'blocked', 'reopened'],
    ['blocked', 'pending', 'unblocked'],
    ['blocked', 'in_progress', 'started'],
    ['blocked', 'completed', 'completed'],
    ['blocked', 'cancelled', 'cancelled'],
  ] as const)('%s → %s is %s', (before, after, change) => {
    expect(todoChangeOf(before, after)).toBe(change);
  });

  it('names every move between two different statuses: a person hears each one', () => {
    const statuses = Object.keys(STATUS_TABLE) as TodoRowStatus[];
    for (const before of statuses)
      for (const after of statuses) {
        if (before === after) expect(todoChangeOf(before, after)).toBeUndefined();
        else expect(todoChangeOf(before, after), `${before} → ${after}`).toBeDefined();
      }
  });
});

describe('diffTodos', () => {
  describe('when a task is finished and the next one started', () => {
    it('lists the finished task as completed and the next as started, nothing else', () => {
      const before = [todo('Read the code', 'in_progress'), todo('Write tests'), todo('Deploy')];
      const after = [todo('Read the code', 'completed'), todo('Write tests', 'in_progress'), todo('Deploy')];
      const changes = diffTodos(before, after);
      expect(changes).toEqual({ ...none, completed: [after[0]], started: [after[1]] });
    });

    it('returns the new list’s own objects', () => {
      const after = [todo('Read the code', 'completed')];
      expect(diffTodos([todo('Read the code', 'in_progress')], after).completed[0]).toBe(after[0]);
    });
  });

  describe('when several tasks are finished at once', () => {
    it('lists every one of them as completed, in the new list’s order', () => {
      const before = [todo('A', 'in_progress'), todo('B'), todo('C'), todo('D')];
      const after = [todo('C', 'completed'), todo('A', 'completed'), todo('B', 'completed'), todo('D', 'in_progress')];
      const changes = diffTodos(before, after);
      expect(contents(changes.completed)).toEqual(['C', 'A', 'B']);
      expect(contents(changes.started)).toEqual(['D']);
      expect(changes.added).toEqual([]);
      expect(changes.removed).toEqual([]);
    });
  });

  describe('when tasks are added', () => {
    it('lists new tasks as added whatever their status, not as started or completed', () => {
      const before = [todo('A', 'in_progress')];
      const after = [todo('A', 'in_progress'), todo('B', 'completed'), todo('C', 'in_progress'), todo('D')];
      const changes = diffTodos(before, after);
      expect(contents(changes.added)).toEqual(['B', 'C', 'D']);
      expect(changes.completed).toEqual([]);
      expect(changes.started).toEqual([]);
    });

    it('reads the first list after an empty one as all added', () => {
      const after = [todo('A', 'in_progress'), todo('B')];
      expect(diffTodos([], after)).toEqual({ ...none, added: after });
    });
  });

  describe('when tasks are dropped', () => {
    it('lists them as removed in the old list’s order', () => {
      const before = [todo('A'), todo('B', 'completed'), todo('C'), todo('D')];
      const after = [todo('D'), todo('A')];
      const changes = diffTodos(before, after);
      expect(changes.removed).toEqual([before[1], before[2]]);
      expect(changes.added).toEqual([]);
    });

    it('reads a cleared list as all removed', () => {
      const before = [todo('A', 'completed'), todo('B')];
      expect(diffTodos(before, [])).toEqual({ ...none, removed: before });
    });
  });

  describe('when a task is renamed', () => {
    it('reads it as one removed and one added, even if only a letter changed', () => {
      const changes = diffTodos([todo('Write test', 'in_progress')], [todo('Write tests', 'in_progress')]);
      expect(contents(changes.removed)).toEqual(['Write test']);
      expect(contents(changes.added)).toEqual(['Write tests']);
      expect(changes.started).toEqual([]);
    });
  });

  describe('when a task is reopened', () => {
    it('lists it as reopened, also when it goes straight back in progress', () => {
      const before = [todo('A', 'completed'), todo('B', 'completed'), todo('C', 'in_progress')];
      const after = [todo('A', 'pending'), todo('B', 'in_progress'), todo('C', 'completed')];
      const changes = diffTodos(before, after);
      expect(contents(changes.reopened)).toEqual(['A', 'B']);
      expect(changes.started).toEqual([]);
    });
  });

  describe('when the same list is sent again', () => {
    it('finds no change, also after reordering and with different surrounding spaces', () => {
      const before = [todo('A', 'completed'), todo('B', 'in_progress'), todo('C')];
      expect(diffTodos(before, before)).toEqual(none);
      expect(diffTodos(before, [todo(' C '), todo('A', 'completed'), todo('B\n', 'in_progress')])).toEqual(none);
    });

    it('lists a task put back from in progress to pending as paused', () => {
      const after = [todo('A', 'pending')];
      expect(diffTodos([todo('A', 'in_progress')], after)).toEqual({ ...none, paused: after });
    });
  });

  describe('with duplicate texts (lists that were never validated)', () => {
    it('pairs duplicates in order: the first new one with the first old one', () => {
      const before = [todo('Test', 'completed'), todo('Test', 'pending')];
      const after = [todo('Test', 'completed'), todo('Test', 'in_progress'), todo('Test')];
      const changes = diffTodos(before, after);
      expect(changes.started).toEqual([after[1]]);
      expect(changes.added).toEqual([after[2]]);
      expect(changes.completed).toEqual([]);
    });

    it('removes the later duplicate when one goes', () => {
      const before = [todo('Test', 'completed'), todo('Test', 'pending')];
      const changes = diffTodos(before, [todo('Test', 'completed')]);
      expect(changes.removed).toEqual([before[1]]);
    });
  });

  describe('with odd input', () => {
    it('reads anything that is not an array as an empty list', () => {
      const list = [todo('A')];
      for (const odd of [undefined, null, 'A', 3, { todos: list }]) {
        expect(diffTodos(odd as never, list)).toEqual({ ...none, added: list });
        expect(diffTodos(list, odd as never)).toEqual({ ...none, removed: list });
      }
    });

    it('ignores entries without text and never throws', () => {
      const odd = [null, 4, 'A', {}, { content: '   ' }, { content: 5, status: 'pending' }, todo('B')] as never[];
      expect(diffTodos(odd, [todo('B', 'completed')])).toEqual({ ...none, completed: [todo('B', 'completed')] });
      expect(() => diffTodos([{ content: 'A', status: 'done' } as never], [todo('A', 'completed')])).not.toThrow();
    });
  });
});

/** Lists of tasks drawn from a few texts, so old and new lists share tasks, duplicates included. */
const lists = fc.array(
  fc.record({
    content: fc.constantFrom('Read', 'Write', 'Test', 'Ship', ' Test ', 'Fix it', 'Docs'),
    status: fc.constantFrom(...TODO_WRITE_STATUSES),
  }),
  { maxLength: 12 },
);

describe('diffTodos (properties)', () => {
  it('matches every task once: matched + added = new length, matched + removed = old length', () => {
    fc.assert(
      fc.property(lists, lists, (before, after) => {
        const changes = diffTodos(before, after);
        const matched = after.length - changes.added.length;
        expect(matched + changes.removed.length).toBe(before.length);
        expect(matched).toBeGreaterThanOrEqual(0);
        // Status changes are matched tasks of the new list, never added ones.
        const statusChanged = [...changes.started, ...changes.completed, ...changes.reopened];
        for (const task of statusChanged) expect(changes.added).not.toContain(task);
        expect(new Set(statusChanged).size).toBe(statusChanged.length);
      }),
    );
  });

  it('old counts, minus what left each status, plus what arrived, give the new counts', () => {
    fc.assert(
      fc.property(lists, lists, (before, after) => {
        const changes = diffTodos(before, after);
        // Replay: pair each changed task back with the old task it matched, by the same rule.
        const counts = countTodos(before);
        for (const task of changes.removed) counts[task.status] -= 1;
        for (const task of changes.added) counts[task.status] += 1;
        const unmatched = [...before.filter((task) => !changes.removed.includes(task))];
        for (const task of after) {
          if (changes.added.includes(task)) continue;
          const old = unmatched.splice(
            unmatched.findIndex((candidate) => candidate.content.trim() === task.content.trim()),
            1,
          )[0]!;
          counts[old.status] -= 1;
          counts[task.status] += 1;
        }
        expect(counts).toEqual(countTodos(after));
        // Completions alone account for the change in completed tasks.
        const completedBefore = countTodos(before).completed;
        const completedAfter = countTodos(after).completed;
        const completedRemoved = changes.removed.filter((task) => task.status === 'completed').length;
        const completedAdded = changes.added.filter((task) => task.status === 'completed').length;
        expect(completedAfter).toBe(
          completedBefore - completedRemoved - changes.reopened.length + completedAdded + changes.completed.length,
        );
      }),
    );
  });

  it('finds no change between a list and itself', () => {
    fc.assert(
      fc.property(lists, (list) => {
        expect(diffTodos(list, list)).toEqual(none);
      }),
    );
  });

  it('what one direction removes, the other adds (by text, with duplicates)', () => {
    fc.assert(
      fc.property(lists, lists, (a, b) => {
        const texts = (todos: readonly Todo[]) => todos.map((task) => task.content.trim()).sort();
        expect(texts(diffTodos(a, b).removed)).toEqual(texts(diffTodos(b, a).added));
        expect(texts(diffTodos(a, b).added)).toEqual(texts(diffTodos(b, a).removed));
      }),
    );
  });

  it('keeps each kind in list order: the new list’s, and the old one’s for removed', () => {
    fc.assert(
      fc.property(lists, lists, (before, after) => {
        const changes = diffTodos(before, after);
        const inOrder = (part: readonly Todo[], whole: readonly Todo[]) => {
          const positions = part.map((task) => whole.indexOf(task));
          expect(positions.every((position) => position >= 0)).toBe(true);
          expect(positions).toEqual([...positions].sort((x, y) => x - y));
        };
        for (const kind of ['added', 'started', 'completed', 'reopened'] as const) inOrder(changes[kind], after);
        inOrder(changes.removed, before);
      }),
    );
  });

  it('agrees with todoChangeOf for every matched pair of distinct texts', () => {
    const distinct = fc.uniqueArray(
      fc.record({
        content: fc.string({ minLength: 1 }).filter((text) => text.trim() !== ''),
        status: fc.constantFrom(...TODO_WRITE_STATUSES),
      }),
      { selector: (task) => task.content.trim(), maxLength: 8 },
    );
    fc.assert(
      fc.property(
        distinct,
        fc.array(fc.constantFrom(...TODO_WRITE_STATUSES), { minLength: 8, maxLength: 8 }),
        (before, statuses) => {
          const after = before.map((task, index) => ({ content: task.content, status: statuses[index]! }));
          const changes = diffTodos(before, after);
          after.forEach((task, index) => {
            const change = todoChangeOf(before[index]!.status, task.status);
            for (const kind of ['started', 'completed', 'reopened'] as const) {
              expect(changes[kind].includes(task)).toBe(change === kind);
            }
          });
        },
      ),
    );
  });
});
