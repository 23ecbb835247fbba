/** Binds a task-tools shape: each tool's calls are read and folded into one plan, task by task. */
import { TODO_WRITE_STATUSES, type TodoRowStatus } from '../plan/todo-statuses.js';
import type { BindTaskTools, PlanTool } from '../plan/todo-tool-shape.js';
import { taskRefusal } from './task-results.js';
import { placeTaskCall } from './task-rows.js';

const TASK_STATUSES: readonly TodoRowStatus[] = [...TODO_WRITE_STATUSES, 'blocked'];

export const bindTaskTools: BindTaskTools = (shape) => {
  const tools = new Map<unknown, PlanTool>();
  for (const kind of ['create', 'update', 'list'] as const)
    tools.set(shape.tasks[kind], {
      name: shape.tasks[kind],
      kind,
      place: (call, before, isPartial) => placeTaskCall(kind, call, before, isPartial),
      refusal: (output) => taskRefusal(kind, output),
    });
  return {
    statuses: shape.statuses ?? TASK_STATUSES,
    limits: undefined,
    toolOf: (toolName) => tools.get(toolName),
  };
};
