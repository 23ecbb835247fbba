/**
 * Client cost per streamed delta: replays captured UI chunks through `useChat` into <TodoList>,
 * into a naive widget and into no widget (jsdom, React production build), and times the SDK's
 * own partial-JSON parse of the same deltas and the derivation alone over the same snapshots.
 * Rows rendered per commit are counted through the DevTools hook.
 *
 * `ai` and `@ai-sdk/react` are whatever the build resolves them to: AI SDK 7 by default, AI SDK 5
 * in the build bench/bench.ts makes with both aliased.
 */
import { useChat } from '@ai-sdk/react';
import { type ChatTransport, parsePartialJson, type UIMessage, type UIMessageChunk } from 'ai';
import { type ReactNode, useLayoutEffect, useMemo } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import * as core from '../src/index.js';
import type { TodoMessageLike, TodoState } from '../src/index.js';
import { TodoList } from '../src/react.js';
import { NaiveTodoList } from './naive-todo-list.js';
import type { Scenario } from './scenarios.js';
import { commitListener } from './setup-dom.js';

/**
 * Where the widget's messages come from. `newest`: `useChat`'s snapshots as they are.
 * `deep`: the same snapshots deep-copied on every update (`structuredClone`, outside the timed
 * part), as AI SDK 5, `readUIMessageStream` and stores that clone or persist messages hand them
 * over. `v5`: AI SDK 5's own `useChat` (only in the AI SDK 5 build).
 */
export type Source = 'newest' | 'deep' | 'v5';
/** `empty` renders nothing: the cost of a commit in this harness, with no widget at all. */
export type Widget = 'ours' | 'naive' | 'empty';
type Phase = 'call' | 'text' | 'other';
type ChatStatus = 'submitted' | 'streaming' | 'ready' | 'error';

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

/** The messages and status one render handed to the widget. */
export interface Snapshot {
  phase: Phase;
  messages: readonly UIMessage[];
  status: ChatStatus;
}

const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** A transport that hands useChat a stream the benchmark feeds one chunk at a time. */
export class ReplayTransport implements ChatTransport<UIMessage> {
  controller: ReadableStreamDefaultController<UIMessageChunk> | undefined;
  async sendMessages(): Promise<ReadableStream<UIMessageChunk>> {
    return new ReadableStream<UIMessageChunk>({
      start: (controller) => {
        this.controller = controller;
      },
    });
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
  source: Source,
  scenario: Scenario,
  snapshots?: Snapshot[],
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
    const chat = useChat({ id: chatId, transport, messages: scenario.initialMessages });
    send = chat.sendMessage;
    // The copy is the caller's cost (like the SDK's own work), so it happens outside <Measure>.
    const messages = useMemo(
      () => (source === 'deep' ? structuredClone(chat.messages) : chat.messages),
      [chat.messages],
    );
    snapshots?.push({ phase, messages, status: chat.status });
    return (
      <Measure onMeasured={onMeasured}>
        {widget === 'ours' ? (
          <TodoList messages={messages} status={chat.status} maxVisible={Infinity} maxTodos={Infinity} />
        ) : widget === 'naive' ? (
          <NaiveTodoList messages={messages} />
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
  let inCall = false;
  for (const chunk of scenario.chunks) {
    // Only the last call's deltas are measured (earlier calls of the turn arrive in one delta each).
    if (chunk.type === 'tool-input-start') inCall = chunk.toolCallId === lastCallId(scenario);
    if (chunk.type === 'tool-input-delta' && inCall) {
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
    throw new Error(`${widget} (${source}) showed ${rendered} rows at the end, expected ${scenario.items}`);
  return { call: stats.call, text: stats.text };
}

function lastCallId(scenario: Scenario): string {
  const starts = scenario.chunks.filter((chunk) => chunk.type === 'tool-input-start');
  return (starts.at(-1) as { toolCallId: string }).toolCallId;
}

type Select = (messages: readonly TodoMessageLike[], options: { status?: ChatStatus }) => TodoState;

/**
 * A selector that keeps its caches across calls, as `useTodos` holds one per component. Where
 * `createTodoSelector` is not exported, `selectTodoState` is handed its previous result instead.
 */
export function newSelector(): { select: Select; api: string } {
  const create = (core as unknown as Record<string, unknown>).createTodoSelector as
    | ((options?: { toolName?: string }) => { select: Select })
    | undefined;
  if (create) return { select: create().select, api: 'createTodoSelector().select' };
  let previous: TodoState | undefined;
  const selectTodoState = core.selectTodoState as (
    messages: readonly TodoMessageLike[],
    options: { status?: ChatStatus; previous?: TodoState },
  ) => TodoState;
  return {
    select: (messages, options) => (previous = selectTodoState(messages, { ...options, previous })),
    api: 'selectTodoState(…, { previous })',
  };
}

/** Milliseconds per measured snapshot, split by phase. */
export interface DerivationTimes {
  call: number[];
  text: number[];
}

/**
 * The derivation alone over the snapshots the widget received. `selector`: one selector fed every
 * snapshot in order, as `useTodos` runs it. `one-shot`: `selectTodoState` on each snapshot.
 */
export function deriveOnly(snapshots: readonly Snapshot[], mode: 'selector' | 'one-shot'): DerivationTimes {
  const times: DerivationTimes = { call: [], text: [] };
  const select: Select = mode === 'selector' ? newSelector().select : core.selectTodoState;
  for (const snapshot of snapshots) {
    const start = performance.now();
    select(snapshot.messages, { status: snapshot.status });
    const elapsed = performance.now() - start;
    if (snapshot.phase !== 'other') times[snapshot.phase].push(elapsed);
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
