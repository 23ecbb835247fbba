/**
 * The offline agent: the scripted model in a `ToolLoopAgent`, behind `DirectChatTransport`, so
 * `useChat` runs the whole tool loop in the browser with no server. Its `research` tool runs a
 * scripted subagent with the same plan tool.
 */
import { DirectChatTransport, ToolLoopAgent, isStepCount, type ChatTransport, type ToolSet, type UIMessage } from 'ai';
import { createTodoWrite, explainTodoDenials, todoReview } from 'todo-write';
import { createResearchTool } from '../agent/research-tool.js';
import { createCodingAgentModel, type CodingAgentOptions } from '../agent/coding-agent-model.js';
import { researchScenario, type Scenario } from '../agent/scenarios.js';
import { decideNextTaskStep } from '../agent/task-steps.js';
import { createClaudeCodeTaskTools, createClaudeCodeTodoWrite } from './claude-code-tool.js';
import { type AgentTool, DEMO_MAX_TODOS } from './demo-settings.js';

/**
 * `getReview` is read on every call, so the "Review plans" switch applies from the next write on (to
 * `todo_write`: Claude Code's tools have no review). `agentTool`: which plan tool the agent calls.
 */
export function createScriptedTransport(
  scenario: Scenario,
  getSpeed: () => number,
  getReview: () => boolean,
  agentTool: AgentTool = 'todo_write',
): ChatTransport<UIMessage> {
  const firstPlan = todoReview('first-plan', { maxTodos: DEMO_MAX_TODOS });
  const research = createResearchTool({
    subagent: (question) => ({
      model: createCodingAgentModel({
        scenario: researchScenario(scenario, question),
        speed: getSpeed,
        callIdPrefix: 'call_research',
        modelId: 'scripted-researcher',
        ...planningOf(agentTool),
      }),
      tools: planToolsOf(agentTool),
    }),
  });
  const tools: ToolSet = { ...planToolsOf(agentTool), research };
  const agent = new ToolLoopAgent({
    model: createCodingAgentModel({ scenario, speed: getSpeed, ...planningOf(agentTool) }),
    tools,
    toolApproval: { todo_write: (input, options) => (getReview() ? firstPlan(input, options) : 'not-applicable') },
    // The model reads the person's reason with the instruction to send the whole revised list.
    prepareStep: ({ messages }) => ({ messages: explainTodoDenials(messages) }),
    stopWhen: isStepCount(60),
  });
  return new DirectChatTransport({ agent }) as unknown as ChatTransport<UIMessage>;
}

/** How the scripted model plans with each tool: one list per call, Claude Code's with `activeForm`, or task by task. */
function planningOf(agentTool: AgentTool): Pick<CodingAgentOptions, 'toolName' | 'activeForm' | 'decide'> {
  if (agentTool === 'claude-code') return { toolName: 'TodoWrite', activeForm: true };
  if (agentTool === 'claude-code-tasks') return { decide: decideNextTaskStep };
  return {};
}

/** The plan tools an agent gets, new for each agent: the task tools keep their list inside. */
function planToolsOf(agentTool: AgentTool): ToolSet {
  if (agentTool === 'claude-code') return { TodoWrite: createClaudeCodeTodoWrite(DEMO_MAX_TODOS) };
  if (agentTool === 'claude-code-tasks') return createClaudeCodeTaskTools();
  return { todo_write: createTodoWrite({ maxTodos: DEMO_MAX_TODOS }) };
}
