import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, preview } from 'vite';

const CONFIG_FILE = fileURLToPath(new URL('../../demo/vite.config.ts', import.meta.url));

/** The demo as `npm run build:demo` builds it, into a temp folder, behind `vite preview`: static files only. */
export async function serveBuiltDemo(): Promise<{ url: string; close: () => Promise<void> }> {
  const outDir = mkdtempSync(join(tmpdir(), 'todo-write-demo-'));
  try {
    await build({ configFile: CONFIG_FILE, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
    const server = await preview({
      configFile: CONFIG_FILE,
      logLevel: 'warn',
      build: { outDir },
      preview: { port: 0, host: '127.0.0.1' },
    });
    return {
      url: server.resolvedUrls!.local[0]!,
      close: async () => {
        await server.close();
        rmSync(outDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(outDir, { recursive: true, force: true });
    throw error;
  }
}
