/**
 * Client cost per streamed delta: replays captured UI chunks through useChat into <TodoList>
 * and into a naive widget (jsdom, React production build), and times the SDK's own partial-JSON
 * parse of the same deltas. Rows rendered per commit are counted through the DevTools hook.
 */
import { useChat } from '@ai-sdk/react';
import { parsePartialJson, readUIMessageStream, type ChatTransport, type UIMessage, type UIMessageChunk } from 'ai';
import { useLayoutEffect, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { TodoList } from '../src/react.js';
import { selectTodoState, type TodoState } from '../src/select-todo-state.js';
import type { TodoStatus } from '../src/todo.js';
import { captureTodoCall, makeTodos } from './capture-stream.js';
import { BlockTodoList } from './block-todo-list.js';
import { NaiveTodoList } from './naive-todo-list.js';
import { commitListener } from './setup-dom.js';

/**
 * `empty` renders nothing: the cost of a commit in this harness, with no widget at all.
 * `blocks` is a diagnostic (bench/block-todo-list.tsx): our derivation and rows, memoized in blocks.
 */
export type Widget = 'ours' | 'naive' | 'empty' | 'blocks';
type Phase = 'call' | 'text' | 'other';

export interface Scenario {
  name: string;
  items: number;
  /** The conversation before the replayed turn. */
  initialMessages: UIMessage[];
  chunks: UIMessageChunk[];
  argumentDeltas: string[];
  /** 1: every delta is measured; n: one window of deltas in n (see {@link isMeasured}). */
  sampleStride: number;
}

interface PhaseStats {
  deltas: number;
  commits: number;
  /** Milliseconds from the widget's render to its commit, one entry per commit. */
  times: number[];
  rows: number;
  maxRows: number;
}

export interface ReplayResult {
  call: PhaseStats;
  text: PhaseStats;
}

const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** A transport that hands useChat a stream the benchmark feeds one chunk at a time. */
class ReplayTransport implements ChatTransport<UIMessage> {
  controller: ReadableStreamDefaultController<UIMessageChunk> | undefined;
  async sendMessages(): Promise<ReadableStream<UIMessageChunk>> {
    return new ReadableStream<UIMessageChunk>({ start: (controller) => void (this.controller = controller) });
  }
  async reconnectToStream(): Promise<null> {
    return null;
  }
}

/** Times its subtree: from its own render to its layout effect (after the subtree's commit). */
function Measure({ onMeasured, children }: { onMeasured: (ms: number) => void; children: ReactNode }): ReactNode {
  const start = performance.now();
  useLayoutEffect(() => onMeasured(performance.now() - start));
  return children;
}

let runId = 0;

/**
 * Replays one scenario through useChat into one widget, one chunk at a time, waiting for each
 * render; returns per-phase totals (argument deltas, text deltas after the call).
 */
export async function replay(
  widget: Widget,
  scenario: Scenario,
  snapshots?: Array<readonly UIMessage[]>,
): Promise<ReplayResult> {
  const empty = (): PhaseStats => ({ deltas: 0, commits: 0, times: [], rows: 0, maxRows: 0 });
  const stats: Record<Phase, PhaseStats> = { call: empty(), text: empty(), other: empty() };
  let phase: Phase = 'other';
  commitListener.onCommit = (rows) => {
    stats[phase].rows += rows;
    stats[phase].maxRows = Math.max(stats[phase].maxRows, rows);
  };
  const onMeasured = (ms: number): void => {
    stats[phase].commits += 1;
    stats[phase].times.push(ms);
  };
  const transport = new ReplayTransport();
  const chatId = `bench-${runId++}`;
  let send: ((message: { text: string }) => Promise<void>) | undefined;

  function App(): ReactNode {
    const { messages, status, sendMessage } = useChat({ id: chatId, transport, messages: scenario.initialMessages });
    send = sendMessage;
    if (snapshots && phase === 'call') snapshots.push(messages);
    return (
      <Measure onMeasured={onMeasured}>
        {widget === 'ours' ? (
          <TodoList messages={messages} status={status} maxVisible={Infinity} />
        ) : widget === 'naive' ? (
          <NaiveTodoList messages={messages} />
        ) : widget === 'blocks' ? (
          <BlockTodoList messages={messages} status={status} />
        ) : null}
      </Measure>
    );
  }

  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  flushSync(() => root.render(<App />));
  void send!({ text: 'Go on.' });
  while (!transport.controller) await settle();
  const controller = transport.controller;

  /** Feeds one chunk and waits for the render it causes (useChat renders in a later task). */
  const feed = async (chunk: UIMessageChunk, chunkPhase: Phase): Promise<void> => {
    phase = chunkPhase;
    const before = stats[phase].commits;
    controller.enqueue(chunk);
    for (let spin = 0; spin < 50 && stats[phase].commits === before; spin++) await settle();
    await settle();
  };
  let deltaIndex = 0;
  let skipped = '';
  let skippedId = '';
  for (const chunk of scenario.chunks) {
    if (chunk.type === 'tool-input-delta') {
      if (!isMeasured(deltaIndex++, scenario.sampleStride)) {
        skipped += chunk.inputTextDelta;
        skippedId = chunk.toolCallId;
        continue;
      }
      if (skipped) await feed({ type: 'tool-input-delta', toolCallId: skippedId, inputTextDelta: skipped }, 'other');
      skipped = '';
      stats.call.deltas += 1;
      await feed(chunk, 'call');
      continue;
    }
    if (skipped) await feed({ type: 'tool-input-delta', toolCallId: skippedId, inputTextDelta: skipped }, 'other');
    skipped = '';
    if (chunk.type === 'text-delta') stats.text.deltas += 1;
    await feed(chunk, chunk.type === 'text-delta' ? 'text' : 'other');
  }
  phase = 'other';
  transport.controller.close();
  for (let i = 0; i < 5; i++) await settle();
  const rendered = container.querySelectorAll('li').length;
  root.unmount();
  container.remove();
  commitListener.onCommit = () => {};
  if (widget !== 'empty' && rendered !== scenario.items)
    throw new Error(`${widget} showed ${rendered} rows at the end, expected ${scenario.items}`);
  return { call: stats.call, text: stats.text };
}

/**
 * The derivation alone (selectTodoState, as useTodos calls it) over the conversations useChat
 * rendered for the measured deltas. Milliseconds per delta, one entry per delta.
 */
export function deriveOnly(snapshots: Array<readonly UIMessage[]>): number[] {
  const times: number[] = [];
  let previous: TodoState | undefined;
  for (const messages of snapshots) {
    const start = performance.now();
    previous = selectTodoState(messages, { status: 'streaming', previous });
    times.push(performance.now() - start);
  }
  return times;
}

/** Deltas are measured in windows of this many; long calls measure one window in `sampleStride`. */
const WINDOW = 200;

/** Whether argument delta `index` is measured (the others are fed to useChat merged, unmeasured). */
export function isMeasured(index: number, sampleStride: number): boolean {
  return Math.floor(index / WINDOW) % sampleStride === sampleStride - 1;
}

/** The SDK's own work per delta: parsePartialJson over the accumulated argument text. Milliseconds, one entry per measured delta. */
export async function sdkParsePerDelta(scenario: Scenario): Promise<number[]> {
  let text = '';
  const times: number[] = [];
  for (const [index, delta] of scenario.argumentDeltas.entries()) {
    text += delta;
    if (!isMeasured(index, scenario.sampleStride)) continue;
    const start = performance.now();
    await parsePartialJson(text);
    times.push(performance.now() - start);
  }
  return times;
}

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

const TEXT_LENGTH = 2000;
/** About this many argument deltas are measured per call (long calls are sampled in windows). */
const MEASURED_DELTAS = 800;

/**
 * `write`: the first list of the conversation streams in. `update`: an accepted list is on
 * screen and the model rewrites it (first task completed, the next in progress).
 */
export async function makeScenario(name: 'write' | 'update', items: number): Promise<Scenario> {
  const user: UIMessage = { id: 'user-0', role: 'user', parts: [{ type: 'text', text: 'Plan and do the work.' }] };
  if (name === 'write') {
    const run = await captureTodoCall({ todos: makeTodos(items), textLength: TEXT_LENGTH });
    return {
      name,
      items,
      initialMessages: [user],
      chunks: run.chunks,
      argumentDeltas: run.argumentDeltas,
      sampleStride: strideFor(run.argumentDeltas),
    };
  }
  const first = await captureTodoCall({ todos: makeTodos(items), toolCallId: 'call-1' });
  const statusOf = (index: number): TodoStatus => (index === 0 ? 'completed' : index === 1 ? 'in_progress' : 'pending');
  const second = await captureTodoCall({
    todos: makeTodos(items, statusOf),
    textLength: TEXT_LENGTH,
    toolCallId: 'call-2',
  });
  return {
    name,
    items,
    initialMessages: [user, await finalMessage(first.chunks)],
    chunks: second.chunks,
    argumentDeltas: second.argumentDeltas,
    sampleStride: strideFor(second.argumentDeltas),
  };
}

function strideFor(argumentDeltas: string[]): number {
  return Math.max(1, Math.round(argumentDeltas.length / MEASURED_DELTAS));
}
