/**
 * The demo's chat route with the real provider clients (@ai-sdk/openai, @ai-sdk/anthropic) pointed
 * at a local server that replays each provider's streaming wire format, tool arguments in the
 * provider's own chunking: OpenAI Responses API (`openai(modelId)`'s default) streams
 * `response.function_call_arguments.delta` one token at a time; Anthropic Messages streams
 * `input_json_delta` fragments of several tokens, after an empty first one.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { encode, decode } from 'gpt-tokenizer';
import { createOpenAI } from '@ai-sdk/openai';
import {
  APICallError,
  type LanguageModel,
  readUIMessageStream,
  RetryError,
  type UIMessage,
  type UIMessageChunk,
} from 'ai';
import { createTodoSelector, readTodos, selectTodoState, type TodoState } from '../src/index.js';
import { CHAT_FAILED_TEXT, chatErrorText, createChatHandler } from '../demo/server/chat-handler.js';
import { resolveModel } from '../demo/server/resolve-model.js';
import { createCodingAgentModel } from '../demo/agent/coding-agent-model.js';
import { planRequest } from '../demo/agent/plan-request.js';
import { scenarios } from '../demo/agent/scenarios.js';

// The handler imports the package by name, as an app does; run it against the sources.
vi.mock('todo-write', () => import('../src/index.js'));

const PLAN = [
  { content: 'Read the login route', status: 'in_progress' },
  { content: 'Add a rate limiter with a "sliding" window', status: 'pending' },
  { content: 'Answer 429 with Retry-After', status: 'pending' },
  { content: 'Write tests — including ünïcode 🚦', status: 'pending' },
];
const DOUBLE_IN_PROGRESS = PLAN.map((todo, index) => ({ ...todo, status: index < 2 ? 'in_progress' : 'pending' }));

interface ProviderRequest {
  path: string;
  body: Record<string, unknown>;
}

/** What the fake model does next, from the request it received (like the scripted model). */
type Reply = { text: string; todos?: typeof PLAN };
type Decide = (body: Record<string, unknown>) => Reply;

function sse(events: { event?: string; data: unknown }[]): string {
  return events
    .map(({ event, data }) => `${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`)
    .join('');
}

function tokens(text: string): string[] {
  return encode(text).map((token) => decode([token]));
}

/** OpenAI Responses API stream: text item, then a function_call item with one token per delta. */
function openaiStream(reply: Reply, turn: number): string {
  let sequence = 0;
  const event = (type: string, fields: Record<string, unknown>) => ({
    event: type,
    data: { type, sequence_number: sequence++, ...fields },
  });
  const response = {
    id: `resp_${turn}`,
    object: 'response',
    created_at: 1764670000,
    status: 'in_progress',
    model: 'gpt-5.4-mini-2026-03-17',
    output: [],
  };
  const message = { id: `msg_${turn}`, type: 'message', role: 'assistant' };
  const events = [
    event('response.created', { response }),
    event('response.in_progress', { response }),
    event('response.output_item.added', { output_index: 0, item: { ...message, status: 'in_progress', content: [] } }),
    event('response.content_part.added', {
      item_id: message.id,
      output_index: 0,
      content_index: 0,
      part: { type: 'output_text', annotations: [], text: '' },
    }),
    ...tokens(reply.text).map((delta) =>
      event('response.output_text.delta', {
        item_id: message.id,
        output_index: 0,
        content_index: 0,
        delta,
        logprobs: [],
      }),
    ),
    event('response.output_text.done', { item_id: message.id, output_index: 0, content_index: 0, text: reply.text }),
    event('response.output_item.done', {
      output_index: 0,
      item: { ...message, status: 'completed', content: [{ type: 'output_text', annotations: [], text: reply.text }] },
    }),
  ];
  if (reply.todos) {
    const call = { id: `fc_${turn}`, type: 'function_call', call_id: `call_${turn}`, name: 'todo_write' };
    const args = JSON.stringify({ todos: reply.todos });
    events.push(
      event('response.output_item.added', { output_index: 1, item: { ...call, status: 'in_progress', arguments: '' } }),
      ...tokens(args).map((delta) =>
        event('response.function_call_arguments.delta', { item_id: call.id, output_index: 1, delta }),
      ),
      event('response.function_call_arguments.done', { item_id: call.id, output_index: 1, arguments: args }),
      event('response.output_item.done', { output_index: 1, item: { ...call, status: 'completed', arguments: args } }),
    );
  }
  const usage = {
    input_tokens: 812,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: 96,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: 908,
  };
  events.push(event('response.completed', { response: { ...response, status: 'completed', usage } }));
  return sse(events);
}

