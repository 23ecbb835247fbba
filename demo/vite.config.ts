/**
 * The demo: `npm run demo` (dev server, http://127.0.0.1:5173) and `npm run build:demo` (static
 * files in demo-dist/). The page imports the package by its public names; the aliases below point
 * them at the sources, so no library build is needed.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import { chatApi } from './server/vite-chat-api.js';

const fromRoot = (path: string): string => fileURLToPath(new URL(`../${path}`, import.meta.url));

export default defineConfig(({ mode }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // Relative asset URLs: the static build works from any path (or a file server's subfolder).
  base: './',
  plugins: [react(), chatApi({ ...loadEnv(mode, fromRoot(''), ['OPENAI_', 'ANTHROPIC_']), ...process.env })],
  resolve: {
    alias: [
      { find: /^todo-write$/, replacement: fromRoot('src/index.ts') },
      { find: /^todo-write\/agents$/, replacement: fromRoot('src/agents.ts') },
      { find: /^todo-write\/react$/, replacement: fromRoot('src/react.ts') },
      { find: /^todo-write\/testing$/, replacement: fromRoot('src/testing.ts') },
      { find: /^todo-write\/styles\.css$/, replacement: fromRoot('src/styles.css') },
    ],
  },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
  // The AI SDK is most of the bundle; the demo is one page, so one chunk is fine.
  build: { outDir: fromRoot('demo-dist'), emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 1200 },
}));
