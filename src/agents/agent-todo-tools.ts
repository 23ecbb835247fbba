/** Other agents' plan tools as `TodoToolShape`s: plain data, so an app that never imports it ships none. */
import type { TodoToolShape } from '../plan/todo-tool-shape.js';
import { bindTaskTools } from './bind-task-tools.js';

type FiveStatuses = 'pending' | 'in_progress' | 'completed' | 'cancelled' | 'blocked';

const field = (output: unknown, key: string): unknown => (output as Record<string, unknown> | null | undefined)?.[key];
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * Built-in shapes for `tool`: `claudeCode` (`TodoWrite`, subagents through `Agent`), `claudeCodeTasks` (Claude Code's
 * `TaskCreate`, `TaskUpdate` and `TaskList`), `langchain` (LangChain's and deepagents' `write_todos`, subagents
 * through `task`), `geminiCli` (`write_todos`, five statuses), `codex` (`update_plan`), `mastra` (`task_write`),
 * `opencode` (`todowrite`).
 */
export const agentTodoTools = {
  claudeCode: {
    name: 'TodoWrite',
    list: 'todos',
    text: 'content',
    activeForm: 'activeForm',
    delegate: ['Agent', 'Task'],
  },
  // One list per session, which subagents change too, so their calls are the main plan's.
  claudeCodeTasks: {
    tasks: { create: 'TaskCreate', update: 'TaskUpdate', list: 'TaskList' },
    statuses: ['pending', 'in_progress', 'completed', 'blocked'],
    reader: bindTaskTools as object,
  },
  langchain: { name: 'write_todos', list: 'todos', text: 'content', delegate: ['task'] },
  geminiCli: {
    name: 'write_todos',
    list: 'todos',
    text: 'description',
    statuses: ['pending', 'in_progress', 'completed', 'cancelled', 'blocked'],
    // A rule it breaks comes back as `{ error }` in place of the updated list.
    refusal: (output) => (typeof field(output, 'error') === 'string' ? text(field(output, 'error')) : undefined),
  },
  codex: { name: 'update_plan', list: 'plan', text: 'step', explanation: 'explanation' },
  mastra: {
    name: 'task_write',
    list: 'tasks',
    text: 'content',
    activeForm: 'activeForm',
    // Refusals are outputs: `{ content, isError: true }` for a broken rule, `{ error: true, message }` for a bad shape.
    refusal: (output) =>
      field(output, 'isError') === true
        ? text(field(output, 'content'))
        : field(output, 'error') === true
          ? text(field(output, 'message'))
          : undefined,
  },
  opencode: {
    name: 'todowrite',
    list: 'todos',
    text: 'content',
    statuses: ['pending', 'in_progress', 'completed', 'cancelled'],
  },
} as const satisfies Record<string, TodoToolShape<FiveStatuses>>;
