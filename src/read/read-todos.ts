/** Replays a conversation's current plan from its history. */
import type { ModelMessage, UIMessage } from 'ai';
import type { Todo, TodoRowStatus, TodoStatus } from '../plan/todo-statuses.js';
import {
  bindTodoTool,
  type TodoReader,
  type TodoToolOption,
  type TodoToolShape,
  type TodoWriteSettings,
} from '../plan/todo-tool-shape.js';
import { MAIN } from './todo-agents.js';
import { callOutcome, readTodoCalls } from './todo-calls.js';
import type { Row } from '../plan/todo-row.js';

/**
 * The plan the main agent's accepted calls leave, in `UIMessage[]` or `ModelMessage[]`: for a tool that writes the
 * whole list, the newest accepted call's; for task-by-task tools, the fold of them all; `[]` when none. Subagents'
 * calls are left out. `options.tool`: the registered name, `todo_write`'s settings, or another agent's shape
 * (default `'todo_write'`).
 */
export function readTodos<Status extends TodoRowStatus = TodoStatus>(
  messages: readonly UIMessage[] | readonly ModelMessage[],
  options: { tool: TodoToolShape<Status> },
): Todo<Status>[];
export function readTodos(
  messages: readonly UIMessage[] | readonly ModelMessage[],
  options?: { tool?: string | TodoWriteSettings },
): Todo[];
export function readTodos(
  messages: readonly UIMessage[] | readonly ModelMessage[],
  options?: { tool?: TodoToolOption<TodoRowStatus> },
): Todo<TodoRowStatus>[];
export function readTodos(
  messages: readonly UIMessage[] | readonly ModelMessage[],
  options: { tool?: TodoToolOption<TodoRowStatus> } = {},
): Todo<TodoRowStatus>[] {
  return readPlan(messages, bindTodoTool(options.tool));
}

/** {@link readTodos} with a reader bound once. */
export function readPlan(messages: readonly unknown[], reader: TodoReader): Todo<TodoRowStatus>[] {
  let rows: readonly Todo<TodoRowStatus>[] = [];
  for (const call of readTodoCalls(messages, reader)) {
    if (call.agent !== MAIN || callOutcome(call) !== 'accepted') continue;
    const { tool } = call;
    if (tool.place) rows = tool.place(call, rows as readonly Row[], false)?.todos ?? rows;
    else
      rows =
        tool.items(call.input, false)?.map(({ content, status }) => ({ content, status: status ?? 'pending' })) ?? rows;
  }
  return rows.map(({ content, status }) => ({ content, status }));
}
