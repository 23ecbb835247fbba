/** Replays a conversation's current plan from its history. */
import type { ModelMessage, UIMessage } from 'ai';
import type { Todo, TodoRowStatus, TodoStatus } from '../plan/todo-statuses.js';
import { bindTodoTool, type TodoOptions, type BoundShape } from '../plan/todo-tool-shape.js';
import { MAIN } from './todo-agents.js';
import { callOutcome, readTodoCalls } from './todo-calls.js';
import type { Row } from '../plan/todo-row.js';
import { parseTodos } from '../plan/parse-todos.js';

/**
 * The plan the main agent's accepted calls leave, in `UIMessage[]` or `ModelMessage[]`: for a tool that writes the
 * whole list, the newest accepted call's; for task-by-task tools, the fold of them all; `[]` when none. Subagents'
 * calls are left out. Reads `options.tool` (default `'todo_write'`).
 */
export function readTodos<Status extends TodoRowStatus = TodoStatus>(
  messages: readonly UIMessage[] | readonly ModelMessage[],
  options: TodoOptions<Status> = {},
): Todo<Status>[] {
  return readPlan(messages, bindTodoTool(options.tool)) as Todo<Status>[];
}

/** {@link readTodos} with a reader bound once. */
export function readPlan(messages: readonly unknown[], reader: BoundShape): Todo<TodoRowStatus>[] {
  let rows: readonly Todo<TodoRowStatus>[] = [];
  for (const call of readTodoCalls(messages, reader)) {
    if (call.agent !== MAIN || callOutcome(call) !== 'accepted') continue;
    const { tool } = call;
    if (tool.kind !== 'plan') rows = tool.place(call, rows as readonly Row[], false)?.todos ?? rows;
    else
      rows =
        parseTodos(call.input, false, tool.keys)?.map(({ content, status }) => ({
          content,
          status: status ?? 'pending',
        })) ?? rows;
  }
  return rows.map(({ content, status }) => ({ content, status }));
}
