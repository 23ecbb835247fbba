/**
 * Captures, once, the real UI message chunks of an assistant turn that writes todo lists:
 * MockLanguageModelV4 -> streamText (with the real tool) -> toUIMessageStream. The benchmarks
 * replay these chunks.
 */
import {
  isStepCount,
  type ModelMessage,
  simulateReadableStream,
  streamText,
  toUIMessageStream,
  type UIMessageChunk,
} from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { createTodoWrite, type Todo, type TodoStatus } from '../src/index.js';

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};

const VERBS = ['Read', 'Update', 'Write tests for', 'Refactor', 'Document', 'Check', 'Remove', 'Rename'];
const OBJECTS = [
  'the parser',
  'the session store',
  'the CLI flags',
  'the HTTP client',
  'the README',
  'the cache layer',
  'the build script',
];

/** A deterministic list of `count` tasks (about 30 characters each), statuses as the model would send them. */
export function makeTodos(count: number, statusOf: (index: number) => TodoStatus = () => 'pending'): Todo[] {
  return Array.from({ length: count }, (_, index) => ({
    content: `${VERBS[index % VERBS.length]} ${OBJECTS[(index * 5) % OBJECTS.length]} (${index + 1})`,
    status: statusOf(index),
  }));
}

/** Splits text into 3-5 character deltas, deterministically (a small linear congruential generator). */
export function splitIntoDeltas(text: string, seed = 7): string[] {
  const deltas: string[] = [];
  let state = seed;
  for (let start = 0; start < text.length; ) {
    state = (state * 1103515245 + 12345) % 2147483648;
    const size = 3 + (state % 3);
    deltas.push(text.slice(start, start + size));
    start += size;
  }
  return deltas;
}

/** The real tool, with room for the 500-item lists of the benchmark (the default limit is 50). */
const BENCH_TOOL = createTodoWrite({ maxTodos: 1000 });

export interface CapturedRun {
  /** The UI chunks of the whole run, in order. */
  chunks: UIMessageChunk[];
  /** The argument deltas of the streamed call, in order (the text the client accumulates). */
  argumentDeltas: string[];
  /** What the SDK sent the model on each step (the tools as the provider receives them, the prompt). */
  modelCalls: MockLanguageModelV4['doStreamCalls'];
  /** The response messages of the run (the history the model sees next time). */
  responseMessages: ModelMessage[];
}

/**
 * One assistant turn: `earlierWrites` (each a whole call in one step, arguments in one delta),
 * then a todo_write call with `todos` in 3-5 character deltas, then (if `textLength` > 0) a text
 * answer of `textLength` characters in 3-5 character deltas.
 */
export async function captureTodoCall(options: {
  todos: Todo[];
  earlierWrites?: Todo[][];
  textLength?: number;
  history?: ModelMessage[];
  toolCallId?: string;
}): Promise<CapturedRun> {
  const {
    todos,
    earlierWrites = [],
    textLength = 0,
    history = [{ role: 'user', content: 'Plan and do the work.' }],
    toolCallId = 'call-bench',
  } = options;
  const toolStep = (id: string, input: string, deltas: string[]) => [
    { type: 'stream-start', warnings: [] },
    { type: 'tool-input-start', id, toolName: 'todo_write' },
    ...deltas.map((delta) => ({ type: 'tool-input-delta', id, delta })),
    { type: 'tool-input-end', id },
    { type: 'tool-call', toolCallId: id, toolName: 'todo_write', input },
    { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage },
  ];
  const earlierSteps = earlierWrites.map((list, index) => {
    const input = JSON.stringify({ todos: list });
    return toolStep(`${toolCallId}-earlier-${index + 1}`, input, [input]);
  });
  const input = JSON.stringify({ todos });
  const argumentDeltas = splitIntoDeltas(input);
  const text = 'The plan is in place and the first task is under way. '
    .repeat(Math.ceil(textLength / 55))
    .slice(0, textLength);
  const textStep = [
    { type: 'stream-start', warnings: [] },
    { type: 'text-start', id: 'text-1' },
    ...splitIntoDeltas(text, 11).map((delta) => ({ type: 'text-delta', id: 'text-1', delta })),
    { type: 'text-end', id: 'text-1' },
    { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
  ];
  const steps = [...earlierSteps, toolStep(toolCallId, input, argumentDeltas), ...(textLength > 0 ? [textStep] : [])];
  const model = new MockLanguageModelV4({
    doStream: steps.map((chunks) => ({
      stream: simulateReadableStream({ chunks, initialDelayInMs: null, chunkDelayInMs: null }),
    })) as never,
  });
  const tools = { todo_write: BENCH_TOOL };
  const result = streamText({ model, tools, messages: history, stopWhen: isStepCount(steps.length) });
  const chunks: UIMessageChunk[] = [];
  const reader = toUIMessageStream({ stream: result.stream, tools }).getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read())
    chunks.push(read.value as UIMessageChunk);
  const responseMessages = (await result.response).messages;
  return { chunks, argumentDeltas, modelCalls: model.doStreamCalls, responseMessages };
}
