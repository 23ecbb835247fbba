/**
 * The offline agent: the scripted model in a `ToolLoopAgent`, behind `DirectChatTransport`, so
 * `useChat` runs the whole tool loop in the browser with no server.
 */
import { DirectChatTransport, ToolLoopAgent, isStepCount, type ChatTransport, type UIMessage } from 'ai';
import { createTodoWrite, explainTodoDenials, todoReview } from 'todo-write';
import { createScriptedModel } from '../agent/scripted-model.js';
import type { Scenario } from '../agent/scenarios.js';
import { createClaudeCodeTodoWrite } from './claude-code-tool.js';
import { type AgentTool, DEMO_MAX_TODOS } from './demo-settings.js';

/**
 * `getReview` is read on every call, so the "Review plans" switch applies from the next write on (to
 * `todo_write`: Claude Code's `TodoWrite` has no review). `agentTool`: which plan tool the agent calls.
 */
export function createScriptedTransport(
  scenario: Scenario,
  getSpeed: () => number,
  getReview: () => boolean,
  agentTool: AgentTool = 'todo_write',
): ChatTransport<UIMessage> {
  const firstPlan = todoReview('first-plan', { maxTodos: DEMO_MAX_TODOS });
  const isClaudeCode = agentTool === 'claude-code';
  const agent = new ToolLoopAgent({
    model: createScriptedModel({
      scenario,
      speed: getSpeed,
      ...(isClaudeCode ? { toolName: 'TodoWrite', activeForm: true } : {}),
    }),
    tools: isClaudeCode
      ? { TodoWrite: createClaudeCodeTodoWrite(DEMO_MAX_TODOS) }
      : { todo_write: createTodoWrite({ maxTodos: DEMO_MAX_TODOS }) },
    toolApproval: { todo_write: (input, options) => (getReview() ? firstPlan(input, options) : 'not-applicable') },
    // The model reads the person's reason with the instruction to send the whole revised list.
    prepareStep: ({ messages }) => ({ messages: explainTodoDenials(messages) }),
    stopWhen: isStepCount(60),
  });
  return new DirectChatTransport({ agent }) as unknown as ChatTransport<UIMessage>;
}
