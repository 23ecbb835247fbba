/**
 * The checklist on a resumed stream (`useChat({ resume: true })`): the page comes back with the
 * conversation as stored at the last step end, and the transport replays the answer from its first
 * chunk (what `resumable-stream` sends), then goes on live. Real SDK pieces only: a scripted model
 * through `streamText`, `toUIMessageStream` (its `onStepEnd` is the store), `useChat`, and the
 * package's public API.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, waitFor } from '@testing-library/react';
import { useLayoutEffect, useState, type ReactNode } from 'react';
import { useChat } from '@ai-sdk/react';
import {
  convertToModelMessages,
  isStepCount,
  streamText,
  toUIMessageStream,
  type ChatTransport,
  type UIMessage,
  type UIMessageChunk,
} from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { readTodos, selectTodoState, todoWrite, type Todo } from '../src/index.js';
import { TodoList, useTodos } from '../src/react.js';

vi.setConfig({ testTimeout: 30_000 });

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});
afterEach(cleanup);

const USAGE = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 10, text: 10, reasoning: 0 },
};
const TASKS = ['Read the failing test', 'Fix the parser', 'Run the suite', 'Write the changelog'];

/** The plan after `done` tasks are completed (the next one in progress). */
function planAfter(done: number): Todo[] {
  return TASKS.map((content, index) => ({
    content,
    status: index < done ? 'completed' : index === done ? 'in_progress' : 'pending',
  }));
}

