import { describe, expect, it } from 'vitest';
import type { UIMessage } from 'ai';
import { agentTodoTools } from '../src/agents.js';
import { readTodos } from '../src/index.js';
import { asConversations, checkTodoSnapshots, shownRows } from './support/check-todo-snapshots.js';
import {
  type LangChainAdapter,
  langchainAdapters,
  ScriptedChatModel,
  type ScriptedTurn,
  streamAgentTurn,
} from './support/langchain-agent.js';

const shape = agentTodoTools.langchain;
const adapters = Object.values(langchainAdapters);
const prompt: UIMessage[] = [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Add rate limiting' }] }];
const todos = (statuses: string[]) =>
  ['Read the API routes', 'Add a rate limiter middleware', 'Write tests for the limits'].map((content, at) => ({
    content,
    status: statuses[at],
  }));
const writeTodos = (id: string, statuses: string[]) => ({ id, name: 'write_todos', args: { todos: todos(statuses) } });

async function runAgent(turns: ScriptedTurn[], adapter: LangChainAdapter) {
  const model = new ScriptedChatModel(turns);
  const snapshots: UIMessage[] = [];
  for await (const message of adapter.readUIMessageStream({ stream: await streamAgentTurn(model, prompt, adapter) }))
    snapshots.push(structuredClone(message));
  return { model, snapshots, states: checkTodoSnapshots(asConversations(prompt, snapshots), shape) };
}

describe.each(adapters)("LangChain's createAgent with todoListMiddleware, through $name", (adapter) => {
  it('streams write_todos into the checklist as it is written, call after call, on every snapshot', async () => {
    const { model, snapshots, states } = await runAgent(
      [
        { toolCalls: [writeTodos('call_1', ['in_progress', 'pending', 'pending'])] },
        { toolCalls: [writeTodos('call_2', ['completed', 'in_progress', 'pending'])] },
        { text: 'The limiter is in; tests are next.' },
      ],
      adapter,
    );
    // The agent loop ran: the model saw the middleware's tool result before each next turn.
    expect(model.calls).toHaveLength(3);
    expect(String(model.calls[1]!.at(-1)!.content)).toMatch(/^Updated todo list to /);
    expect(states.filter((state) => state.phase === 'streaming').length).toBeGreaterThan(20);
    expect(states.at(-1)).toMatchObject({ phase: 'accepted', toolCallId: 'call_2', live: false });
    expect(shownRows(states.at(-1)!)).toEqual([
      'Read the API routes [completed]',
      'Add a rate limiter middleware [in_progress]',
      'Write tests for the limits [pending]',
    ]);
    const message = snapshots.at(-1)!;
    expect(readTodos([...prompt, message], { tool: shape }).map((todo) => todo.status)).toEqual([
      'completed',
      'in_progress',
      'pending',
    ]);
  });

  it('falls back to the last accepted list when the middleware refuses parallel writes', async () => {
    const { model, states } = await runAgent(
      [
        { toolCalls: [writeTodos('call_1', ['in_progress', 'pending', 'pending'])] },
        {
          toolCalls: [
            writeTodos('call_2', ['completed', 'in_progress', 'pending']),
            writeTodos('call_3', ['completed', 'completed', 'in_progress']),
          ],
        },
      ],
      adapter,
    );
    // The middleware answers both calls with an error and ends the run.
    expect(model.calls).toHaveLength(2);
    const final = states.at(-1)!;
    expect(final).toMatchObject({ phase: 'rejected', rejection: 'error', toolCallId: 'call_1' });
    expect(final.error).toMatch(/never be called multiple times in parallel/);
    expect(shownRows(final)).toEqual([
      'Read the API routes [in_progress]',
      'Add a rate limiter middleware [pending]',
      'Write tests for the limits [pending]',
    ]);
  });
});
