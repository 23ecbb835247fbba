/**
 * Every status of every built-in shape through every helper that reads a status: each gives a readable result (no
 * `undefined`, no "No changes" for a move, no status ACP does not have), from the one status table.
 */
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { agentTodoTools } from '../src/agents.js';
import {
  announceTodoChanges,
  countTodos,
  diffTodos,
  formatTodoChanges,
  formatTodos,
  readTodos,
  selectTodoState,
  summarizeTodoCall,
  toAcpPlan,
  type TodoRowStatus,
  type TodoListToolShape,
  type TodoToolShape,
} from '../src/index.js';
import { TODO_STATUSES, TODO_WRITE_STATUSES } from '../src/plan/todo-statuses.js';
import { TodoList } from '../src/react.js';

afterEach(cleanup);

type AnyShape = TodoListToolShape<TodoRowStatus>;
const todoWrite: AnyShape = { name: 'todo_write', list: 'todos', text: 'content' };
// Task-by-task tools write no list: their statuses go through the same helpers in task-tools.test.ts.
const shapes: [string, AnyShape][] = [
  ['todo_write', todoWrite],
  ...(Object.entries(agentTodoTools) as [string, TodoToolShape<TodoRowStatus>][]).filter(
    (entry): entry is [string, AnyShape] => 'list' in entry[1],
  ),
];

/** One accepted call of `shape` writing `tasks` (text, status), as a UI message. */
function written(shape: AnyShape, toolCallId: string, tasks: [string, TodoRowStatus][]) {
  const output = shape === todoWrite ? { pending: 0, in_progress: 0, completed: 0 } : 'ok';
  const input = {
    [shape.list]: tasks.map(([text, status]) => ({ [shape.text]: text, [shape.status ?? 'status']: status })),
  };
  return {
    id: `m-${toolCallId}`,
    role: 'assistant' as const,
    parts: [{ type: `tool-${shape.name}`, toolCallId, state: 'output-available', input, output }],
  };
}

const cases = shapes.flatMap(([name, shape]) =>
  (shape.statuses ?? TODO_WRITE_STATUSES).map((status) => [name, shape, status] as const),
);

describe.each(cases)('%s, a task %s', (_name, shape, status) => {
  const task = { content: 'Rewrite the store', status };

  it('reads back as written, and counts apart', () => {
    const messages = [written(shape, 'c1', [['Rewrite the store', status]])];
    expect(readTodos(messages as never, { tool: shape })).toEqual([task]);
    const state = selectTodoState(messages, { tool: shape, status: 'ready' });
    expect(state.todos.map((row) => row.status)).toEqual([status]);
    expect((state.counts as Record<string, number>)[status]).toBe(1);
    expect(countTodos([task], shape.statuses ?? TODO_WRITE_STATUSES)).toMatchObject({ [status]: 1 });
  });

  it('prints with a glyph of its own, and maps onto ACP or leaves the ACP plan', () => {
    expect(formatTodos([task])).toBe(`${TODO_STATUSES[status].glyph} Rewrite the store`);
    const acp = toAcpPlan([task]);
    if (status === 'cancelled') expect(acp).toEqual([]);
    else expect(['pending', 'in_progress', 'completed']).toContain(acp[0]!.status);
  });

  it('renders with its icon and its label for screen readers', () => {
    const messages = [written(shape, 'c1', [['Rewrite the store', status]])];
    const { container } = render(<TodoList messages={messages} status="ready" tool={shape} />);
    const row = container.querySelector('[data-todo-item]')!;
    expect(row.getAttribute('data-status')).toBe(status);
    expect(row.querySelector('[data-todo-icon]')!.textContent).toBe(TODO_STATUSES[status].icon);
    expect(row.textContent).toContain(`, ${TODO_STATUSES[status].label}`);
    expect(container.textContent).not.toContain('undefined');
  });

  it.each((shape.statuses ?? TODO_WRITE_STATUSES).filter((other) => other !== status))(
    'is a change a person hears when it becomes %s',
    (next) => {
      const before = [{ content: 'Rewrite the store', status }];
      const after = [{ content: 'Rewrite the store', status: next }];
      const changes = diffTodos(before, after);
      expect(formatTodoChanges(changes)).toMatch(/^\w+: Rewrite the store$/);
      expect(announceTodoChanges(changes, after)).not.toContain('No changes');
      const messages = [
        written(shape, 'c1', [['Rewrite the store', status]]),
        written(shape, 'c2', [['Rewrite the store', next]]),
      ];
      const state = selectTodoState(messages, { tool: shape, status: 'ready', toolCallId: 'c2' });
      expect(summarizeTodoCall(state)).not.toBe('No changes');
      expect(summarizeTodoCall(state)).toContain('Rewrite the store');
    },
  );
});