/** Anthropic Messages stream: a text block, then a tool_use block with `input_json_delta` fragments. */
function anthropicStream(reply: Reply, turn: number): string {
  const events: { event?: string; data: unknown }[] = [
    {
      event: 'message_start',
      data: {
        type: 'message_start',
        message: {
          id: `msg_0${turn}`,
          type: 'message',
          role: 'assistant',
          model: 'claude-haiku-4-5-20251001',
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: 812, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 2 },
        },
      },
    },
    {
      event: 'content_block_start',
      data: { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
    },
    { event: 'ping', data: { type: 'ping' } },
    ...groups(tokens(reply.text), 2).map((text) => ({
      event: 'content_block_delta',
      data: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } },
    })),
    { event: 'content_block_stop', data: { type: 'content_block_stop', index: 0 } },
  ];
  if (reply.todos) {
    // Anthropic writes tool input JSON with spaces after separators.
    const args = JSON.stringify({ todos: reply.todos }).replaceAll('":', '": ').replaceAll(',"', ', "');
    events.push(
      {
        event: 'content_block_start',
        data: {
          type: 'content_block_start',
          index: 1,
          content_block: { type: 'tool_use', id: `toolu_0${turn}`, name: 'todo_write', input: {} },
        },
      },
      {
        event: 'content_block_delta',
        data: { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '' } },
      },
      ...groups(tokens(args), 5).map((partial_json) => ({
        event: 'content_block_delta',
        data: { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json } },
      })),
      { event: 'content_block_stop', data: { type: 'content_block_stop', index: 1 } },
    );
  }
  events.push(
    {
      event: 'message_delta',
      data: {
        type: 'message_delta',
        delta: { stop_reason: reply.todos ? 'tool_use' : 'end_turn', stop_sequence: null },
        usage: { output_tokens: 96 },
      },
    },
    { event: 'message_stop', data: { type: 'message_stop' } },
  );
  return sse(events);
}

/** Joins consecutive tokens into fragments of 1..`size` tokens (deterministic). */
function groups(parts: string[], size: number): string[] {
  const fragments: string[] = [];
  for (let index = 0, step = 1; index < parts.length; index += step, step = (step % size) + 1) {
    fragments.push(parts.slice(index, index + step).join(''));
  }
  return fragments;
}

/** The fake model's decisions: plan first; after a tool result, finish (or fix a rejected list). */
function toolResults(body: Record<string, unknown>): { isError: boolean; text: string }[] {
  const results: { isError: boolean; text: string }[] = [];
  for (const item of (body.input as Record<string, unknown>[] | undefined) ?? []) {
    if (item.type === 'function_call_output') {
      const text = typeof item.output === 'string' ? item.output : JSON.stringify(item.output);
      results.push({ isError: /Nothing was saved/.test(text), text });
    }
  }
  for (const message of (body.messages as { content: unknown }[] | undefined) ?? []) {
    if (!Array.isArray(message.content)) continue;
    for (const block of message.content as Record<string, unknown>[]) {
      if (block.type === 'tool_result')
        results.push({ isError: block.is_error === true, text: JSON.stringify(block.content) });
    }
  }
  return results;
}

const planThenFinish: Decide = (body) =>
  toolResults(body).length === 0
    ? { text: "I'll plan this first.", todos: PLAN }
    : { text: 'The plan is on the board.' };

const mistakeThenFix: Decide = (body) => {
  const results = toolResults(body);
  if (results.length === 0) return { text: 'Starting two things at once.', todos: DOUBLE_IN_PROGRESS };
  if (results.at(-1)!.isError) return { text: 'Only one at a time; fixing the list.', todos: PLAN };
  return { text: 'Fixed.' };
};

