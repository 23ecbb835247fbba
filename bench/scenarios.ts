/**
 * The conversations the client benchmark replays, captured once per run through the real AI SDK
 * pipeline and stored as JSON, so that every client process (AI SDK 7's `useChat`, AI SDK 5's)
 * replays exactly the same chunks.
 */
import { readUIMessageStream, type UIMessage, type UIMessageChunk } from 'ai';
import type { Todo, TodoStatus } from '../src/index.js';
import { captureTodoCall, makeTodos } from './capture-stream.js';

/**
 * `write`: the first list of the conversation streams in. `update`: an accepted list is on screen
 * and the model re-sends it with the first task done and the next one started. `history`: a run
 * that works through the list, `earlierWrites` accepted writes earlier in the same assistant turn
 * (none: the same call is the first of the conversation), then the next write streams in.
 */
export type ScenarioName = 'write' | 'update' | 'history';

/** What bench/bench.ts asks for. */
export interface ScenarioSpec {
  name: ScenarioName;
  items: number;
  /** `history` only: accepted writes of the list before the measured call. */
  earlierWrites?: number;
}

export interface Scenario extends ScenarioSpec {
  /** The conversation before the replayed turn. */
  initialMessages: UIMessage[];
  chunks: UIMessageChunk[];
  /** The argument deltas of the measured call. */
  argumentDeltas: string[];
  /** 1: every delta is measured; n: one window of deltas in n (see `isMeasured` in client-bench.tsx). */
  sampleStride: number;
}

/** Writes in the run of the `history` scenario: the measured call is the last one. */
const HISTORY_RUN = 21;
const TEXT_LENGTH = 2000;
/** About this many argument deltas are measured per call (long calls are sampled in windows). */
const MEASURED_DELTAS = 800;

const USER: UIMessage = { id: 'user-0', role: 'user', parts: [{ type: 'text', text: 'Plan and do the work.' }] };

/** Write `write` of a run that finishes `items` tasks over `writes` writes: done tasks, one in progress. */
function progressed(items: number, write: number, writes: number): Todo[] {
  const done = Math.floor((write * items) / (writes + 1));
  const statusOf = (index: number): TodoStatus =>
    index < done ? 'completed' : index === done ? 'in_progress' : 'pending';
  return makeTodos(items, statusOf);
}

export async function makeScenario({ name, items, earlierWrites = 0 }: ScenarioSpec): Promise<Scenario> {
  const scenario = (initialMessages: UIMessage[], run: Awaited<ReturnType<typeof captureTodoCall>>): Scenario => ({
    name,
    items,
    earlierWrites,
    initialMessages,
    chunks: run.chunks,
    argumentDeltas: run.argumentDeltas,
    sampleStride: Math.max(1, Math.round(run.argumentDeltas.length / MEASURED_DELTAS)),
  });
  if (name === 'write') {
    return scenario([USER], await captureTodoCall({ todos: makeTodos(items), textLength: TEXT_LENGTH }));
  }
  if (name === 'update') {
    const first = await captureTodoCall({ todos: makeTodos(items), toolCallId: 'call-1' });
    const statusOf = (index: number): TodoStatus =>
      index === 0 ? 'completed' : index === 1 ? 'in_progress' : 'pending';
    const second = await captureTodoCall({
      todos: makeTodos(items, statusOf),
      textLength: TEXT_LENGTH,
      toolCallId: 'call-2',
    });
    return scenario([USER, await finalMessage(first.chunks)], second);
  }
  if (earlierWrites > HISTORY_RUN - 1) throw new Error(`history: at most ${HISTORY_RUN - 1} earlier writes`);
  const writes = Array.from({ length: HISTORY_RUN }, (_, write) => progressed(items, write, HISTORY_RUN));
  const todos = writes[HISTORY_RUN - 1]!;
  const earlier = writes.slice(HISTORY_RUN - 1 - earlierWrites, HISTORY_RUN - 1);
  return scenario([USER], await captureTodoCall({ todos, earlierWrites: earlier, textLength: TEXT_LENGTH }));
}

/** The assistant message a finished turn leaves in the conversation. */
async function finalMessage(chunks: UIMessageChunk[]): Promise<UIMessage> {
  const stream = new ReadableStream<UIMessageChunk>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  let last: UIMessage | undefined;
  for await (const message of readUIMessageStream({ stream })) last = message;
  return { ...structuredClone(last!), id: 'assistant-0' };
}