/** A model step: some text, then one todo_write call with `todos`, its arguments in 1-5 character deltas. */
function callStep(step: number, todos: Todo[]): LanguageModelV4StreamPart[] {
  const json = JSON.stringify({ todos });
  const deltas: string[] = [];
  for (let start = 0, size = 1; start < json.length; start += size, size = 1 + ((start * 7 + step) % 5)) {
    deltas.push(json.slice(start, start + size));
  }
  const id = `call-${step}`;
  return [
    { type: 'text-start', id: `text-${step}` },
    { type: 'text-delta', id: `text-${step}`, delta: `Step ${step}.` },
    { type: 'text-end', id: `text-${step}` },
    { type: 'tool-input-start', id, toolName: 'todo_write' },
    ...deltas.map((delta): LanguageModelV4StreamPart => ({ type: 'tool-input-delta', id, delta })),
    { type: 'tool-input-end', id },
    { type: 'tool-call', toolCallId: id, toolName: 'todo_write', input: json },
    { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_use' }, usage: USAGE },
  ];
}

const STEPS: LanguageModelV4StreamPart[][] = [
  ...TASKS.map((_, step) => callStep(step, planAfter(step))),
  callStep(TASKS.length, planAfter(TASKS.length)),
  [
    { type: 'text-start', id: 'end' },
    { type: 'text-delta', id: 'end', delta: 'All done.' },
    { type: 'text-end', id: 'end' },
    { type: 'finish', finishReason: { unified: 'stop', raw: 'end_turn' }, usage: USAGE },
  ],
];

const USER: UIMessage = { id: 'user-1', role: 'user', parts: [{ type: 'text', text: 'Fix the parser' }] };

interface Recording {
  chunks: UIMessageChunk[];
  /** What the store holds after each step end: `stored[k]` after k steps. */
  stored: UIMessage[][];
  /** The conversation the uninterrupted run ends with. */
  final: UIMessage[];
}

/** One uninterrupted run, recorded the way a server stores it (at every step end and at the end). */
async function recordRun(): Promise<Recording> {
  let next = 0;
  const model = new MockLanguageModelV4({
    doStream: async () => {
      const parts = [{ type: 'stream-start', warnings: [] } as LanguageModelV4StreamPart, ...STEPS[next++]!];
      return {
        stream: new ReadableStream({
          start(controller) {
            for (const part of parts) controller.enqueue(part);
            controller.close();
          },
        }),
      };
    },
  });
  const tools = { todo_write: todoWrite };
  const result = streamText({
    model,
    messages: await convertToModelMessages([USER], { tools }),
    tools,
    stopWhen: isStepCount(20),
  });
  const stored: UIMessage[][] = [[USER]];
  let final: UIMessage[] = [];
  const chunks: UIMessageChunk[] = [];
  const stream = toUIMessageStream({
    stream: result.stream,
    tools,
    originalMessages: [USER],
    generateMessageId: () => 'assistant-1',
    onStepEnd: ({ messages }) => {
      stored.push(structuredClone(messages));
    },
    onEnd: ({ messages }) => {
      final = structuredClone(messages);
    },
  });
  for await (const chunk of stream as AsyncIterable<UIMessageChunk>) chunks.push(chunk);
  return { chunks, stored, final };
}

/**
 * A transport whose only stream is a resume: the replay of the chunks up to `cut` (all at once, as
 * `resumable-stream` sends its buffer, or `paced`, a task apart, as a slow network delivers it), then
 * the rest one by one.
 */
function resumeTransport(chunks: readonly UIMessageChunk[], cut: number, paced: boolean): ChatTransport<UIMessage> {
  return {
    resumeStreamIsReplay: true,
    sendMessages: () => Promise.reject(new Error('this page only resumes')),
    reconnectToStream: async () =>
      new ReadableStream<UIMessageChunk>({
        async start(controller) {
          for (const chunk of chunks.slice(0, cut)) {
            if (paced) await new Promise((resolve) => setTimeout(resolve, 0));
            controller.enqueue(chunk);
          }
          for (const chunk of chunks.slice(cut)) {
            await new Promise((resolve) => setTimeout(resolve, 1));
            controller.enqueue(chunk);
          }
          controller.close();
        },
      }),
  };
}

interface Row {
  content: string;
  status: string;
}

/** Mounts a reloaded page on `stored` and records the plan panel's rows at every commit until the chat is ready. */
async function resumePage(stored: UIMessage[], transport: ChatTransport<UIMessage>) {
  const commits: { rows: Row[]; hookRows: Row[]; status: string }[] = [];
  function Page(): ReactNode {
    const [initial] = useState(() => stored);
    const chat = useChat({ id: 'chat-1', messages: initial, resume: true, transport });
    const todos = useTodos(chat.messages, { status: chat.status });
    useLayoutEffect(() => {
      commits.push({
        status: chat.status,
        rows: [...document.querySelectorAll('[data-plan] li[data-status]')].map((item) => ({
          content: item.querySelector('[data-todo-content]')?.textContent ?? '',
          status: item.getAttribute('data-status') ?? '',
        })),
        hookRows: todos.todos.map(({ content, status }) => ({ content, status })),
      });
    });
    return <TodoList data-plan="" state={todos} maxVisible={Number.POSITIVE_INFINITY} />;
  }
  render(<Page />);
  await waitFor(
    () => {
      expect(commits.some((commit) => commit.status === 'streaming')).toBe(true);
      expect(commits.at(-1)?.status).toBe('ready');
    },
    { timeout: 20_000 },
  );
  return commits;
}

const key = (rows: readonly Row[]): string => JSON.stringify(rows.map(({ content, status }) => [content, status]));

describe('the checklist on a resumed stream', async () => {
  const run = await recordRun();
  const finishSteps = run.chunks.flatMap((chunk, index) => (chunk.type === 'finish-step' ? [index] : []));
  // Cut points: inside the first call, between steps, and mid-call in later steps.
  const cuts = [5, finishSteps[0]! + 1, finishSteps[1]! + 9, finishSteps[2]! + 30, finishSteps[3]! - 2];
  const acceptedLists = TASKS.map((_, step) => planAfter(step)).concat([planAfter(TASKS.length)]);

  it('the recorded run stores every step and ends with the whole plan completed', () => {
    expect(run.stored).toHaveLength(STEPS.length + 1);
    expect(readTodos(run.final)).toEqual(planAfter(TASKS.length));
  });

  for (const cut of cuts) {
    describe(`reloaded after chunk ${cut} of ${run.chunks.length}`, () => {
      const stepsStored = finishSteps.filter((index) => index < cut).length;
      const stored = run.stored[stepsStored]!;
      const storedList = readTodos(stored);

      /** Every commit: the list the hook returned, never empty, no task twice, never an older accepted list. */
      async function expectSteadyList(paced: boolean): Promise<void> {
        const commits = await resumePage(stored, resumeTransport(run.chunks, cut, paced));
        const storedIndex = acceptedLists.findIndex((list) => key(list) === key(storedList));
        const older = new Set(acceptedLists.slice(0, Math.max(0, storedIndex)).map(key));
        for (const [index, commit] of commits.entries()) {
          const where = `commit ${index} (${commit.status}): ${key(commit.rows)}`;
          expect(key(commit.rows), where).toBe(key(commit.hookRows));
          if (storedList.length > 0) expect(commit.rows.length, where).toBeGreaterThan(0);
          expect(new Set(commit.rows.map((row) => row.content)).size, where).toBe(commit.rows.length);
          expect(older.has(key(commit.rows)), where).toBe(false);
        }
        expect(key(commits[0]!.rows)).toBe(key(storedList));
        expect(key(commits.at(-1)!.rows)).toBe(key(planAfter(TASKS.length)));
      }

      it('replayed at once: never goes blank, never shows a task twice, never goes back to an older list', () =>
        expectSteadyList(false));

      // The replay's first chunk empties the message; spread over tasks, React shows that moment.
      it('replayed chunk by chunk: the same holds', () => expectSteadyList(true));

      it('the server-rendered list of the stored chat is the list the page starts from', () => {
        expect(
          selectTodoState(stored, { status: 'ready' }).todos.map(({ content, status }) => ({ content, status })),
        ).toEqual(storedList);
      });
    });
  }
});

describe('a page reloaded before its first plan was stored', async () => {
  const run = await recordRun();
  const firstStepEnd = run.chunks.findIndex((chunk) => chunk.type === 'finish-step');

  it('announces the plan the replay brings whole, from an empty checklist', async () => {
    const announced: string[] = [];
    const transport = resumeTransport(run.chunks, firstStepEnd + 1, false);
    function Page(): ReactNode {
      const [initial] = useState(() => run.stored[0]!);
      const chat = useChat({ id: 'chat-1', messages: initial, resume: true, transport });
      const todos = useTodos(chat.messages, { status: chat.status });
      useLayoutEffect(() => {
        const text = document.querySelector('[data-plan] [role="status"]')?.textContent ?? '';
        if (text !== '' && announced.at(-1) !== text) announced.push(text);
      });
      return <TodoList data-plan="" state={todos} />;
    }
    render(<Page />);
    await waitFor(() => expect(announced.at(-1)).toMatch(/4 of 4 completed\.$/), { timeout: 20_000 });
    expect(announced[0]).toBe(`Planned 4 tasks. Now: ${TASKS[0]}. 0 of 4 completed.`);
  });
});
