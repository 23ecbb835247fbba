/**
 * Token costs (o200k_base, gpt-tokenizer): the tool definition as the provider receives it, one
 * result, and the history after 20 writes of a 10-item list, with and without pruneTodoWrites.
 * Everything is read from what MockLanguageModelV4 recorded, i.e. what the SDK really sent.
 */
import { isStepCount, jsonSchema, simulateReadableStream, streamText, tool } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { createTodoWrite, pruneTodoWrites, type TodoStatus, todoWrite } from '../src/index.js';

type PruneTodoWritesOptions = NonNullable<Parameters<typeof pruneTodoWrites>[1]>;
import { makeTodos } from './capture-stream.js';
import { approvedEditMessages } from '../test/support/approved-edit-messages.js';

type Prompt = MockLanguageModelV4['doStreamCalls'][number]['prompt'];

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};

const WRITES = 20;
const LIST_LENGTH = 10;

/** Tokens of the content the model reads: text, tool names and arguments, result values (no per-message framing). */
export function promptTokens(prompt: Prompt): number {
  return prompt.reduce((sum, message) => sum + messageTokens(message), 0);
}

function messageTokens(message: Prompt[number]): number {
  if (message.role === 'system') return countTokens(message.content);
  let total = 0;
  for (const part of message.content) {
    if (part.type === 'text' || part.type === 'reasoning') total += countTokens(part.text);
    else if (part.type === 'tool-call') {
      total +=
        countTokens(part.toolName) +
        countTokens(typeof part.input === 'string' ? part.input : JSON.stringify(part.input));
    } else if (part.type === 'tool-result') total += countTokens(resultText(part.output));
  }
  return total;
}

function resultText(output: { type: string; value?: unknown }): string {
  return typeof output.value === 'string' ? output.value : JSON.stringify(output.value ?? output);
}

/** The status of task `index` after `write` writes: tasks get done one by one, one in progress. */
function statusAt(write: number, index: number): TodoStatus {
  const done = Math.floor((write * LIST_LENGTH) / WRITES);
  return index < done ? 'completed' : index === done ? 'in_progress' : 'pending';
}

/** What a `read_file` call returns in the agent-loop scenario (about 300 tokens of source). */
const FILE_TEXT = Array.from(
  { length: 30 },
  (_, line) => `export const value${line} = compute(${line}, "field_${line}");`,
).join('\n');

const readFile = tool({
  description: 'Reads a file.',
  inputSchema: jsonSchema<{ path: string }>({
    type: 'object',
    properties: { path: { type: 'string' } },
    required: ['path'],
  }),
  execute: async () => FILE_TEXT,
});

function callStep(toolCallId: string, toolName: string, input: string) {
  return {
    stream: simulateReadableStream({
      chunks: [
        { type: 'stream-start', warnings: [] },
        { type: 'tool-call', toolCallId, toolName, input },
        { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage },
      ],
    }),
  };
}

/**
 * One streamText run of `WRITES` todo_write calls of a 10-item list (then a short answer);
 * `readsBetween` read_file calls between consecutive writes model an agent doing the work.
 * Returns the prompt of every step, as the model received it.
 */
