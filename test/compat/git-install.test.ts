/**
 * The package installed from its git repository, as the README's Install says before it is on npm:
 * a clone of HEAD, installed into a fresh app by a `git+file:` URL. npm clones it, installs its tools and
 * builds dist/ (`postprepare`); the app then holds the files a release ships, and both entries run.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installedFiles, REPO_ROOT, shippedFileProblems } from '../support/pack-package.js';
import { createConsumerApp, installIntoApp, runSmoke } from './consumer-app.js';

let clone = '';
let url = '';
let app = '';

const head = (cwd: string): string => execFileSync('git', ['rev-parse', 'HEAD'], { cwd, encoding: 'utf8' }).trim();

describe('the package installed from a git+file: URL of a clone of the repository', () => {
  beforeAll(async () => {
    clone = join(mkdtempSync(join(tmpdir(), 'todo-write-git-')), 'todo-write');
    execFileSync('git', ['clone', '--quiet', REPO_ROOT, clone]);
    url = `git+${pathToFileURL(clone).href}`;
    app = createConsumerApp('todo-write-git-app-');
    const started = performance.now();
    await installIntoApp(app, url);
    console.log(`installed from git in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  });

  afterAll(() => {
    if (clone) rmSync(dirname(clone), { recursive: true, force: true });
    if (app) rmSync(app, { recursive: true, force: true });
  });

  it('starts from a clone of HEAD, which has no dist/', () => {
    expect(head(clone)).toBe(head(REPO_ROOT));
    expect(existsSync(join(clone, 'dist'))).toBe(false);
  });

  it("is how the README's Install says to install it, by this repository's address", () => {
    const { repository } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
      repository: { url: string };
    };
    const slug = repository.url.replace(/^git\+https:\/\/github\.com\//, '').replace(/\.git$/, '');
    expect(readFileSync(join(REPO_ROOT, 'README.md'), 'utf8')).toContain(`\nnpm install github:${slug} `);
  });

  it('is a dependency of the app by its git URL', () => {
    const manifest = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(manifest.dependencies['todo-write']).toBe(url);
  });

  it('holds the files a release ships, dist/ built by the install', () => {
    expect(shippedFileProblems(installedFiles(join(app, 'node_modules', 'todo-write')))).toEqual([]);
  });

  it('runs both entries in the app: the tool through streamText, <TodoList> rendered', async () => {
    const report = await runSmoke(app);
    expect(report.rows).toEqual([
      { content: 'Read the failing test', status: 'completed' },
      { content: 'Fix the pager', status: 'in_progress' },
      { content: 'Write a regression test', status: 'pending' },
    ]);
    expect(report.html).toContain('1 of 3 completed');
  });
});
