/**
 * Starts the demo's Vite dev server on a free loopback port, for the browser tests and the
 * screenshot script. Provider keys are dropped: the page always runs its scripted agent.
 */
import { fileURLToPath } from 'node:url';
import { createServer, type ViteDevServer } from 'vite';

export interface DemoServer {
  /** The page's URL, ending in `/`. */
  url: string;
  close: () => Promise<void>;
}

export async function startDemoServer(): Promise<DemoServer> {
  for (const name of ['OPENAI_API_KEY', 'ANTHROPIC_API_KEY']) delete process.env[name];
  const server: ViteDevServer = await createServer({
    configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)),
    logLevel: 'warn',
    server: { port: 0, strictPort: false, host: '127.0.0.1', hmr: false, watch: null },
  });
  await server.listen();
  const url = server.resolvedUrls?.local[0];
  if (url === undefined) throw new Error('The demo server did not report a URL.');
  return { url, close: () => server.close() };
}
