/**
 * The offline agent: the scripted model in a `ToolLoopAgent`, behind `DirectChatTransport`, so
 * `useChat` runs the whole tool loop in the browser with no server.
 */
import { DirectChatTransport, ToolLoopAgent, isStepCount, type ChatTransport, type UIMessage } from 'ai';
import { createTodoWrite } from 'todo-write';
import { createScriptedModel } from '../agent/scripted-model.js';
import type { Scenario } from '../agent/scenarios.js';

/** The demo raises the list cap (default 50) so the 200-item scenario is accepted. */
const DEMO_MAX_TODOS = 250;

export function createScriptedTransport(scenario: Scenario, getSpeed: () => number): ChatTransport<UIMessage> {
  const agent = new ToolLoopAgent({
    model: createScriptedModel({ scenario, speed: getSpeed }),
    tools: { todo_write: createTodoWrite({ maxTodos: DEMO_MAX_TODOS }) },
    stopWhen: isStepCount(60),
  });
  return new DirectChatTransport({ agent }) as unknown as ChatTransport<UIMessage>;
}
