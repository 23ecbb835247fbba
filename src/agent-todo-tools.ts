/**
 * The shapes of other agents' plan tools, as their own schemas declare them: pass one as `tool` to
 * the readers and components. Each is plain data; an app that never imports this object ships none.
 */
import type { TodoToolShape } from './todo-tool-shape.js';

const FOUR_STATUSES = ['pending', 'in_progress', 'completed', 'cancelled'] as const;

/**
 * Built-in {@link TodoToolShape}s: `claudeCode` (`TodoWrite`, with `activeForm`), `langchain`
 * (`write_todos` of `todoListMiddleware`, which every deepagents agent has), `geminiCli` (`write_todos`
 * with `description` and `cancelled`), `codex` (`update_plan`: `explanation` and `plan` of `step`s),
 * `mastra` (`task_write` of its harness, with `activeForm`) and `opencode` (`todowrite`, with `cancelled`).
 */
export const agentTodoTools = {
  claudeCode: { name: 'TodoWrite', list: 'todos', text: 'content', activeForm: 'activeForm' },
  langchain: { name: 'write_todos', list: 'todos', text: 'content' },
  geminiCli: { name: 'write_todos', list: 'todos', text: 'description', statuses: FOUR_STATUSES },
  codex: { name: 'update_plan', list: 'plan', text: 'step', explanation: 'explanation' },
  mastra: { name: 'task_write', list: 'tasks', text: 'content', activeForm: 'activeForm' },
  opencode: { name: 'todowrite', list: 'todos', text: 'content', statuses: FOUR_STATUSES },
} as const satisfies Record<string, TodoToolShape<(typeof FOUR_STATUSES)[number]>>;
