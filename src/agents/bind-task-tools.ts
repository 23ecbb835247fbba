/** Binds a task-tools shape: each tool's calls are read and folded into one plan, task by task. */
import { TODO_WRITE_STATUSES, type TodoRowStatus } from '../plan/todo-statuses.js';
import type { BindTaskTools, PlanTool } from '../plan/todo-tool-shape.js';
import { taskRefusal } from './task-results.js';
import { placeTaskCall } from './task-rows.js';

const TASK_STATUSES: readonly TodoRowStatus[] = [...TODO_WRITE_STATUSES, 'blocked'];

export const bindTaskTools: BindTaskTools = (shape) => {
  const tools: PlanTool[] = [];
  for (const kind of ['create', 'update', 'list'] as const)
    tools.push({
      name: shape.tasks[kind],
      kind,
      place: (call, before, isPartial) => placeTaskCall(kind, call, before, isPartial),
      refusal: (output) => taskRefusal(kind, output),
    });
  return {
    statuses: shape.statuses ?? TASK_STATUSES,
    limits: undefined,
    // Compared, not looked up in a map: a part's tool name is a new string on every read, hashed anew by a map.
    toolOf(toolName) {
      for (let at = tools.length - 1; at >= 0; at--) if (tools[at]!.name === toolName) return tools[at];
      return undefined;
    },
  };
};
