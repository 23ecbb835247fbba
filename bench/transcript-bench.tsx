/**
 * A long session: `calls` earlier todo_write calls, each in its own assistant turn and rendered
 * rendered inline, a pinned <TodoList>, then a text answer streaming in, all under one <TodoProvider>.
 * Cost per text delta with each per-call pattern the API allows (a summary, or a whole list per call)
 * and without our components (the same transcript, tool parts rendered as nothing). jsdom, React production.
 */
import { useChat } from '@ai-sdk/react';
import type { UIMessage, UIMessageChunk } from 'ai';
import { memo, type ReactNode, useLayoutEffect } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { TodoCallSummary, TodoList, TodoProvider } from '../src/react.js';
import { makeTodos, splitIntoDeltas } from './capture-stream.js';
import { ReplayTransport } from './client-bench.js';
import { commitListener } from './commit-listener.js';

/** `shared`: a <TodoCallSummary> per call. `inline`: a <TodoList toolCallId> per call. */
export type TranscriptWidget = 'shared' | 'inline' | 'none';

export interface TranscriptResult {
  /** Milliseconds per text delta, from the app's render to the end of every commit it caused. */
  times: number[];
  textDeltas: number;
  /** `<li>` rows and call summaries rendered while the text streamed, in total. */
  rows: number;
  summaries: number;
}

const TASKS = 6;
const TEXT_LENGTH = 1000;
/** The next macrotask (a MessageChannel where there is no setImmediate, as in a browser). */
const settle = (): Promise<void> =>
  typeof setImmediate === 'function'
    ? new Promise((resolve) => setImmediate(resolve))
    : new Promise((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      });

/** The conversation before the streamed answer: `calls` turns, each a user line and an accepted write. */
export function transcript(calls: number): UIMessage[] {
  const messages: UIMessage[] = [];
  for (let call = 0; call < calls; call++) {
    const done = Math.floor((call * TASKS) / calls);
    const todos = makeTodos(TASKS + (call % 3), (index) =>
      index < done ? 'completed' : index === done ? 'in_progress' : 'pending',
    );
    messages.push({ id: `u${call}`, role: 'user', parts: [{ type: 'text', text: `Go on with step ${call}.` }] });
    messages.push({
      id: `a${call}`,
      role: 'assistant',
      parts: [
        { type: 'step-start' },
        {
          type: 'tool-todo_write',
          toolCallId: `call-${call}`,
          state: 'output-available',
          input: { todos },
          output: { pending: 0, in_progress: 0, completed: 0 },
        },
        { type: 'text', text: 'Updated the plan.', state: 'done' },
      ] as UIMessage['parts'],
    });
  }
  return messages;
}

/** The streamed answer: a text part of `TEXT_LENGTH` characters in 3-5 character deltas. */
export function answerChunks(): UIMessageChunk[] {
  const text = 'Working through the next task and reporting back. '.repeat(30).slice(0, TEXT_LENGTH);
  return [
    { type: 'start' },
    { type: 'start-step' },
    { type: 'text-start', id: 't' },
    ...splitIntoDeltas(text, 5).map((delta): UIMessageChunk => ({ type: 'text-delta', id: 't', delta })),
    { type: 'text-end', id: 't' },
    { type: 'finish-step' },
    { type: 'finish' },
  ];
}

/** One message, memoized as chat apps do. */
const MessageItem = memo(function MessageItem(props: { message: UIMessage; widget: TranscriptWidget }): ReactNode {
  const { message, widget } = props;
  return (
    <div>
      {message.parts.map((part, index) => {
        // biome-ignore lint/suspicious/noArrayIndexKey: a message's parts only grow at the end.
        if (part.type === 'text') return <p key={index}>{part.text}</p>;
        if (part.type !== 'tool-todo_write' || widget === 'none') return null;
        return widget === 'shared' ? (
          <TodoCallSummary key={part.toolCallId} toolCallId={part.toolCallId} />
        ) : (
          <TodoList key={part.toolCallId} toolCallId={part.toolCallId} maxVisible={3} />
        );
      })}
    </div>
  );
});

let runId = 0;

export async function replayTranscript(widget: TranscriptWidget, calls: number): Promise<TranscriptResult> {
  const result: TranscriptResult = { times: [], textDeltas: 0, rows: 0, summaries: 0 };
  let measuring = false;
  commitListener.onCommit = (rows, summaries) => {
    if (!measuring) return;
    result.rows += rows;
    result.summaries += summaries;
  };
  let start = 0;
  let commits = 0;
  const transport = new ReplayTransport();
  const initialMessages = transcript(calls);
  const chatId = `transcript-${runId++}`;
  let send: ((message: { text: string }) => Promise<void>) | undefined;

  function Measured(): null {
    // After every commit of this render: summaries that a store update renders again commit in
    // the same task, before this microtask.
    useLayoutEffect(() => {
      queueMicrotask(() => {
        if (measuring) result.times.push(performance.now() - start);
        commits += 1;
      });
    });
    return null;
  }

  function App(): ReactNode {
    start = performance.now();
    const chat = useChat({ id: chatId, transport, messages: initialMessages });
    send = chat.sendMessage;
    const list = (
      <div>
        {chat.messages.map((message) => (
          <MessageItem key={message.id} message={message} widget={widget} />
        ))}
      </div>
    );
    return (
      <>
        {widget === 'none' ? (
          list
        ) : (
          <TodoProvider messages={chat.messages} status={chat.status}>
            <TodoList />
            {list}
          </TodoProvider>
        )}
        <Measured />
      </>
    );
  }

  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  flushSync(() => root.render(<App />));
  void send!({ text: 'Go on.' });
  while (!transport.controller) await settle();
  const controller = transport.controller;
  for (const chunk of answerChunks()) {
    measuring = chunk.type === 'text-delta';
    if (measuring) result.textDeltas += 1;
    const before = commits;
    controller.enqueue(chunk);
    for (let spin = 0; spin < 50 && commits === before; spin++) await settle();
    await settle();
    measuring = false;
  }
  controller.close();
  for (let i = 0; i < 5; i++) await settle();
  const summaries =
    container.querySelectorAll(widget === 'inline' ? '[data-todo-list]' : '[data-todo-call-summary]').length -
    (widget === 'inline' ? 1 : 0);
  root.unmount();
  container.remove();
  commitListener.onCommit = () => {};
  if (widget !== 'none' && summaries !== calls) throw new Error(`${widget}: ${summaries} summaries, expected ${calls}`);
  return result;
}
