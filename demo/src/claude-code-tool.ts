/**
 * Stand-ins for Claude Code's plan tools in the offline demo, with their declared inputs, answering as Claude Code
 * does: `TodoWrite` (`content`, `status`, `activeForm` per task), checked with the same rules as `todo_write` and read
 * with `agentTodoTools.claudeCode`; and the task tools `TaskCreate`, `TaskUpdate` and `TaskList` over one task list,
 * read with `agentTodoTools.claudeCodeTasks`.
 */
import { tool } from 'ai';
import { validateTodos } from 'todo-write';
import { z } from 'zod';
import { type ClaudeCodeTaskList, createClaudeCodeTaskList } from '../agent/claude-code-task-list.js';

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

/** Claude Code's task tools over one task list: a new, empty one by default (one per conversation, or per subagent run). */
export function createClaudeCodeTaskTools(list: ClaudeCodeTaskList = createClaudeCodeTaskList()) {
  return {
    TaskCreate: tool({
      description: 'Create a task in the session task list.',
      inputSchema: z.object({
        subject: z.string(),
        description: z.string(),
        activeForm: z.string().optional(),
      }),
      execute: async (input) => list.create(input).content,
    }),
    TaskUpdate: tool({
      description: 'Update fields of an existing task: its status, subject, owner or what blocks it.',
      inputSchema: z.object({
        taskId: z.string(),
        subject: z.string().optional(),
        description: z.string().optional(),
        activeForm: z.string().optional(),
        status: z.enum(['pending', 'in_progress', 'completed', 'deleted']).optional(),
        addBlocks: z.array(z.string()).optional(),
        addBlockedBy: z.array(z.string()).optional(),
        owner: z.string().optional(),
      }),
      execute: async (input) => list.update(input).content,
    }),
    TaskList: tool({
      description: 'List every task in the session task list.',
      inputSchema: z.object({}),
      execute: async () => list.list().content,
    }),
  };
}
