/**
 * `npm run demo` with a provider key: the Vite dev server answers GET /api/config and mounts the
 * chat handler at POST /api/chat (here against a local server speaking OpenAI's Responses API).
 */
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type ViteDevServer } from 'vite';

const CONFIG_FILE = fileURLToPath(new URL('../demo/vite.config.ts', import.meta.url));
const KEYS = ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'ANTHROPIC_API_KEY'] as const;
const savedEnvironment = Object.fromEntries(KEYS.map((key) => [key, process.env[key]]));

/** One Responses API turn: a short text, then a todo_write call with one token-ish delta per event. */
function responsesStream(): string {
  const event = (type: string, fields: object) => `event: ${type}\ndata: ${JSON.stringify({ type, ...fields })}\n\n`;
  const args = JSON.stringify({ todos: [{ content: 'Say hello', status: 'in_progress' }] });
  return [
    event('response.created', { response: { id: 'resp_1', created_at: 1764670000, model: 'gpt-5.4-mini' } }),
    event('response.output_item.added', { output_index: 0, item: { id: 'msg_1', type: 'message' } }),
    event('response.output_text.delta', { item_id: 'msg_1', output_index: 0, delta: 'Planning.' }),
    event('response.output_item.done', { output_index: 0, item: { id: 'msg_1', type: 'message' } }),
    event('response.output_item.added', {
      output_index: 1,
      item: { id: 'fc_1', type: 'function_call', call_id: 'call_1', name: 'todo_write', arguments: '' },
    }),
    ...args
      .match(/.{1,4}/g)!
      .map((delta) => event('response.function_call_arguments.delta', { item_id: 'fc_1', output_index: 1, delta })),
    event('response.output_item.done', {
      output_index: 1,
      item: {
        id: 'fc_1',
        type: 'function_call',
        call_id: 'call_1',
        name: 'todo_write',
        arguments: args,
        status: 'completed',
      },
    }),
    event('response.completed', { response: { usage: { input_tokens: 10, output_tokens: 10 } } }),
  ].join('');
}

let provider: Server;
let requests = 0;

async function startDemo(environment: Record<string, string>): Promise<ViteDevServer> {
  for (const key of KEYS) delete process.env[key];
  Object.assign(process.env, environment);
  const server = await createServer({
    configFile: CONFIG_FILE,
    logLevel: 'silent',
    server: { port: 0, host: '127.0.0.1', hmr: false, watch: null },
  });
  await server.listen();
  return server;
}

beforeAll(async () => {
  provider = createHttpServer((request, response) => {
    request.resume();
    request.on('end', () => {
      requests += 1;
      // The second request carries the tool result: answer with text only.
      const body =
        requests % 2 === 1
          ? responsesStream()
          : `event: response.completed\ndata: ${JSON.stringify({ type: 'response.completed', response: { usage: { input_tokens: 1, output_tokens: 1 } } })}\n\n`;
      response.writeHead(200, { 'content-type': 'text/event-stream' }).end(body);
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  for (const key of KEYS) {
    if (savedEnvironment[key] === undefined) delete process.env[key];
    else process.env[key] = savedEnvironment[key];
  }
  await new Promise<void>((resolve) => provider.close(() => resolve()));
});

describe('the demo dev server', () => {
  it('with OPENAI_API_KEY: reports live mode and streams the real handler at /api/chat', async () => {
    const server = await startDemo({
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: `http://127.0.0.1:${(provider.address() as AddressInfo).port}/v1`,
    });
    try {
      const url = server.resolvedUrls!.local[0]!;
      expect(await (await fetch(`${url}api/config`)).json()).toEqual({
        mode: 'live',
        provider: 'openai',
        modelId: 'gpt-5.4-mini',
      });
      const response = await fetch(`${url}api/chat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          id: 'chat-1',
          messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Say hello.' }] }],
        }),
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/event-stream');
      const chunks = (await response.text())
        .split('\n\n')
        .filter((event) => event.startsWith('data: {'))
        .map(
          (event) => JSON.parse(event.slice('data: '.length)) as { type: string; toolName?: string; output?: unknown },
        );
      expect(chunks.filter((chunk) => chunk.type === 'tool-input-delta').length).toBeGreaterThan(5);
      expect(chunks.find((chunk) => chunk.type === 'tool-output-available')).toMatchObject({
        output: { pending: 0, in_progress: 1, completed: 0 },
      });
    } finally {
      await server.close();
    }
  });

  it('without a key: reports scripted mode and has no live chat route', async () => {
    const server = await startDemo({});
    try {
      const url = server.resolvedUrls!.local[0]!;
      expect(await (await fetch(`${url}api/config`)).json()).toEqual({ mode: 'scripted' });
      const response = await fetch(`${url}api/chat`, { method: 'POST', body: '{}' });
      expect(response.status).toBe(503);
      expect(await response.text()).toContain('scripted agent');
    } finally {
      await server.close();
    }
  });
});
