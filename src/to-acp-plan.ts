/** The list as an Agent Client Protocol plan. */
import type { Todo, TodoStatus } from './todo.js';

/** An Agent Client Protocol `PlanEntryPriority`. */
export type AcpPlanEntryPriority = 'high' | 'medium' | 'low';

/** An Agent Client Protocol `PlanEntry`, as sent in a `plan` session update. */
export interface AcpPlanEntry {
  content: string;
  priority: AcpPlanEntryPriority;
  status: TodoStatus;
}

export interface ToAcpPlanOptions {
  /** Chooses each entry's priority. Default: `'medium'` for every entry. */
  priority?: (todo: Todo, index: number) => AcpPlanEntryPriority;
}

/** ACP plan entries, each priority `'medium'` (neutral: the model wrote none) unless `options.priority` ranks them. */
export function toAcpPlan(todos: readonly Todo[], options: ToAcpPlanOptions = {}): AcpPlanEntry[] {
  const priority = options.priority ?? (() => 'medium' as const);
  return todos.map((todo, index) => ({ content: todo.content, priority: priority(todo, index), status: todo.status }));
}
