import type { Todo, TodoStatus } from './todo.js';

/** An Agent Client Protocol `PlanEntryPriority`. */
export type AcpPlanEntryPriority = 'high' | 'medium' | 'low';

/** An Agent Client Protocol `PlanEntry`, as sent in a `plan` session update. */
export interface AcpPlanEntry {
  content: string;
  priority: AcpPlanEntryPriority;
  status: TodoStatus;
}

/** Options of {@link toAcpPlan}. */
export interface ToAcpPlanOptions {
  /** Chooses each entry's priority. Default: `'medium'` for every entry. */
  priority?: (todo: Todo, index: number) => AcpPlanEntryPriority;
}

/**
 * The list as Agent Client Protocol plan entries `{ content, priority, status }`.
 * ACP requires a priority the model never wrote, so every entry gets `'medium'`: the
 * neutral value, which invents no ranking (status and order already say what comes next).
 * Pass `options.priority` to rank entries yourself.
 */
export function toAcpPlan(todos: readonly Todo[], options: ToAcpPlanOptions = {}): AcpPlanEntry[] {
  const priority = options.priority ?? (() => 'medium' as const);
  return todos.map((todo, index) => ({ content: todo.content, priority: priority(todo, index), status: todo.status }));
}
