/**
 * A stand-in for Claude Code's `TodoWrite` in the offline demo: its declared input (`content`,
 * `status`, `activeForm` per task), checked with the same rules as `todo_write`, and a plain
 * sentence back as Claude Code answers. The checklist reads it with `agentTodoTools.claudeCode`.
 */
import { tool } from 'ai';
import { validateTodos } from 'todo-write';
import { z } from 'zod';

/** Claude Code's `TodoWrite`, as the scripted agent calls it. */
export function createClaudeCodeTodoWrite(maxTodos: number) {
  return tool({
    description: 'Create and update the task list for this session.',
    inputSchema: z.object({
      todos: z.array(
        z.object({
          content: z.string(),
          status: z.enum(['pending', 'in_progress', 'completed']),
          activeForm: z.string(),
        }),
      ),
    }),
    execute: async (input) => {
      const result = validateTodos(input, { maxTodos });
      if (!result.valid) throw new Error(result.message);
      return 'Todos have been modified successfully. Keep using the todo list to track your progress.';
    },
  });
}
