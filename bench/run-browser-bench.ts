/**
 * `node bench/run-browser-bench.ts`: builds bench/browser-transcript.ts for the browser (React
 * production, everything bundled), opens it in headless Chromium and prints the transcript figures
 * as one JSON line: µs per text delta with one shared reading and without our components, and the
 * long tasks (> 50 ms) seen while a 160-call transcript streams.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import type { launchChromium as LaunchChromium } from '../test/support/launch-chromium.js';

// Type stripping runs this file as is: local modules load with their real extension.
const { launchChromium } = (await import(new URL('../test/support/launch-chromium.ts', import.meta.url).href)) as {
  launchChromium: typeof LaunchChromium;
};

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT_DIR = `${ROOT}.tmp/bench-browser`;
await build({
  configFile: false,
  root: ROOT,
  logLevel: 'warn',
  mode: 'production',
  plugins: [react()],
  define: { 'process.env.NODE_ENV': '"production"' },
  build: {
    outDir: OUT_DIR,
    emptyOutDir: true,
    minify: true,
    lib: { entry: 'bench/browser-transcript.ts', formats: ['es'], fileName: 'transcript' },
    // One script, inlined into the page: the plan editor's chunk goes in with the rest.
    rolldownOptions: { output: { inlineDynamicImports: true } },
  },
});

const { browser } = await launchChromium();
const page = await browser.newPage();
await page.setContent('<!doctype html><meta charset="utf-8"><body></body>');
// Inline: a module script from a file: URL is blocked as cross-origin.
await page.addScriptTag({ content: readFileSync(`${OUT_DIR}/transcript.js`, 'utf8'), type: 'module' });
await page.waitForFunction(() => 'runTranscript' in globalThis);
type Run = { perDelta: number; longTasks: number[] };
const rows: { calls: number; shared: Run; none: Run }[] = [];
for (const calls of [40, 160]) {
  const measure = (widget: string): Promise<Run> =>
    page.evaluate(
      ([w, n]) =>
        (globalThis as unknown as { runTranscript: (w: string, n: number) => Promise<Run> }).runTranscript(w, n),
      [widget, calls] as const,
    );
  await measure('shared'); // warm-up
  rows.push({ calls, shared: await measure('shared'), none: await measure('none') });
}
await browser.close();
process.stdout.write(`${JSON.stringify(rows)}\n`);
