/**
 * Other agents' plan tools as a chat client receives them: stand-ins with each tool's declared input
 * schema and answer (for streamText over a scripted model), and Claude Code's calls as the UI chunks
 * `@ai-sdk/harness` makes of them.
 */
import { readUIMessageStream, tool, type UIMessage, type UIMessageChunk } from 'ai';
import { z } from 'zod';
import { splitIntoDeltas } from './stream-todo-call.js';

const fiveStatuses = z.enum(['pending', 'in_progress', 'completed', 'cancelled', 'blocked']);
const threeStatuses = z.enum(['pending', 'in_progress', 'completed']);

/**
 * Stand-ins for each agent's own tool: its declared input schema, and what it answers on success (read from
 * @google/gemini-cli-core 0.61.0, @openai/codex 0.171.0, @mastra/core 1.71.0 and opencode-ai 1.18.33).
 */
export const standIns = {
  geminiCli: tool({
    inputSchema: z.object({ todos: z.array(z.object({ description: z.string(), status: fiveStatuses })) }),
    execute: async ({ todos }) => `Successfully updated the todo list. ${todos.length} items.`,
  }),
  codex: tool({
    inputSchema: z.object({
      explanation: z.string().optional(),
      plan: z.array(z.object({ step: z.string(), status: threeStatuses })),
    }),
    execute: async () => 'Plan updated',
  }),
  mastra: tool({
    inputSchema: z.object({
      tasks: z.array(
        z.object({ content: z.string(), status: threeStatuses, activeForm: z.string(), id: z.string().optional() }),
      ),
    }),
    execute: async ({ tasks }) => ({
      content: `Tasks updated: [${tasks.filter((task) => task.status === 'completed').length}/${tasks.length} completed]`,
      tasks,
      isError: false,
    }),
  }),
  opencode: tool({
    inputSchema: z.object({
      todos: z.array(
        // opencode checks neither status nor priority: both are free strings its description names.
        z.object({ content: z.string(), status: z.string(), priority: z.string() }),
      ),
    }),
    execute: async ({ todos }) => JSON.stringify(todos),
  }),
};

/**
 * Claude Code through `@ai-sdk/harness`: `@ai-sdk/harness-claude-code` declares `TodoWrite` among its
 * built-in tools and emits each call whole, as a provider-executed `tool-call` (no argument deltas);
 * the harness validates it against that tool set (a typed `tool-TodoWrite` part) and turns a failed
 * result into a provider-executed `tool-error`. These are the UI chunks that makes. `streamed` adds the
 * `tool-input-start/-delta` chunks a transport sends when it streams the arguments (the harness passes
 * those through unchanged).
 */
export function claudeCodeChunks(
  calls: { id: string; input: unknown; error?: string }[],
  options: { streamed?: boolean } = {},
): UIMessageChunk[] {
  const tool = { toolName: 'TodoWrite', providerExecuted: true } as const;
  return [
    { type: 'start', messageId: 'a1' },
    ...calls.flatMap(({ id, input, error }, at): UIMessageChunk[] => [
      { type: 'start-step' },
      ...(options.streamed
        ? [
            { type: 'tool-input-start', toolCallId: id, ...tool } as const,
            ...splitIntoDeltas(JSON.stringify(input), { seed: at + 7, min: 1, max: 4 }).map(
              (inputTextDelta): UIMessageChunk => ({ type: 'tool-input-delta', toolCallId: id, inputTextDelta }),
            ),
          ]
        : []),
      { type: 'tool-input-available', toolCallId: id, input, ...tool },
      error === undefined
        ? {
            type: 'tool-output-available',
            toolCallId: id,
            output: 'Todos have been modified successfully.',
            providerExecuted: true,
          }
        : { type: 'tool-output-error', toolCallId: id, errorText: error, providerExecuted: true },
      { type: 'finish-step' },
    ]),
    { type: 'finish' },
  ];
}

/** A UI chunk stream of `chunks`, one per macrotask (as a network delivers them, so each can render). */
export function chunkStream(chunks: UIMessageChunk[]): ReadableStream<UIMessageChunk> {
  let next = 0;
  return new ReadableStream<UIMessageChunk>({
    async pull(controller) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      const chunk = chunks[next++];
      if (chunk) controller.enqueue(chunk);
      else controller.close();
    },
  });
}

/** `stream` with each chunk passed on in a macrotask of its own (an in-process agent would hand them all over at once). */
export function paced<T>(stream: ReadableStream<T>): ReadableStream<T> {
  return stream.pipeThrough(
    new TransformStream<T, T>({
      async transform(chunk, controller) {
        await new Promise((resolve) => setTimeout(resolve, 0));
        controller.enqueue(chunk);
      },
    }),
  );
}

/** Every snapshot of the message `chunks` build, via `readUIMessageStream`. */
export async function readChunks(chunks: UIMessageChunk[]): Promise<UIMessage[]> {
  const snapshots: UIMessage[] = [];
  for await (const message of readUIMessageStream({ stream: chunkStream(chunks) }))
    snapshots.push(structuredClone(message));
  return snapshots;
}
