import type { CompatAdapter } from './compat-adapter.js';

/** The adapter of one major, loaded by number (for projects that run one file under several majors). */
export async function loadAdapter(major: number): Promise<CompatAdapter> {
  if (major === 5) return (await import('./ai-v5.js')).aiV5;
  if (major === 6) return (await import('./ai-v6.js')).aiV6;
  if (major === 7) return (await import('./ai-v7.js')).aiV7;
  throw new Error(`no compat adapter for AI SDK major ${major}`);
}
