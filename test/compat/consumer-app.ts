/**
 * A fresh app outside the repository that installs todo-write as a user does, next to AI SDK 7,
 * @ai-sdk/react 4 and React 19 at the versions this repository pins (so npm's cache has them), and
 * runs fixtures/packed-consumer/smoke.mjs in it.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../support/pack-package.js';

/** The app's packages besides todo-write, with the majors they must be. */
export const CONSUMER_PACKAGES = { ai: 7, '@ai-sdk/react': 4, react: 19, 'react-dom': 19 } as const;

const pinned = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as Record<string, unknown>)
  .devDependencies as Record<string, string>;

/** A new app with an empty package.json in a temporary folder; the caller removes it. */
export function createConsumerApp(prefix: string): string {
  const app = mkdtempSync(join(tmpdir(), prefix));
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  return app;
}

/**
 * `npm install` of `todoWrite` (a tarball, a git URL) and {@link CONSUMER_PACKAGES} into `app`,
 * preferring npm's cache; resolves with what npm printed.
 */
export async function installIntoApp(app: string, todoWrite: string): Promise<string> {
  const specs = Object.keys(CONSUMER_PACKAGES).map((name) => `${name}@${pinned[name]}`);
  const { stdout, stderr } = await promisify(execFile)(
    'npm',
    ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel', 'warn', todoWrite, ...specs],
    { cwd: app, maxBuffer: 64 * 1024 * 1024 },
  );
  return `${stdout}${stderr}`;
}

/** What smoke.mjs prints: the versions it ran with and what each part of the package gave. */
export interface SmokeReport {
  versions: Record<keyof typeof CONSUMER_PACKAGES, string>;
  [key: string]: unknown;
}

/** Runs smoke.mjs in `app` as an app runs in production (React's jsx-dev-runtime has no jsxDEV there). */
export async function runSmoke(app: string): Promise<SmokeReport> {
  copyFileSync(join(REPO_ROOT, 'test/compat/fixtures/packed-consumer/smoke.mjs'), join(app, 'smoke.mjs'));
  const { stdout } = await promisify(execFile)(process.execPath, ['smoke.mjs'], {
    cwd: app,
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as SmokeReport;
}
