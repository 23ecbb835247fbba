/**
 * A stand-in for OpenAI on a loopback port: it answers the Responses API (`POST /v1/responses`) in
 * the provider's own server-sent events, so the app's real `@ai-sdk/openai` client parses the
 * tool-argument deltas as it would in production. A first request gets a sentence and a
 * `todo_write` call streamed a few characters per event; a request that carries the tool's result
 * gets a closing sentence. `OPENAI_BASE_URL` points the app's `openai()` at it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The plan the stand-in writes, in the order the checklist shows it. */
export const SCRIPTED_PLAN: readonly { content: string; status: 'pending' | 'in_progress' | 'completed' }[] = [
  { content: 'Reproduce the login bug', status: 'in_progress' },
  { content: 'Find the root cause', status: 'pending' },
  { content: 'Write a failing test', status: 'pending' },
  { content: 'Fix the login bug', status: 'pending' },
  { content: 'Run the test suite', status: 'pending' },
];
/** The sentence of the last answer, once the tool's result came back. */
export const CLOSING_TEXT = 'The plan is set: I start by reproducing the bug.';
/** Characters of tool arguments per event: small, so the browser sees the list grow. */
const ARGUMENT_CHUNK_LENGTH = 6;
/** Pause between two events, so the deltas reach the page in separate reads. */
const EVENT_GAP_MS = 15;

/** The running stand-in. */
export interface ScriptedProvider {
  /** The value for `OPENAI_BASE_URL`. */
  baseUrl: string;
  /** The path of each request, in order. */
  requests: string[];
  close: () => Promise<void>;
}

function event(type: string, fields: object): string {
  return `event: ${type}\ndata: ${JSON.stringify({ type, ...fields })}\n\n`;
}

function usage(): object {
  return { input_tokens: 120, output_tokens: 80, input_tokens_details: { cached_tokens: 0 } };
}

/** The events of the first answer: a sentence, then the `todo_write` call. */
function planEvents(): string[] {
  const args = JSON.stringify({ todos: SCRIPTED_PLAN });
  const created = { id: 'resp_plan', created_at: 1_764_670_000, model: 'gpt-5-mini' };
  const call = { id: 'fc_1', type: 'function_call', call_id: 'call_1', name: 'todo_write' };
  return [
    event('response.created', { response: created }),
    event('response.output_item.added', { output_index: 0, item: { id: 'msg_1', type: 'message' } }),
    event('response.output_text.delta', { item_id: 'msg_1', output_index: 0, delta: 'Here is my plan.' }),
    event('response.output_item.done', { output_index: 0, item: { id: 'msg_1', type: 'message' } }),
    event('response.output_item.added', { output_index: 1, item: { ...call, arguments: '' } }),
    ...(args.match(new RegExp(`[^]{1,${ARGUMENT_CHUNK_LENGTH}}`, 'g')) ?? []).map((delta) =>
      event('response.function_call_arguments.delta', { item_id: 'fc_1', output_index: 1, delta }),
    ),
    event('response.output_item.done', { output_index: 1, item: { ...call, arguments: args, status: 'completed' } }),
    event('response.completed', { response: { ...created, usage: usage() } }),
  ];
}

/** The events of the answer after the tool's result: one sentence. */
function closingEvents(): string[] {
  const created = { id: 'resp_done', created_at: 1_764_670_001, model: 'gpt-5-mini' };
  return [
    event('response.created', { response: created }),
    event('response.output_item.added', { output_index: 0, item: { id: 'msg_2', type: 'message' } }),
    event('response.output_text.delta', { item_id: 'msg_2', output_index: 0, delta: CLOSING_TEXT }),
    event('response.output_item.done', { output_index: 0, item: { id: 'msg_2', type: 'message' } }),
    event('response.completed', { response: { ...created, usage: usage() } }),
  ];
}

/** Starts the stand-in on 127.0.0.1. */
export async function startScriptedProvider(): Promise<ScriptedProvider> {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      requests.push(`${request.method} ${request.url}`);
      if (request.method !== 'POST' || request.url !== '/v1/responses') {
        response.writeHead(404).end();
        return;
      }
      const events = body.includes('function_call_output') ? closingEvents() : planEvents();
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      let index = 0;
      const next = (): void => {
        if (index === events.length) {
          response.end();
          return;
        }
        response.write(events[index]);
        index += 1;
        setTimeout(next, EVENT_GAP_MS);
      };
      next();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