async function runWrites(prune: PruneTodoWritesOptions | undefined, readsBetween = 0): Promise<Prompt[]> {
  const steps = [];
  for (let write = 0; write < WRITES; write++) {
    if (write > 0) {
      for (let read = 0; read < readsBetween; read++) {
        steps.push(
          callStep(`read-${write}-${read}`, 'read_file', JSON.stringify({ path: `src/module-${write}-${read}.ts` })),
        );
      }
    }
    const input = JSON.stringify({ todos: makeTodos(LIST_LENGTH, (index) => statusAt(write, index)) });
    steps.push(callStep(`call-${write + 1}`, 'todo_write', input));
  }
  const final = {
    stream: simulateReadableStream({
      chunks: [
        { type: 'stream-start', warnings: [] },
        { type: 'text-start', id: 't' },
        { type: 'text-delta', id: 't', delta: 'Done.' },
        { type: 'text-end', id: 't' },
        { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
      ],
    }),
  };
  const model = new MockLanguageModelV4({ doStream: [...steps, final] as never });
  const result = streamText({
    model,
    tools: { todo_write: todoWrite, read_file: readFile },
    prompt: 'Refactor the storage layer and keep the checklist current.',
    stopWhen: isStepCount(steps.length + 1),
    ...(prune ? { prepareStep: ({ messages }) => ({ messages: pruneTodoWrites(messages, prune) }) } : {}),
  });
  await result.consumeStream();
  return model.doStreamCalls.map((call) => call.prompt);
}

/** Over a run: what the prompt costs if every step is billed in full, and beyond a perfect prefix cache. */
function cacheProfile(prompts: Prompt[]): { total: number; uncached: number; rewrites: number; peak: number } {
  let total = 0;
  let uncached = 0;
  let rewrites = 0;
  let peak = 0;
  let previous: string[] = [];
  for (const prompt of prompts) {
    const keys = prompt.map((message) => JSON.stringify(message));
    let common = 0;
    while (common < previous.length && common < keys.length && previous[common] === keys[common]) common++;
    if (common < previous.length) rewrites++;
    const tokens = promptTokens(prompt);
    total += tokens;
    peak = Math.max(peak, tokens);
    uncached += promptTokens(prompt.slice(common));
    previous = keys;
  }
  return { total, uncached, rewrites, peak };
}

/** Share of the input price a cached prompt token costs in the effective-cost column (Anthropic: 0.1). */
export const CACHE_READ_PRICE = 0.1;

export interface CacheVariant {
  name: string;
  /** Tokens of the last step's prompt. */
  final: number;
  /** Largest prompt of the run. */
  peak: number;
  /** Prompt tokens summed over every step (the bill without a prompt cache). */
  total: number;
  /** Tokens past the prefix shared with the previous step's prompt, summed (the bill beyond a perfect prefix cache). */
  uncached: number;
  /** Steps whose prompt no longer starts with the previous step's prompt (cache-busting rewrites). */
  rewrites: number;
  /** uncached + CACHE_READ_PRICE x (total - uncached). */
  effective: number;
}

export interface TokenReport {
  definition: { tokens: number; descriptionTokens: number; schemaTokens: number; text: string };
  result: { tokens: number; text: string };
  /** The result the model reads after the person edited a 10-item plan and approved it, against the list's own tokens. */
  editedResult: { tokens: number; listTokens: number; text: string };
  /** 20 writes of a 10-item list and nothing else. */
  history: { oneWrite: number; unpruned: number; pruned: number };
  /** 20 writes with 2 read_file calls (about 300 tokens each) between writes. */
  agentLoop: { readsBetween: number; variants: CacheVariant[] };
}

export async function measureTokens(): Promise<TokenReport> {
  const unpruned = await runWrites(undefined);
  const pruned = await runWrites({});

  // The definition, as the provider receives it on the first step.
  const recorded = await firstCallTools();
  const descriptionTokens = countTokens(recorded.description ?? '');
  const schemaTokens = countTokens(JSON.stringify(recorded.inputSchema));
  const nameTokens = countTokens(recorded.name);

  // One result: the tool-result value the second step's prompt carries.
  const resultPart = unpruned[1]!
    .flatMap((message) => (message.role === 'tool' ? message.content : []))
    .find((part) => part.type === 'tool-result');
  const result =
    resultPart && 'output' in resultPart ? resultText(resultPart.output as { type: string; value?: unknown }) : '';

  const readsBetween = 2;
  const variants: CacheVariant[] = [];
  for (const [name, prune] of [
    ['no pruning', undefined],
    ['pruneTodoWrites', {}],
    ['minSavedTokens: 500', { minSavedTokens: 500 }],
    ['minSavedTokens: 1500', { minSavedTokens: 1500 }],
  ] as const) {
    const prompts = await runWrites(prune, readsBetween);
    const profile = cacheProfile(prompts);
    variants.push({
      name,
      final: promptTokens(prompts[prompts.length - 1]!),
      ...profile,
      effective: Math.round(profile.uncached + CACHE_READ_PRICE * (profile.total - profile.uncached)),
    });
  }

  return {
    definition: {
      tokens: nameTokens + descriptionTokens + schemaTokens,
      descriptionTokens,
      schemaTokens,
      text: `${recorded.description}\n${JSON.stringify(recorded.inputSchema)}`,
    },
    result: { tokens: countTokens(result), text: result },
    editedResult: await measureEditedResult(),
    history: {
      oneWrite: promptTokens(unpruned[1]!),
      unpruned: promptTokens(unpruned[WRITES]!),
      pruned: promptTokens(pruned[WRITES]!),
    },
    agentLoop: { readsBetween, variants },
  };
}

/** One approved edit of a 10-item proposal (renamed, removed, added), read back from the next prompt. */
async function measureEditedResult(): Promise<TokenReport['editedResult']> {
  const proposed = makeTodos(LIST_LENGTH, (index) => (index === 0 ? 'in_progress' : 'pending'));
  const edited = [{ content: 'Agree on the scope with the team', status: 'pending' as const }, ...proposed.slice(1)];
  edited[1] = { ...edited[1]!, content: `${edited[1]!.content}, carefully` };
  const model = new MockLanguageModelV4({ doStream: callStep('done', 'read_file', '{"path":"a.ts"}') as never });
  await streamText({
    model,
    tools: { todo_write: createTodoWrite({ review: 'first-plan' }), read_file: readFile },
    messages: approvedEditMessages('Refactor the storage layer.', proposed, edited),
    stopWhen: isStepCount(1),
  }).consumeStream();
  const part = model.doStreamCalls[0]!.prompt.flatMap((message) =>
    message.role === 'tool' ? message.content : [],
  ).find((each) => each.type === 'tool-result');
  const text = part && 'output' in part ? resultText(part.output as { type: string; value?: unknown }) : '';
  return { tokens: countTokens(text), listTokens: countTokens(JSON.stringify({ todos: edited })), text };
}

async function firstCallTools(): Promise<{ name: string; description?: string; inputSchema: unknown }> {
  const model = new MockLanguageModelV4({
    doStream: {
      stream: simulateReadableStream({
        chunks: [
          { type: 'stream-start', warnings: [] },
          { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
        ],
      }),
    } as never,
  });
  await streamText({ model, tools: { todo_write: todoWrite }, prompt: 'hi' }).consumeStream();
  const tool = model.doStreamCalls[0]!.tools?.[0];
  if (tool?.type !== 'function') throw new Error('the model received no todo_write function tool');
  return tool;
}
