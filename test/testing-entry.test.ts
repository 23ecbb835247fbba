// The built `todo-write/testing` entry as an app's own test uses it: a scripted model through the real
// streamText pipeline, with the built tool, offline.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  convertToModelMessages,
  generateText,
  isStepCount,
  readUIMessageStream,
  streamText,
  toUIMessageStream,
  type UIMessage,
} from 'ai';
import { describe, expect, it } from 'vitest';
import { builtFile, DIST, ROOT } from './compat/dist-files.js';

/** The built entry (`npm test` builds first). */
const load = async <T>(file: string): Promise<T> => (await import(builtFile(file))) as T;

type Testing = typeof import('../src/testing.js');
type Index = typeof import('../src/index.js');
type Model = ReturnType<Testing['createScriptedModel']>;
type StreamPart = Awaited<ReturnType<Model['doStream']>>['stream'] extends ReadableStream<infer Part> ? Part : never;

const { createScriptedModel } = await load<Testing>('testing.js');
const { todoWrite, readTodos, countTodos } = await load<Index>('index.js');
const tools = { todo_write: todoWrite };

const user = (text: string): UIMessage => ({ id: `u-${text}`, role: 'user', parts: [{ type: 'text', text }] });
const plan = (...statuses: string[]) => ({
  todos: statuses.map((status, index) => ({ content: `Task ${index + 1}`, status })),
});

/** Answers `messages` through streamText and the UI stream; returns the conversation and every snapshot. */
async function answer(model: Model, messages: UIMessage[], abortSignal?: AbortSignal) {
  const result = streamText({
    model,
    messages: await convertToModelMessages(messages, { tools }),
    tools,
    stopWhen: isStepCount(20),
    ...(abortSignal ? { abortSignal } : {}),
  });
  const snapshots: UIMessage[] = [];
  for await (const message of readUIMessageStream({ stream: toUIMessageStream({ stream: result.stream, tools }) }))
    snapshots.push(message);
  return { messages: [...messages, snapshots.at(-1)!], snapshots };
}

/** The raw parts of one model call. */
async function partsOf(model: Model, text = 'go'): Promise<StreamPart[]> {
  const { stream } = await model.doStream({ prompt: [{ role: 'user', content: [{ type: 'text', text }] }] });
  const parts: StreamPart[] = [];
  for await (const part of stream as unknown as AsyncIterable<StreamPart>) parts.push(part);
  return parts;
}

describe('todo-write/testing, built', () => {
  it('is an entry of the package, with its types, and imports neither react nor the library', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      exports: Record<string, { types: string; default: string }>;
    };
    expect(manifest.exports['./testing']).toEqual({ types: './dist/testing.d.ts', default: './dist/testing.js' });
    expect(existsSync(join(DIST, 'testing.d.ts'))).toBe(true);
    expect(readFileSync(builtFile('testing.js'), 'utf8')).not.toMatch(/^import /m);
  });
});

describe('a model built from steps', () => {
  const steps = [
    { text: 'Planning.', toolCalls: [{ toolName: 'todo_write', input: plan('in_progress', 'pending') }] },
    { text: 'First done.', toolCalls: [{ toolName: 'todo_write', input: plan('completed', 'in_progress') }] },
    { text: 'All done.', toolCalls: [{ toolName: 'todo_write', input: plan('completed', 'completed') }] },
    { text: 'Finished both tasks.' },
  ];

  it('plays one step per model call through streamText, the tool accepting every call, and ends on the text', async () => {
    const { messages } = await answer(createScriptedModel({ steps, speed: Infinity }), [user('Do two things')]);
    const reply = messages[1]!;
    const states = reply.parts.flatMap((part) => (part.type === 'tool-todo_write' ? [part.state] : []));
    expect(states).toEqual(['output-available', 'output-available', 'output-available']);
    expect(countTodos(readTodos(messages))).toMatchObject({ completed: 2, pending: 0, in_progress: 0 });
    expect(reply.parts.findLast((part) => part.type === 'text')).toMatchObject({ text: 'Finished both tasks.' });
  });

  it('gives a call its step by the assistant messages in the prompt, so a conversation goes on where it stopped', async () => {
    const model = createScriptedModel({ steps: [{ text: 'One.' }, { text: 'Two.' }], speed: Infinity });
    const first = await answer(model, [user('a')]);
    const second = await answer(model, [...first.messages, user('b')]);
    expect(second.messages.at(-1)!.parts.filter((part) => part.type === 'text')).toMatchObject([{ text: 'Two.' }]);
  });

  it('fails a call past the last step, saying so', async () => {
    const model = createScriptedModel({ steps: [], speed: Infinity });
    await expect(generateText({ model, prompt: 'go' })).rejects.toThrow(/no step 1/);
  });

  it('numbers tool call ids over the conversation, with the prefix it is given', async () => {
    const model = createScriptedModel({ steps, speed: Infinity, toolCallIdPrefix: 'plan' });
    const { messages } = await answer(model, [user('go')]);
    const ids = messages[1]!.parts.flatMap((part) => (part.type === 'tool-todo_write' ? [part.toolCallId] : []));
    expect(ids).toEqual(['plan_1', 'plan_2', 'plan_3']);
  });

  it('answers generateText too, with finish reasons and usage', async () => {
    const model = createScriptedModel({ steps: [steps[0]!, steps[3]!] });
    const result = await generateText({ model, tools, prompt: 'go', stopWhen: isStepCount(5) });
    expect(result.steps.map((step) => step.finishReason)).toEqual(['tool-calls', 'stop']);
    expect(result.text).toBe('Finished both tasks.');
    expect(result.totalUsage.outputTokens).toBeGreaterThan(0);
  });
});

