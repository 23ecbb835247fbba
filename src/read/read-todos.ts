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
import { callOutcome, readTodoCalls } from './todo-calls.js';

/**
 * The plan the conversation's accepted calls leave, in `UIMessage[]` or `ModelMessage[]`: for a tool that writes
 * the whole list, the newest accepted call's; `[]` when none. `options.tool`: the registered name, `todo_write`'s
 * settings, or another agent's shape (default `'todo_write'`).
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
  let todos: Todo<TodoRowStatus>[] = [];
  for (const call of readTodoCalls(messages, reader)) {
    if (callOutcome(call) !== 'accepted') continue;
    const items = call.tool.items(call.input, false);
    if (items) todos = items.map(({ content, status }) => ({ content, status: status ?? 'pending' }));
  }
  return todos;
}