let server: Server;
let baseUrl: string;
const requests: ProviderRequest[] = [];
const REASON = 'Also update the user documentation';
const REVISED = [...PLAN, { content: 'Update the user documentation', status: 'pending' }];

/** Plans, takes a denial's reason up in a revised plan, and finishes once a plan ran. */
const reviseOnDenial: Decide = (body) => {
  const last = toolResults(body).at(-1);
  if (last === undefined) return { text: "I'll plan this first.", todos: PLAN };
  if (last.text.includes('asked for changes')) return { text: 'Revised.', todos: REVISED };
  return { text: 'The plan is on the board.' };
};

let decide: Decide = planThenFinish;
/** When set, the provider answers every request with this status and JSON body instead. */
let failure: { status: number; body: unknown } | undefined;

beforeAll(async () => {
  server = createServer(async (request: IncomingMessage, response) => {
    let raw = '';
    for await (const chunk of request) raw += chunk;
    const body = JSON.parse(raw) as Record<string, unknown>;
    requests.push({ path: request.url ?? '', body });
    if (failure !== undefined) {
      response.writeHead(failure.status, { 'content-type': 'application/json' }).end(JSON.stringify(failure.body));
      return;
    }
    const turn = requests.length;
    const reply = decide(body);
    const payload =
      request.url === '/v1/responses'
        ? openaiStream(reply, turn)
        : request.url === '/v1/messages'
          ? anthropicStream(reply, turn)
          : undefined;
    if (payload === undefined) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    // Write the events in a few network-sized pieces, splitting lines, as a real connection does.
    for (let offset = 0; offset < payload.length; offset += 700) {
      response.write(payload.slice(offset, offset + 700));
      await new Promise((resolve) => setImmediate(resolve));
    }
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Parses the handler's SSE body into UI message chunks. */
function uiChunks(body: ReadableStream<Uint8Array>): ReadableStream<UIMessageChunk> {
  let buffer = '';
  return body.pipeThrough(new TextDecoderStream() as unknown as TransformStream<Uint8Array, string>).pipeThrough(
    new TransformStream<string, UIMessageChunk>({
      transform(text, controller) {
        buffer += text;
        const events = buffer.split('\n\n');
        buffer = events.pop() ?? '';
        for (const event of events) {
          const data = event.replace(/^data: /, '');
          if (data !== '[DONE]') controller.enqueue(JSON.parse(data) as UIMessageChunk);
        }
      },
    }),
  );
}

const USER: UIMessage = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Add rate limiting to login.' }] };

async function chat(env: Record<string, string>): Promise<{ states: TodoState[]; messages: UIMessage[] }> {
  requests.length = 0;
  const resolved = resolveModel(env);
  if (!resolved) throw new Error('no model resolved');
  const handler = createChatHandler({ model: resolved.model });
  const response = await handler(
    new Request('http://demo.test/api/chat', {
      method: 'POST',
      body: JSON.stringify({ messages: [USER] }),
      headers: { 'content-type': 'application/json' },
    }),
  );
  expect(response.status).toBe(200);
  expect(response.headers.get('x-vercel-ai-ui-message-stream')).toBe('v1');
  const states: TodoState[] = [];
  const selector = createTodoSelector();
  let last: UIMessage | undefined;
  for await (const message of readUIMessageStream({ stream: uiChunks(response.body!) })) {
    last = message;
    states.push(selector.select([USER, message], { status: 'streaming' }));
  }
  return { states, messages: [USER, last!] };
}

/** The distinct visible lists, in order: the checklist as a user watches it. */
function visibleLists(states: TodoState[]): string[] {
  const lists = states.map(
    (state) => `${state.phase}:${state.todos.map((todo) => `${todo.content}=${todo.status}`).join('|')}`,
  );
  return lists.filter((list, index) => list !== lists[index - 1]);
}

describe.each([
  { provider: 'openai', env: () => ({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: baseUrl }), path: '/v1/responses' },
  {
    provider: 'anthropic',
    env: () => ({ ANTHROPIC_API_KEY: 'sk-ant-test', ANTHROPIC_BASE_URL: baseUrl }),
    path: '/v1/messages',
  },
])('the chat handler with $provider', ({ env, path }) => {
  it('streams the plan from the provider wire format, and the checklist builds item by item', async () => {
    decide = planThenFinish;
    const { states, messages } = await chat(env());

    expect(requests.map((request) => request.path)).toEqual([path, path]);
    const tools = requests[0]!.body.tools as { name: string }[];
    expect(tools.map((tool) => tool.name)).toEqual(['todo_write']);

    const streamingCounts = states.filter((state) => state.phase === 'streaming').map((state) => state.todos.length);
    expect(streamingCounts.length).toBeGreaterThan(10);
    for (const count of [1, 2, 3, 4]) expect(streamingCounts).toContain(count); // item by item
    expect(streamingCounts).toEqual([...streamingCounts].sort((a, b) => a - b)); // never shrinks
    // A streamed status is only ever one of the three values.
    for (const state of states)
      for (const todo of state.todos) expect(['pending', 'in_progress', 'completed']).toContain(todo.status);

    expect(states.at(-1)).toMatchObject({ phase: 'accepted', counts: { pending: 3, in_progress: 1, completed: 0 } });
    expect(readTodos(messages)).toEqual(PLAN);
    // The tool ran and its counts went back to the provider in the second request.
    expect(JSON.stringify(requests[1]!.body)).toContain('\\"pending\\":3');
    const texts = messages[1]!.parts.filter((part) => part.type === 'text').map((part) => part.text);
    expect(texts).toEqual(["I'll plan this first.", 'The plan is on the board.']);
  });

  it('with review on, the plan waits; a denial reaches the provider as the reason with what to do next, and the revision waits', async () => {
    decide = reviseOnDenial;
    requests.length = 0;
    const handler = createChatHandler({ model: resolveModel(env())!.model });
    const post = async (messages: UIMessage[]): Promise<UIMessage> => {
      const response = await handler(
        new Request('http://demo.test/api/chat', {
          method: 'POST',
          body: JSON.stringify({ messages, review: true }),
          headers: { 'content-type': 'application/json' },
        }),
      );
      expect(response.status).toBe(200);
      let last: UIMessage | undefined;
      const continued = messages.at(-1)?.role === 'assistant' ? messages.at(-1) : undefined;
      for await (const message of readUIMessageStream({ stream: uiChunks(response.body!), message: continued }))
        last = message;
      return last!;
    };
    const calls = (message: UIMessage) =>
      message.parts.filter((part) => part.type === 'tool-todo_write') as unknown as {
        state: string;
        input: { todos: unknown[] };
        approval?: { id: string };
      }[];

    const proposed = await post([USER]);
    expect(requests).toHaveLength(1);
    expect(calls(proposed).map((call) => call.state)).toEqual(['approval-requested']);
    expect(selectTodoState([USER, proposed], { status: 'ready' }).phase).toBe('review');

    const answered = {
      ...proposed,
      parts: proposed.parts.map((part) =>
        part.type === 'tool-todo_write'
          ? {
              ...part,
              state: 'approval-responded',
              approval: { id: calls(proposed)[0]!.approval!.id, approved: false, reason: REASON },
            }
          : part,
      ),
    } as UIMessage;
    const revised = await post([USER, answered]);
    expect(requests).toHaveLength(2);
    const sent = JSON.stringify(requests[1]!.body);
    expect(sent).toContain(`the user asked for changes: ${REASON}`);
    expect(sent).toContain('Send the whole revised list.');
    expect(calls(revised).map((call) => call.state)).toEqual(['output-denied', 'approval-requested']);
    expect(calls(revised)[1]!.input.todos).toEqual(REVISED);
    expect(selectTodoState([USER, revised], { status: 'ready' })).toMatchObject({ phase: 'review', todos: REVISED });
  });

  it('keeps the last accepted list through a rejected call, then shows the correction', async () => {
    decide = mistakeThenFix;
    const { states } = await chat(env());
    const lists = visibleLists(states);
    const rejectedAt = lists.findIndex((list) => list.startsWith('rejected:'));
    expect(rejectedAt).toBeGreaterThan(0);
    expect(states.find((state) => state.phase === 'rejected')?.error).toMatch(/in_progress/);
    expect(lists.at(-1)).toBe(`accepted:${PLAN.map((todo) => `${todo.content}=${todo.status}`).join('|')}`);
  });
});

describe('the chat handler', () => {
  const handler = createChatHandler({
    model: resolveModel({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' })!.model,
  });

  it('answers 405 to anything but POST', async () => {
    expect((await handler(new Request('http://demo.test/api/chat'))).status).toBe(405);
  });

  it('answers 400 to a body that is not JSON or has no valid messages', async () => {
    expect((await handler(new Request('http://demo.test/api/chat', { method: 'POST', body: 'nope' }))).status).toBe(
      400,
    );
    const invalid = await handler(
      new Request('http://demo.test/api/chat', {
        method: 'POST',
        body: JSON.stringify({ messages: [{ role: 'user' }] }),
      }),
    );
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toHaveProperty('error');
  });
});

describe('the chat handler with the scripted agent (no provider key)', () => {
  const handler = createChatHandler({ model: createCodingAgentModel({ scenario: scenarios.plan, speed: Infinity }) });

  async function send(text: string): Promise<UIMessage[]> {
    const user: UIMessage = { id: 'u1', role: 'user', parts: [{ type: 'text', text }] };
    const response = await handler(
      new Request('http://demo.test/api/chat', {
        method: 'POST',
        body: JSON.stringify({ messages: [user] }),
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(response.status).toBe(200);
    let last: UIMessage | undefined;
    for await (const message of readUIMessageStream({ stream: uiChunks(response.body!) })) last = message;
    return [user, last!];
  }

  it('plans from what the user typed and works the plan to the end', async () => {
    const request = 'Fix the flaky checkout test';
    const messages = await send(request);
    const plan = planRequest(request);
    const firstCall = messages[1]!.parts.find((part) => part.type === 'tool-todo_write') as { input?: unknown };
    expect((firstCall.input as { todos: { content: string }[] }).todos.map((todo) => todo.content)).toEqual(
      plan.tasks.map((task) => task.content),
    );
    const todos = readTodos(messages);
    expect(todos.length).toBeGreaterThan(0);
    expect(todos.every((todo) => todo.status === 'completed')).toBe(true);
    expect(todos.map((todo) => todo.content)).toContain('Reproduce the flaky checkout test');
    const texts = messages[1]!.parts.filter((part) => part.type === 'text').map((part) => part.text);
    expect(texts.at(-1)).toBe(plan.summary);
  });

  it("answers the scenario's own prompt with the scenario's plan", async () => {
    const messages = await send(scenarios.plan.prompt);
    expect(readTodos(messages)).toEqual(
      scenarios.plan.tasks.map((task) => ({ content: task.content, status: 'completed' })),
    );
  });
});

describe('the chat handler when the model request fails', () => {
  /** The line the page shows: the text of the stream's error chunk. */
  async function errorTextFor(model: LanguageModel): Promise<string | undefined> {
    const response = await createChatHandler({ model })(
      new Request('http://demo.test/api/chat', {
        method: 'POST',
        body: JSON.stringify({ messages: [USER] }),
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(response.status).toBe(200);
    let errorText: string | undefined;
    for await (const chunk of uiChunks(response.body!) as unknown as AsyncIterable<UIMessageChunk>) {
      if (chunk.type === 'error') errorText = chunk.errorText;
    }
    return errorText;
  }

  /** streamText logs every failure on the server; these tests read what it logged. */
  function captureServerLog(): { logged: () => string; restore: () => void } {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    return { logged: () => spy.mock.calls.flat().map(String).join('\n'), restore: () => spy.mockRestore() };
  }

  it.each([
    {
      provider: 'OpenAI',
      env: () => ({ OPENAI_API_KEY: 'sk-wrong', OPENAI_BASE_URL: baseUrl }),
      body: {
        error: {
          message:
            'Incorrect API key provided: sk-wrong. You can find your API key at https://platform.openai.com/account/api-keys.',
          type: 'invalid_request_error',
          code: 'invalid_api_key',
        },
      },
      words:
        'Incorrect API key provided: sk-wrong. You can find your API key at https://platform.openai.com/account/api-keys.',
    },
    {
      provider: 'Anthropic',
      env: () => ({ ANTHROPIC_API_KEY: 'sk-ant-wrong', ANTHROPIC_BASE_URL: baseUrl }),
      body: { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } },
      words: 'invalid x-api-key',
    },
  ])("sends the provider's own words when $provider refuses the API key (401)", async ({ env, body, words }) => {
    failure = { status: 401, body };
    const log = captureServerLog();
    try {
      expect(await errorTextFor(resolveModel(env())!.model)).toBe(
        `The model provider refused the API key (HTTP 401): ${words}`,
      );
    } finally {
      failure = undefined;
      log.restore();
    }
  });

  it('says which variable to set when the API key is missing', async () => {
    const saved = process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_API_KEY;
    const log = captureServerLog();
    try {
      const model = createOpenAI({ baseURL: baseUrl })('gpt-5.4-mini');
      expect(await errorTextFor(model)).toBe(
        "OpenAI API key is missing. Pass it using the 'apiKey' parameter or the OPENAI_API_KEY environment variable.",
      );
    } finally {
      if (saved !== undefined) process.env.OPENAI_API_KEY = saved;
      log.restore();
    }
  });

  it("sends a fixed line for any other failure, never the failure's own text, which goes to the server log", async () => {
    const internal = 'Upstream shard 7 at 10.1.2.3 refused the request body';
    failure = { status: 400, body: { error: { message: internal, type: 'invalid_request_error' } } };
    const log = captureServerLog();
    try {
      const text = await errorTextFor(resolveModel({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: baseUrl })!.model);
      expect(text).toBe(CHAT_FAILED_TEXT);
      expect(log.logged()).toContain(internal);
    } finally {
      failure = undefined;
      log.restore();
    }
  });

  it('says the provider could not be reached when no answer came back, after every retry', () => {
    const refused = new APICallError({
      message: 'Cannot connect to API: connect ECONNREFUSED 127.0.0.1:9',
      url: 'http://127.0.0.1:9/v1/responses',
      requestBodyValues: {},
      isRetryable: true,
    });
    const retried = new RetryError({
      message: 'Failed after 3 attempts.',
      reason: 'maxRetriesExceeded',
      errors: [refused],
    });
    for (const error of [refused, retried]) {
      expect(chatErrorText(error)).toBe(
        "The server could not reach the model provider: check the server's network and the provider's base URL.",
      );
    }
    // A provider that answered with an error of its own, after every retry: the fixed line.
    const overloaded = new APICallError({
      message: 'Overloaded',
      url: 'http://127.0.0.1:9/v1/responses',
      requestBodyValues: {},
      statusCode: 529,
      isRetryable: true,
    });
    expect(
      chatErrorText(
        new RetryError({ message: 'Failed after 3 attempts.', reason: 'maxRetriesExceeded', errors: [overloaded] }),
      ),
    ).toBe(CHAT_FAILED_TEXT);
  });
});

describe('resolveModel', () => {
  it('prefers OpenAI, then Anthropic, with overridable model ids; no key means no model', () => {
    expect(resolveModel({ OPENAI_API_KEY: 'a', ANTHROPIC_API_KEY: 'b' })).toMatchObject({
      provider: 'openai',
      modelId: 'gpt-5.4-mini',
    });
    expect(resolveModel({ OPENAI_API_KEY: 'a', OPENAI_MODEL: 'gpt-5.5' })).toMatchObject({
      provider: 'openai',
      modelId: 'gpt-5.5',
    });
    expect(resolveModel({ ANTHROPIC_API_KEY: 'b' })).toMatchObject({
      provider: 'anthropic',
      modelId: 'claude-haiku-4-5',
    });
    expect(resolveModel({ ANTHROPIC_API_KEY: 'b', ANTHROPIC_MODEL: 'claude-sonnet-4-6' })).toMatchObject({
      modelId: 'claude-sonnet-4-6',
    });
    expect(resolveModel({ OPENAI_API_KEY: '  ' })).toBeUndefined();
    expect(resolveModel({})).toBeUndefined();
  });
});
