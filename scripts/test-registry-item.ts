/**
 * The shadcn registry item in a fresh app (`npm run test:registry`, part of `npm run test:next`):
 * a scratch Next.js 16 + Tailwind v4 app with a components.json and shadcn/ui tokens of its own
 * installs the packed tarball, `shadcn add ./node_modules/todo-write/registry/todo-list.json` adds
 * the component offline, `next build` compiles it, and Chromium renders it in light and dark:
 * every coloured part takes the app's token (card, border, primary, muted, accent), the colours
 * change with the theme, and a token changed at run time shows at once; a plan waiting for review
 * shows Approve, Request changes and Edit plan, and an edit is sent as the approval's answer.
 *
 * Offline: the CLI reads the project's base colour from `$REGISTRY_URL/colors/<baseColor>.json`
 * before it writes a file (default https://ui.shadcn.com/r); a loopback server answers it here, and
 * any other request fails the run. `--screenshots` saves the two screenshots into docs/. The app's packages come from npm's cache when it has them
 * (the versions examples/next-chat pins). Runs on Node 24 (type stripping).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import type { launchChromium as LaunchChromium } from '../test/support/launch-chromium.js';
import type * as PackModule from '../test/support/pack-package.js';
import type * as NextServerModule from './next-server.js';
import type { NextServer } from './next-server.js';

const load = async <T>(path: string): Promise<T> => (await import(new URL(path, import.meta.url).href)) as T;
const { packPackage } = await load<typeof PackModule>('../test/support/pack-package.ts');
const { freePort, startNextServer, stopServer } = await load<typeof NextServerModule>('./next-server.ts');
const { launchChromium } = await load<{ launchChromium: typeof LaunchChromium }>('../test/support/launch-chromium.ts');

const ROOT = join(import.meta.dirname, '..');
const ITEM_SOURCE = join(ROOT, 'registry/components/ai/todo-list.tsx');
const SHADCN_BIN = join(ROOT, 'node_modules/shadcn/dist/index.js');
const SCREENSHOTS = join(ROOT, '.tmp', 'registry-item');
/** `--screenshots`: also saves docs/shadcn-todo-list-light.png and docs/shadcn-todo-list-dark.png. */
const TAKE_SCREENSHOTS = process.argv.includes('--screenshots');
const example = JSON.parse(readFileSync(join(ROOT, 'examples/next-chat/package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const pinned = { ...example.dependencies, ...example.devDependencies };

const checks: { name: string; ok: boolean; detail?: string }[] = [];
function check(name: string, ok: boolean, detail?: string): void {
  checks.push({ name, ok, ...(detail === undefined ? {} : { detail }) });
  console.log(`  ${ok ? '✓' : '✗'} ${name}${!ok && detail !== undefined ? `\n      ${detail}` : ''}`);
}

function run(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = process.env) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(' ')} exited ${code}:\n${output}`)),
    );
  });
}

// ---------------------------------------------------------------------------------------------
// The scratch app: shadcn/ui's conventions (components.json, tokens as CSS variables mapped by
// `@theme inline`, the `.dark` class), with token values of its own.

const LIGHT = {
  background: 'oklch(0.99 0 0)',
  foreground: 'oklch(0.21 0.02 265)',
  card: 'oklch(0.97 0.01 250)',
  'card-foreground': 'oklch(0.23 0.03 265)',
  primary: 'oklch(0.5 0.19 262)',
  'primary-foreground': 'oklch(0.98 0.01 262)',
  muted: 'oklch(0.92 0.02 250)',
  'muted-foreground': 'oklch(0.46 0.03 257)',
  accent: 'oklch(0.9 0.06 95)',
  'accent-foreground': 'oklch(0.3 0.06 70)',
  destructive: 'oklch(0.55 0.21 27)',
  border: 'oklch(0.86 0.02 250)',
  ring: 'oklch(0.62 0.15 262)',
};
const DARK: typeof LIGHT = {
  background: 'oklch(0.17 0.01 265)',
  foreground: 'oklch(0.95 0.01 250)',
  card: 'oklch(0.23 0.02 265)',
  'card-foreground': 'oklch(0.94 0.01 250)',
  primary: 'oklch(0.74 0.15 155)',
  'primary-foreground': 'oklch(0.2 0.04 155)',
  muted: 'oklch(0.3 0.02 265)',
  'muted-foreground': 'oklch(0.72 0.02 257)',
  accent: 'oklch(0.38 0.08 300)',
  'accent-foreground': 'oklch(0.95 0.02 300)',
  destructive: 'oklch(0.68 0.19 22)',
  border: 'oklch(0.36 0.02 265)',
  ring: 'oklch(0.6 0.12 155)',
};
const tokens = (values: typeof LIGHT): string =>
  Object.entries(values)
    .map(([name, value]) => `  --${name}: ${value};`)
    .join('\n');

const GLOBALS_CSS = `@import 'tailwindcss';

@custom-variant dark (&:is(.dark *));

:root {
  --radius: 0.625rem;
${tokens(LIGHT)}
}

.dark {
${tokens(DARK)}
}

@theme inline {
${Object.keys(LIGHT)
  .map((name) => `  --color-${name}: var(--${name});`)
  .join('\n')}
  --radius-md: calc(var(--radius) - 2px);
  --radius-xl: calc(var(--radius) + 4px);
}

@layer base {
  * {
    @apply border-border outline-ring/50;
  }
  body {
    @apply bg-background text-foreground;
  }
}
`;

const PAGE_TSX = `import type { UIMessage } from 'ai';
import { TodoList } from '@/components/ai/todo-list';

const first = [
  { content: 'Reproduce the login bug', status: 'in_progress' },
  { content: 'Ask for the server logs', status: 'pending' },
  { content: 'Fix the session check', status: 'pending' },
  { content: 'Write a regression test', status: 'pending' },
] as const;
const second = [
  { content: 'Reproduce the login bug', status: 'completed' },
  { content: 'Fix the session check', status: 'in_progress' },
  { content: 'Write a regression test', status: 'pending' },
] as const;
const counts = (todos: readonly { status: string }[]) => ({
  pending: todos.filter((todo) => todo.status === 'pending').length,
  in_progress: todos.filter((todo) => todo.status === 'in_progress').length,
  completed: todos.filter((todo) => todo.status === 'completed').length,
});

const messages: UIMessage[] = [
  { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Fix the login bug.' }] },
  {
    id: 'a1',
    role: 'assistant',
    parts: [
      { type: 'tool-todo_write', toolCallId: 'call-1', state: 'output-available', input: { todos: first }, output: counts(first) },
      { type: 'tool-todo_write', toolCallId: 'call-2', state: 'output-available', input: { todos: second }, output: counts(second) },
    ],
  },
];

export default async function Page({ searchParams }: { searchParams: Promise<{ live?: string }> }) {
  const live = (await searchParams).live === '1';
  return (
    <main className="mx-auto max-w-md p-8">
      <TodoList messages={messages} status={live ? 'streaming' : 'ready'} />
    </main>
  );
}
`;

/** A plan waiting for review, answered into the page (no chat): the item's review controls. */
const REVIEW_TSX = `'use client';
import type { UIMessage } from 'ai';
import { useState } from 'react';
import { TodoList } from '@/components/ai/todo-list';

const proposed = [
  { content: 'Reproduce the login bug', status: 'in_progress' },
  { content: 'Fix the session check', status: 'pending' },
] as const;

const messages: UIMessage[] = [
  { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Fix the login bug.' }] },
  {
    id: 'a1',
    role: 'assistant',
    parts: [
      { type: 'tool-todo_write', toolCallId: 'call-1', state: 'approval-requested', input: { todos: proposed }, approval: { id: 'approval-1' } },
    ],
  },
];

export default function Review() {
  const [answer, setAnswer] = useState('');
  return (
    <main className="mx-auto max-w-md p-8">
      <TodoList messages={messages} status="ready" addToolApprovalResponse={(response) => setAnswer(JSON.stringify(response))} />
      <output data-answer="">{answer}</output>
    </main>
  );
}
`;

const LAYOUT_TSX = `import type { ReactNode } from 'react';
import './globals.css';

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
`;

const COMPONENTS_JSON = {
  $schema: 'https://ui.shadcn.com/schema.json',
  style: 'new-york',
  rsc: true,
  tsx: true,
  tailwind: { config: '', css: 'app/globals.css', baseColor: 'neutral', cssVariables: true, prefix: '' },
  aliases: {
    components: '@/components',
    utils: '@/lib/utils',
    ui: '@/components/ui',
    lib: '@/lib',
    hooks: '@/hooks',
  },
};

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    lib: ['dom', 'dom.iterable', 'esnext'],
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    module: 'esnext',
    moduleResolution: 'bundler',
    resolveJsonModule: true,
    isolatedModules: true,
    jsx: 'react-jsx',
    incremental: true,
    plugins: [{ name: 'next' }],
    paths: { '@/*': ['./*'] },
  },
  include: ['next-env.d.ts', '**/*.ts', '**/*.tsx', '.next/types/**/*.ts'],
  exclude: ['node_modules'],
};

function writeApp(app: string, tarball: string): Record<string, string> {
  const names = [
    'next',
    'react',
    'react-dom',
    'ai',
    '@ai-sdk/react',
    'tailwindcss',
    '@tailwindcss/postcss',
    'typescript',
    '@types/react',
    '@types/react-dom',
    '@types/node',
  ];
  const dependencies: Record<string, string> = { 'todo-write': `file:${tarball}` };
  for (const name of names) dependencies[name] = pinned[name]!;
  const files: Record<string, string> = {
    'package.json': `${JSON.stringify({ name: 'shadcn-app', private: true, type: 'module', dependencies }, null, 2)}\n`,
    'components.json': `${JSON.stringify(COMPONENTS_JSON, null, 2)}\n`,
    'tsconfig.json': `${JSON.stringify(TSCONFIG, null, 2)}\n`,
    'postcss.config.mjs': "export default { plugins: { '@tailwindcss/postcss': {} } };\n",
    'next.config.ts': `import type { NextConfig } from 'next';\n\nexport default { turbopack: { root: import.meta.dirname } } satisfies NextConfig;\n`,
    'app/globals.css': GLOBALS_CSS,
    'app/layout.tsx': LAYOUT_TSX,
    'app/page.tsx': PAGE_TSX,
    'app/review/page.tsx': REVIEW_TSX,
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(app, file)), { recursive: true });
    writeFileSync(join(app, file), text);
  }
  return dependencies;
}

/** Answers the CLI's base-colour request (a valid, empty palette: the project's tokens are its own); logs every request. */
function baseColorServer(requests: string[]): Promise<{ server: Server; url: string }> {
  const palette = {
    inlineColors: { light: {}, dark: {} },
    cssVars: { light: {}, dark: {} },
    inlineColorsTemplate: '',
    cssVarsTemplate: '',
  };
  const server = createServer((request, response) => {
    requests.push(request.url ?? '');
    if (request.url === `/r/colors/${COMPONENTS_JSON.tailwind.baseColor}.json`) {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(palette));
    } else response.writeHead(404).end();
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/r` });
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// In the browser: each part's computed colour against the token it should take.

interface ColourReport {
  /** part → [computed, expected from the token] */
  parts: Record<string, [string, string]>;
}

async function readColours(page: Page): Promise<ColourReport> {
  return page.evaluate(() => {
    const root = document.querySelector<HTMLElement>('[data-slot="todo-list"]')!;
    const probe = document.createElement('div');
    root.parentElement!.append(probe);
    const token = (name: string): string => {
      probe.style.color = `var(--${name})`;
      return getComputedStyle(probe).color;
    };
    const style = (element: Element | null) => getComputedStyle(element ?? document.body);
    const rows = [...root.querySelectorAll('[data-slot="todo-item"]')];
    const row = (status: string) => rows.find((each) => each.getAttribute('data-status') === status) ?? null;
    const completed = row('completed');
    const parts: Record<string, [string, string]> = {
      'list background (card)': [style(root).backgroundColor, token('card')],
      'list text (card-foreground)': [style(root).color, token('card-foreground')],
      'list border (border)': [style(root).borderTopColor, token('border')],
      'summary (muted-foreground)': [style(root.querySelector('header p')).color, token('muted-foreground')],
      'progress track (muted)': [
        style(root.querySelector('[data-slot="todo-progress"]')?.parentElement ?? null).backgroundColor,
        token('muted'),
      ],
      'progress bar (primary)': [
        style(root.querySelector('[data-slot="todo-progress"]')).backgroundColor,
        token('primary'),
      ],
      'completed icon (primary)': [
        style(completed?.querySelector('[data-slot="todo-icon"]') ?? null).backgroundColor,
        token('primary'),
      ],
      'check mark (primary-foreground)': [
        style(completed?.querySelector('[data-slot="todo-icon"]') ?? null).color,
        token('primary-foreground'),
      ],
      'completed task text (muted-foreground)': [
        style(completed?.querySelector('[data-slot="todo-icon"] + span') ?? null).color,
        token('muted-foreground'),
      ],
      'task in progress ring (primary)': [
        style(row('in_progress')?.querySelector('[data-slot="todo-icon"]') ?? null).borderRightColor,
        token('primary'),
      ],
      'changed row (accent)': [style(completed).backgroundColor, token('accent')],
    };
    probe.remove();
    return { parts };
  });
}

// ---------------------------------------------------------------------------------------------

const app = mkdtempSync(join(tmpdir(), 'todo-write-shadcn-app-'));
let server: NextServer | undefined;
/** `next start`, from the moment it is spawned (stopped even if it never answered). */
let serverChild: ChildProcess | undefined;
let exitCode = 0;
try {
  console.log('▶ pack todo-write, install it into a scratch Next.js + Tailwind v4 app');
  const { tarball } = packPackage();
  const dependencies = writeApp(app, tarball);
  await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], app);
  const before = readFileSync(join(app, 'package.json'), 'utf8');

  console.log('▶ shadcn add ./node_modules/todo-write/registry/todo-list.json (offline)');
  const requests: string[] = [];
  const colours = await baseColorServer(requests);
  try {
    const output = await run(
      process.execPath,
      [SHADCN_BIN, 'add', './node_modules/todo-write/registry/todo-list.json', '--yes'],
      app,
      { ...process.env, REGISTRY_URL: colours.url },
    );
    check('shadcn add created components/ai/todo-list.tsx', /components\/ai\/todo-list\.tsx/.test(output), output);
  } finally {
    colours.server.close();
  }
  check(
    'the CLI asked the registry only for the base colour',
    requests.join(' ') === '/r/colors/neutral.json',
    requests.join(' '),
  );
  const added = join(app, 'components/ai/todo-list.tsx');
  check(
    'the added file is the registry source, byte for byte',
    existsSync(added) && readFileSync(added, 'utf8') === readFileSync(ITEM_SOURCE, 'utf8'),
  );
  const after = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')) as { dependencies: object };
  check(
    'its npm dependency (todo-write) was already installed: package.json unchanged, nothing fetched',
    readFileSync(join(app, 'package.json'), 'utf8') === before &&
      JSON.stringify(after.dependencies) === JSON.stringify(dependencies),
  );

  console.log('▶ next build (type-checks the component in the app)');
  const nextBin = join(app, 'node_modules/next/dist/bin/next');
  const env = { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' };
  const build = await run(process.execPath, [nextBin, 'build'], app, env);
  check('next build compiles the app with the added component', /Compiled successfully|✓ Generating/.test(build));

  console.log('▶ render in Chromium, light and dark');
  server = await startNextServer({
    app,
    nextBin,
    port: await freePort(),
    env,
    onSpawn: (child) => (serverChild = child),
  });
  const { browser } = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 520, height: 360 } });
    // While the chat streams: the last update's changes highlighted, the task in progress spinning.
    await page.goto(`${server.baseUrl}/?live=1`);
    await page.waitForSelector('[data-slot="todo-list"]');
    check(
      'the list shows the newest call: 1 of 3 completed',
      (await page.textContent('[data-slot="todo-list"] header p'))?.trim() === '1 of 3 completed',
    );
    mkdirSync(SCREENSHOTS, { recursive: true });
    const themes: Record<string, ColourReport> = {};
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'dark');
      await page.waitForTimeout(600); // the row highlight's colour transition
      themes[theme] = await readColours(page);
      for (const [part, [computed, expected]] of Object.entries(themes[theme].parts)) {
        check(`${theme}: ${part}`, computed === expected, `${computed} ≠ ${expected}`);
      }
      await page.locator('main').screenshot({ path: join(SCREENSHOTS, `todo-list-${theme}.png`) });
      if (TAKE_SCREENSHOTS) {
        await page.locator('main').screenshot({ path: join(ROOT, 'docs', `shadcn-todo-list-${theme}.png`) });
      }
    }
    const changed = Object.keys(themes.light!.parts).filter(
      (part) => themes.light!.parts[part]![0] !== themes.dark!.parts[part]![0],
    );
    check(
      'every part changes colour between the light and dark tokens',
      changed.length === Object.keys(themes.light!.parts).length,
      `unchanged: ${Object.keys(themes.light!.parts)
        .filter((part) => !changed.includes(part))
        .join(', ')}`,
    );
    const recoloured = await page.evaluate(() => {
      document.documentElement.style.setProperty('--primary', 'rgb(200, 30, 120)');
      return getComputedStyle(document.querySelector('[data-slot="todo-progress"]')!).backgroundColor;
    });
    check('a token changed at run time (--primary) recolours the list at once', recoloured === 'rgb(200, 30, 120)');
    const spinning = () =>
      page.evaluate(
        () =>
          getComputedStyle(document.querySelector('[data-status="in_progress"] [data-slot="todo-icon"]')!)
            .animationName,
      );
    check('while the chat streams, the task in progress spins', (await spinning()) === 'spin', await spinning());
    const dropped = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('[data-change="removed"]')].map((row) => row.textContent?.trim()),
      );
    check(
      'while the chat streams, the task the last update dropped shows struck through',
      JSON.stringify(await dropped()) === JSON.stringify(['Ask for the server logs (removed)']),
      JSON.stringify(await dropped()),
    );

    await page.goto(`${server.baseUrl}/`);
    await page.waitForSelector('[data-slot="todo-list"]');
    await page.waitForTimeout(600);
    const ended = await page.evaluate(() => ({
      backgrounds: [...document.querySelectorAll('[data-slot="todo-item"][data-change]')].map(
        (row) => getComputedStyle(row).backgroundColor,
      ),
      animation: getComputedStyle(document.querySelector('[data-status="in_progress"] [data-slot="todo-icon"]')!)
        .animationName,
    }));
    check('once the chat ended, the dropped task is gone', (await dropped()).length === 0);
    check(
      'once the chat ended, nothing is highlighted and nothing spins',
      ended.backgrounds.length === 2 &&
        ended.backgrounds.every((background) => background === 'rgba(0, 0, 0, 0)') &&
        ended.animation === 'none',
      JSON.stringify(ended),
    );

    // A plan waiting for review: Approve, Request changes, Edit plan, in the app's tokens.
    await page.goto(`${server.baseUrl}/review`);
    await page.getByRole('button', { name: 'Edit plan' }).waitFor();
    const primary = await page.evaluate(() => {
      const probe = document.createElement('div');
      document.body.append(probe);
      probe.style.color = 'var(--primary)';
      return getComputedStyle(probe).color;
    });
    const background = (locator: ReturnType<Page['locator']>) =>
      locator.evaluate((element) => getComputedStyle(element).backgroundColor);
    check(
      'a waiting plan shows Approve, Request changes and Edit plan; Approve takes --primary; nothing spins',
      (await page.getByRole('button', { name: 'Request changes' }).count()) === 1 &&
        (await background(page.getByRole('button', { name: 'Approve' }))) === primary &&
        (await spinning()) === 'none',
      `${await background(page.getByRole('button', { name: 'Approve' }))} vs ${primary}, spin ${await spinning()}`,
    );
    await page.getByRole('button', { name: 'Edit plan' }).click();
    await page.getByRole('textbox', { name: 'Task 1', exact: true }).fill('');
    const editorApprove = page.getByRole('form', { name: 'Edit the plan' }).getByRole('button', { name: 'Approve' });
    check(
      'editing: the rows give way to the fields; an empty task is flagged and Approve is disabled',
      !(await page.locator('[data-slot="todo-item"]').first().isVisible()) &&
        (await page.getByText('Write the task, or remove it.').isVisible()) &&
        (await editorApprove.isDisabled()),
    );
    await page.getByRole('textbox', { name: 'Task 1', exact: true }).fill('Reproduce the login bug on staging');
    await editorApprove.click();
    const answer = JSON.parse((await page.locator('[data-answer]').textContent()) || '{}') as {
      approved?: boolean;
      reason?: string;
    };
    check(
      "the edited plan is sent as the approval answer's edit",
      answer.approved === true &&
        (answer.reason ?? '').startsWith('todo_write edit: ') &&
        (answer.reason ?? '').includes('Reproduce the login bug on staging'),
      JSON.stringify(answer),
    );
  } finally {
    await browser.close();
  }
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await stopServer(server?.child ?? serverChild);
  if (process.env.REGISTRY_TEST_KEEP === '1') console.log(`  kept ${app}`);
  else rmSync(app, { recursive: true, force: true });
}

const failed = checks.filter((each) => !each.ok).length;
console.log(`\n${checks.length - failed} passed, ${failed} failed`);
process.exit(exitCode !== 0 || failed > 0 || checks.length === 0 ? 1 : 0);
