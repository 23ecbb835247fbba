/// <reference types="vitest/config" />
import { readFile } from 'node:fs/promises';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compatProjects } from './test/compat/vitest-projects.js';

/** Copies the optional stylesheet into dist/ as a file of its own (never injected at runtime). */
function emitStylesheet(): Plugin {
  return {
    name: 'todo-write:emit-stylesheet',
    apply: 'build',
    async generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'styles.css',
        source: await readFile(new URL('./src/styles.css', import.meta.url), 'utf8'),
      });
    },
  };
}

/** The e2e project takes minutes and installs the Next.js example: it runs only when named (`--project e2e`). */
const e2eNamed = process.argv.some(
  (arg, index, args) =>
    /^--project(=|$)/.test(arg) && /^e2e$/.test(arg.includes('=') ? arg.split('=')[1]! : (args[index + 1] ?? '')),
);

const peers = [/^ai($|\/)/, /^@ai-sdk\//, /^react($|\/)/, /^react-dom($|\/)/, /^zod($|\/)/];

export default defineConfig({
  plugins: [react(), emitStylesheet()],
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    minify: false,
    sourcemap: true,
    target: 'es2022',
    lib: {
      entry: { index: 'src/index.ts', agents: 'src/agents.ts', react: 'src/react.ts', testing: 'src/testing.ts' },
      formats: ['es'],
    },
    rollupOptions: {
      external: (id) => peers.some((peer) => peer.test(id)) || id.startsWith('node:'),
      output: { preserveModules: false },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/**/*.test.ts'],
          exclude: ['test/browser/**', 'test/compat/**', 'test/e2e/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['test/**/*.test.tsx'],
          exclude: ['test/browser/**', 'test/compat/**', 'test/e2e/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          environment: 'node',
          include: ['test/browser/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      // AI SDK 5/6/7 and zod 3 compat projects (test/compat/vitest-projects.ts).
      ...compatProjects(),
      ...(e2eNamed
        ? [
            {
              extends: true,
              test: {
                name: 'e2e',
                environment: 'node',
                include: ['test/e2e/**/*.test.ts'],
                globalSetup: ['test/e2e/support/global-setup.ts'],
                testTimeout: 600_000,
                hookTimeout: 600_000,
                fileParallelism: false,
              },
            },
          ]
        : []),
    ],
  },
});
