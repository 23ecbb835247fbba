import { describe, expect, it } from 'vitest';
import { toAcpPlan, type Todo } from '../src/index.js';

const todos: Todo[] = [
  { content: 'Read the code', status: 'completed' },
  { content: 'Fix the bug', status: 'in_progress' },
  { content: 'Add a test', status: 'pending' },
];

describe('toAcpPlan', () => {
  it('maps each task to an ACP plan entry with the neutral priority medium', () => {
    expect(toAcpPlan(todos)).toStrictEqual([
      { content: 'Read the code', priority: 'medium', status: 'completed' },
      { content: 'Fix the bug', priority: 'medium', status: 'in_progress' },
      { content: 'Add a test', priority: 'medium', status: 'pending' },
    ]);
  });

  it('returns no entries for an empty list', () => {
    expect(toAcpPlan([])).toEqual([]);
  });

  it('lets the caller rank entries', () => {
    const plan = toAcpPlan(todos, {
      priority: (todo, index) => (todo.status === 'in_progress' ? 'high' : index === 0 ? 'low' : 'medium'),
    });
    expect(plan.map((entry) => entry.priority)).toEqual(['low', 'high', 'medium']);
  });
});
