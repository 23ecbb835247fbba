/**
 * A scratch Next.js 16 + Tailwind v4 app with shadcn/ui's conventions (components.json, tokens as
 * CSS variables mapped by `@theme inline`, the `.dark` class) and token values of its own, for the
 * registry item's end-to-end test; and a loopback stand-in for the shadcn registry's base colour.
 * Its packages are the versions examples/next-chat pins.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { dirname, join } from 'node:path';
import { EXAMPLE } from './next-example.js';

const example = JSON.parse(readFileSync(join(EXAMPLE, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const pinned = { ...example.dependencies, ...example.devDependencies };

/** The app's shadcn/ui tokens: name, light value, dark value. */
const TOKENS = [
  ['background', 'oklch(0.99 0 0)', 'oklch(0.17 0.01 265)'],
  ['foreground', 'oklch(0.21 0.02 265)', 'oklch(0.95 0.01 250)'],
  ['card', 'oklch(0.97 0.01 250)', 'oklch(0.23 0.02 265)'],
  ['card-foreground', 'oklch(0.23 0.03 265)', 'oklch(0.94 0.01 250)'],
  ['primary', 'oklch(0.5 0.19 262)', 'oklch(0.74 0.15 155)'],
  ['primary-foreground', 'oklch(0.98 0.01 262)', 'oklch(0.2 0.04 155)'],
  ['muted', 'oklch(0.92 0.02 250)', 'oklch(0.3 0.02 265)'],
  ['muted-foreground', 'oklch(0.46 0.03 257)', 'oklch(0.72 0.02 257)'],
  ['accent', 'oklch(0.9 0.06 95)', 'oklch(0.38 0.08 300)'],
  ['accent-foreground', 'oklch(0.3 0.06 70)', 'oklch(0.95 0.02 300)'],
  ['destructive', 'oklch(0.55 0.21 27)', 'oklch(0.68 0.19 22)'],
  ['border', 'oklch(0.86 0.02 250)', 'oklch(0.36 0.02 265)'],
  ['ring', 'oklch(0.62 0.15 262)', 'oklch(0.6 0.12 155)'],
] as const;
const tokens = (pick: (token: (typeof TOKENS)[number]) => string): string =>
  TOKENS.map((token) => `  ${pick(token)};`).join('\n');

const GLOBALS_CSS = `@import 'tailwindcss';

@custom-variant dark (&:is(.dark *));

:root {
  --radius: 0.625rem;
${tokens(([name, light]) => `--${name}: ${light}`)}
}

.dark {
${tokens(([name, , dark]) => `--${name}: ${dark}`)}
}

@theme inline {
${tokens(([name]) => `--color-${name}: var(--${name})`)}
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

export const COMPONENTS_JSON = {
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

/** Writes the app into `app` with the packed tarball as its todo-write; returns its dependencies. */
export function writeApp(app: string, tarball: string): Record<string, string> {
  const names =
    'next react react-dom ai @ai-sdk/react tailwindcss @tailwindcss/postcss typescript @types/react @types/react-dom @types/node';
  const dependencies: Record<string, string> = { 'todo-write': `file:${tarball}` };
  for (const name of names.split(' ')) dependencies[name] = pinned[name]!;
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
export function baseColorServer(requests: string[]): Promise<{ server: Server; url: string }> {
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
