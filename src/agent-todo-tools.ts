/** Other agents' plan tools as `TodoToolShape`s: plain data, so an app that never imports it ships none. */
import type { TodoToolShape } from './todo-tool-shape.js';

const FOUR_STATUSES = ['pending', 'in_progress', 'completed', 'cancelled'] as const;

/** Built-in shapes for `tool`: `claudeCode`, `langchain` (deepagents), `geminiCli`, `codex`, `mastra`, `opencode`. */
export const agentTodoTools = {
  claudeCode: { name: 'TodoWrite', list: 'todos', text: 'content', activeForm: 'activeForm' },
  langchain: { name: 'write_todos', list: 'todos', text: 'content' },
  geminiCli: { name: 'write_todos', list: 'todos', text: 'description', statuses: FOUR_STATUSES },
  codex: { name: 'update_plan', list: 'plan', text: 'step', explanation: 'explanation' },
  mastra: { name: 'task_write', list: 'tasks', text: 'content', activeForm: 'activeForm' },
  opencode: { name: 'todowrite', list: 'todos', text: 'content', statuses: FOUR_STATUSES },
} as const satisfies Record<string, TodoToolShape<(typeof FOUR_STATUSES)[number]>>;
