/**
 * Mounts the demo's API in the Vite dev server (and `vite preview`):
 * - `GET /api/config`: which mode the page runs in (`live` with a provider key, else `scripted`);
 * - `POST /api/chat`: the chat handler (demo/server/chat-handler.ts) on the real model.
 * The handler is loaded through Vite's SSR loader, so `todo-write` resolves to the sources
 * (the demo's aliases) and `npm run demo` needs no build.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Connect, Plugin, PreviewServer, ViteDevServer } from 'vite';
import type { ModelEnvironment } from './resolve-model.js';

/** What `GET /api/config` answers. */
export interface DemoConfig {
  mode: 'live' | 'scripted';
  provider?: 'openai' | 'anthropic';
  modelId?: string;
}

const NO_LIVE_MODEL = 'No OPENAI_API_KEY or ANTHROPIC_API_KEY: the demo runs its scripted agent in the browser.';

type ChatHandlerModule = typeof import('./chat-handler.js');
type ResolveModelModule = typeof import('./resolve-model.js');

/** The Vite plugin. `env` holds the provider keys (the dev server passes `process.env` plus `.env` files). */
export function chatApi(env: ModelEnvironment): Plugin {
  const live = Boolean(env.OPENAI_API_KEY?.trim() || env.ANTHROPIC_API_KEY?.trim());
  return {
    name: 'todo-write-demo:chat-api',
    configureServer(server: ViteDevServer) {
      let handler: Promise<(request: Request) => Promise<Response>> | undefined;
      let config: Promise<DemoConfig> | undefined;
      const load = async <T>(path: string): Promise<T> => (await server.ssrLoadModule(path)) as T;
      const getConfig = (): Promise<DemoConfig> =>
        (config ??= live
          ? load<ResolveModelModule>('/server/resolve-model.ts').then(({ resolveModel }) => {
              const resolved = resolveModel(env);
              return resolved
                ? { mode: 'live', provider: resolved.provider, modelId: resolved.modelId }
                : { mode: 'scripted' };
            })
          : Promise.resolve({ mode: 'scripted' }));
      const getHandler = () =>
        (handler ??= Promise.all([
          load<ChatHandlerModule>('/server/chat-handler.ts'),
          load<ResolveModelModule>('/server/resolve-model.ts'),
        ]).then(([{ createChatHandler }, { resolveModel }]) => {
          const resolved = resolveModel(env);
          if (!resolved) throw new Error(NO_LIVE_MODEL);
          return createChatHandler({ model: resolved.model });
        }));
      server.middlewares.use(apiMiddleware(getConfig, live ? getHandler : undefined));
    },
    configurePreviewServer(server: PreviewServer) {
      // The static build runs the scripted agent in the browser; say so explicitly.
      server.middlewares.use(apiMiddleware(() => Promise.resolve({ mode: 'scripted' }), undefined));
    },
  };
}

function apiMiddleware(
  getConfig: () => Promise<DemoConfig>,
  getHandler: (() => Promise<(request: Request) => Promise<Response>>) | undefined,
): Connect.NextHandleFunction {
  return (request, response, next) => {
    const path = (request.url ?? '').split('?')[0];
    if (path === '/api/config' && request.method === 'GET') {
      getConfig().then(
        (config) => sendJson(response, 200, config),
        (error: unknown) => sendJson(response, 500, { error: String(error) }),
      );
    } else if (path === '/api/chat') {
      if (getHandler === undefined) return sendJson(response, 503, { error: NO_LIVE_MODEL });
      forward(request, response, getHandler).catch((error: unknown) => {
        if (!response.headersSent) sendJson(response, 500, { error: String(error) });
        else response.end();
      });
    } else {
      next();
    }
  };
}

/** Runs a Fetch-API handler for a Node request: body in, streamed body out, client disconnect aborts. */
async function forward(
  request: IncomingMessage,
  response: ServerResponse,
  getHandler: () => Promise<(request: Request) => Promise<Response>>,
): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const abortController = new AbortController();
  response.on('close', () => {
    if (!response.writableFinished) abortController.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers.set(name, value);
  }
  const method = request.method ?? 'GET';
  const handle = await getHandler();
  const result = await handle(
    new Request(new URL(request.url ?? '/', 'http://localhost'), {
      method,
      headers,
      body: method === 'GET' || method === 'HEAD' ? undefined : Buffer.concat(chunks),
      signal: abortController.signal,
    }),
  );
  response.writeHead(result.status, Object.fromEntries(result.headers));
  if (result.body === null) return void response.end();
  for await (const chunk of result.body as unknown as AsyncIterable<Uint8Array>) response.write(chunk);
  response.end();
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}
