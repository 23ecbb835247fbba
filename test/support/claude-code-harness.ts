/**
 * Claude Code replayed offline behind a chat: the real `HarnessAgent` (`@ai-sdk/harness`) with the real
 * `claudeCode` harness (`@ai-sdk/harness-claude-code`), which writes and starts its real bridge process in
 * a local sandbox. Only `@anthropic-ai/claude-agent-sdk` is a stand-in (`claude-code/claude-agent-sdk/`):
 * its `query()` yields scripted SDK messages. The turn streams through `ai` as a Next route sends it.
 */
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HarnessAgent } from '@ai-sdk/harness/agent';
import { claudeCode } from '@ai-sdk/harness-claude-code';
import {
  convertToModelMessages,
  createUIMessageStream,
  readUIMessageStream,
  toUIMessageStream,
  type UIMessage,
  type UIMessageChunk,
} from 'ai';
import { localSandbox } from './claude-code/local-sandbox.js';
import type { ScenarioTurn } from './claude-code/scenarios.js';

// `@ai-sdk/harness` 1.0.40 pins its own `ai` (7.0.35), whose message types are the same shapes under other names.
type HarnessModelMessages = NonNullable<Parameters<HarnessAgent<typeof claudeCode>['stream']>[0]['messages']>;

export type ClaudeCodeTurn = {
  /** The assistant message after every chunk that changed it, each a copy. */
  snapshots: UIMessage[];
  /** The input messages and the assistant message: what the next turn sends. */
  messages: UIMessage[];
  /** The UI chunks as the route sent them. */
  chunks: UIMessageChunk[];
};

/**
 * Runs one chat turn: a fresh session whose Claude Code yields `sdkMessages`, answering the last user
 * message of `messages` (default: one user message). The bridge and the sandbox are gone when it resolves.
 */
export async function runClaudeCodeTurn(options: {
  sdkMessages: object[];
  messages?: UIMessage[];
}): Promise<ClaudeCodeTurn> {
  const messages = options.messages ?? [userMessage({ id: 'user-1', text: 'Go ahead.' })];
  const root = await mkdtemp(join(tmpdir(), 'claude-code-harness-'));
  const sdkMessagesPath = join(root, 'sdk-messages.json');
  const sandbox = localSandbox({ root, env: { CLAUDE_CODE_SDK_MESSAGES: sdkMessagesPath } });
  try {
    await writeFile(sdkMessagesPath, JSON.stringify(options.sdkMessages));
    await installBridgeRuntime(root);
    return await streamTurn(new HarnessAgent({ harness: claudeCode, sandbox }), messages);
  } finally {
    sandbox.close();
    await rm(root, { recursive: true, force: true });
  }
}

/** Runs `turns` one after another, each in a fresh session (as after a reload) sent the messages the previous one ended with. */
export async function runClaudeCodeSession(turns: readonly ScenarioTurn[]): Promise<ClaudeCodeTurn[]> {
  const results: ClaudeCodeTurn[] = [];
  for (const [index, turn] of turns.entries()) {
    const previous = results.at(-1)?.messages ?? [];
    const messages = [...previous, userMessage({ id: `user-${index + 1}`, text: turn.prompt })];
    results.push(await runClaudeCodeTurn({ sdkMessages: turn.sdkMessages, messages }));
  }
  return results;
}

/** A user message with one text part. */
export function userMessage(options: { id: string; text: string }): UIMessage {
  return { id: options.id, role: 'user', parts: [{ type: 'text', text: options.text }] };
}

async function streamTurn(agent: HarnessAgent<typeof claudeCode>, messages: UIMessage[]): Promise<ClaudeCodeTurn> {
  const session = await agent.createSession();
  try {
    const chunks: UIMessageChunk[] = [];
    const stream = createUIMessageStream({
      originalMessages: messages,
      execute: async ({ writer }) => {
        const modelMessages = (await convertToModelMessages(messages)) as HarnessModelMessages;
        const result = await agent.stream({ session, messages: modelMessages });
        writer.merge(toUIMessageStream({ stream: result.stream, originalMessages: messages }));
      },
    }).pipeThrough(
      new TransformStream<UIMessageChunk, UIMessageChunk>({
        transform: (chunk, controller) => {
          chunks.push(chunk);
          controller.enqueue(chunk);
        },
      }),
    );
    const snapshots: UIMessage[] = [];
    for await (const message of readUIMessageStream({ stream, terminateOnError: true })) {
      snapshots.push(structuredClone(message));
    }
    const answer = snapshots.at(-1);
    return { snapshots, messages: answer ? [...messages, answer] : messages, chunks };
  } finally {
    await session.destroy();
  }
}

// The packages the bridge imports, one level above its bootstrap dir, where Node looks for them.
async function installBridgeRuntime(root: string): Promise<void> {
  const fixtures = fileURLToPath(new URL('./claude-code/', import.meta.url));
  const harness = createRequire(createRequire(import.meta.url).resolve('@ai-sdk/harness-claude-code/package.json'));
  const packages = {
    '@anthropic-ai/claude-agent-sdk': join(fixtures, 'claude-agent-sdk'),
    '@modelcontextprotocol/sdk': join(fixtures, 'mcp-sdk'),
    ws: dirname(harness.resolve('ws/package.json')),
    zod: dirname(harness.resolve('zod/package.json')),
  };
  for (const [name, target] of Object.entries(packages)) {
    const path = join(root, 'node_modules', name);
    await mkdir(dirname(path), { recursive: true });
    await symlink(target, path, 'dir');
  }
}

export {
  type ClaudeCodeTask,
  type ClaudeCodeTaskList,
  createClaudeCodeTaskList,
} from '../../demo/agent/claude-code-task-list.js';
export {
  type ScenarioTurn,
  type TaskToolCall,
  TODO_WRITE_RESULT,
  type Todo,
  taskToolsSession,
  todoWriteWithSubagent,
  todoWriteWithTwoSubagents,
} from './claude-code/scenarios.js';
