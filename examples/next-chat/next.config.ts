import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NextConfig } from 'next';
import { withWorkflow } from 'workflow/next';

/** This folder: the app imports nothing from outside it. */
const APP_ROOT = dirname(fileURLToPath(import.meta.url));

const nextConfig: NextConfig = {
  // Next.js 16's default for new apps: dynamic data renders inside <Suspense>, the rest is prerendered.
  cacheComponents: true,
  partialPrefetching: true,
  // Keep Next.js from taking a folder above for the root when it has a lockfile too (the repository's).
  turbopack: { root: APP_ROOT },
};

// One URL for everything: with DATABASE_URL the workflow runs and their streams live in the same
// PostgreSQL as the chats (any number of servers); without it, the engine's local world on this
// machine. On Vercel the engine uses Vercel's own backend, and DATABASE_URL holds only the chats.
if (process.env.DATABASE_URL && !process.env.VERCEL) {
  process.env.WORKFLOW_TARGET_WORLD ??= '@workflow/world-postgres';
  process.env.WORKFLOW_POSTGRES_URL ??= process.env.DATABASE_URL;
  // A step holds a queue worker for its whole model call: at the engine's default of 10, the 11th
  // answer on a server waits for a free one before its first chunk.
  process.env.WORKFLOW_POSTGRES_WORKER_CONCURRENCY ??= '50';
} else if (!process.env.DATABASE_URL) {
  // Naming the world keeps withWorkflow() from moving its data into .next/, which a build wipes.
  process.env.WORKFLOW_TARGET_WORLD ??= 'local';
  process.env.WORKFLOW_LOCAL_DATA_DIR ??= join(APP_ROOT, 'data', 'runs');
}

export default withWorkflow(nextConfig);
