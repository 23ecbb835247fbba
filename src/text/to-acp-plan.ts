/** A plan as an Agent Client Protocol plan. */
import { TODO_STATUSES, type Todo, type TodoRowStatus } from '../plan/todo-statuses.js';

/**
 * Agent Client Protocol `PlanEntry`s, as sent in a `plan` session update, each priority `'medium'` (neutral: the model wrote none) unless `options.priority` ranks them.
 * ACP has three statuses: a `blocked` task is `pending` (still to do), a `cancelled` one is left out (it will not be done).
 */
export function toAcpPlan<T extends Todo<TodoRowStatus>>(
  todos: readonly T[],
  options: { priority?: (todo: T, index: number) => 'high' | 'medium' | 'low' } = {},
): { content: string; priority: 'high' | 'medium' | 'low'; status: 'pending' | 'in_progress' | 'completed' }[] {
  const priority = options.priority ?? (() => 'medium' as const);
  const entries: ReturnType<typeof toAcpPlan> = [];
  todos.forEach((todo, index) => {
    const status = TODO_STATUSES[todo.status]?.acp;
    if (status !== undefined) entries.push({ content: todo.content, priority: priority(todo, index), status });
  });
  return entries;
}