describe('a model that decides each step from the prompt', () => {
  /** Starts two tasks, then moves one forward per call from the list the tool accepted last. */
  const agent = createScriptedModel({
    speed: Infinity,
    steps: (prompt) => {
      const list = readTodos(prompt as never);
      if (list.length === 0) return { toolCalls: [{ toolName: 'todo_write', input: plan('in_progress', 'pending') }] };
      const next = list.findIndex((todo) => todo.status !== 'completed');
      if (next === -1) return { text: 'Done.' };
      const todos = list.map((todo, index) => ({
        content: todo.content,
        status: index <= next ? 'completed' : index === next + 1 ? 'in_progress' : 'pending',
      }));
      return { text: `Finished ${list[next]!.content}.`, toolCalls: [{ toolName: 'todo_write', input: { todos } }] };
    },
  });

  it('reads the conversation so far and works the plan to its end', async () => {
    const { messages, snapshots } = await answer(agent, [user('go')]);
    expect(readTodos(messages).map((todo) => todo.status)).toEqual(['completed', 'completed']);
    expect(messages[1]!.parts.findLast((part) => part.type === 'text')).toMatchObject({ text: 'Done.' });
    // Live: the call's input grows, the first snapshots hold part of the list.
    const inputs = snapshots.flatMap((snapshot) =>
      snapshot.parts.flatMap((part) =>
        part.type === 'tool-todo_write' && part.state === 'input-streaming' ? [part] : [],
      ),
    );
    expect(inputs.length).toBeGreaterThan(5);
  });
});

describe('pacing', () => {
  const step = {
    text: 'Here is the plan, in a few words.',
    toolCalls: [{ toolName: 'todo_write', input: plan('in_progress', 'pending', 'pending') }],
  };

  it('streams text in deltas of 2 to 9 characters and arguments in 1 to 7, the arguments whole JSON once joined', async () => {
    const parts = await partsOf(createScriptedModel({ steps: [step], speed: Infinity }));
    const text = parts.flatMap((part) => (part.type === 'text-delta' ? [part.delta] : []));
    const argumentDeltas = parts.flatMap((part) => (part.type === 'tool-input-delta' ? [part.delta] : []));
    expect(text.join('')).toBe(step.text);
    expect(text.every((delta) => (delta.length >= 2 && delta.length <= 9) || delta === text.at(-1))).toBe(true);
    expect(argumentDeltas.length).toBeGreaterThan(20);
    expect(argumentDeltas.every((delta) => delta.length >= 1 && delta.length <= 7)).toBe(true);
    expect(JSON.parse(argumentDeltas.join(''))).toEqual(step.toolCalls[0]!.input);
    expect(parts.map((part) => part.type).filter((type) => !type.endsWith('-delta'))).toEqual([
      'stream-start',
      'response-metadata',
      'text-start',
      'text-end',
      'tool-input-start',
      'tool-input-end',
      'tool-call',
      'finish',
    ]);
    expect(parts.at(-1)).toMatchObject({ finishReason: { unified: 'tool-calls' } });
  });

  it('streams the same step in the same deltas, run after run', async () => {
    const model = createScriptedModel({ steps: [step], speed: Infinity });
    expect(await partsOf(model)).toEqual(await partsOf(model));
  });

  it('reads a speed function before every chunk, so the pace can change mid-stream', async () => {
    let reads = 0;
    const parts = await partsOf(
      createScriptedModel({
        steps: [step],
        speed: () => {
          reads++;
          return Infinity;
        },
      }),
    );
    expect(reads).toBe(parts.length);
  });
});

describe('abort', () => {
  it('errors the stream with the abort reason, before the next chunk', async () => {
    const controller = new AbortController();
    const model = createScriptedModel({
      steps: [{ text: 'A long answer that the person stops before it is over.' }],
      initialDelayInMs: 0,
      chunkDelayInMs: 5,
    });
    const { stream } = await model.doStream({
      prompt: [{ role: 'user', content: [{ type: 'text', text: 'go' }] }],
      abortSignal: controller.signal,
    });
    const reader = stream.getReader();
    const seen: string[] = [];
    const reason = new Error('stopped');
    await expect(
      (async () => {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          seen.push(value.type);
          if (value.type === 'text-delta') controller.abort(reason);
        }
      })(),
    ).rejects.toBe(reason);
    expect(seen.filter((type) => type === 'text-delta')).toHaveLength(1);
    expect(seen).not.toContain('finish');
  });

  it('through streamText: a Stop mid-answer ends it with the text so far and no tool call', async () => {
    const controller = new AbortController();
    const text = 'A long answer that the person stops before it is over.';
    const model = createScriptedModel({
      steps: [{ text, toolCalls: [{ toolName: 'todo_write', input: plan('in_progress') }] }],
      initialDelayInMs: 0,
      chunkDelayInMs: 5,
    });
    const result = streamText({ model, tools, prompt: 'go', abortSignal: controller.signal });
    const types: string[] = [];
    for await (const part of result.stream) {
      types.push(part.type);
      if (part.type === 'text-delta') controller.abort();
    }
    expect(types).toContain('abort');
    expect(types.filter((type) => type === 'text-delta')).toHaveLength(1);
    expect(types).not.toContain('tool-call');
  });
});
