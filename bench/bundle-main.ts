/** Entry of the bundle-size child process (bundled by bench/bench.ts): prints one JSON line. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { ENTRY_SOURCES, measureBundle, measureBundleSizes } from './measure-bundle-sizes.js';

const PAGE = ENTRY_SOURCES['./react (page: TodoList + useTodos)'];

const entries = [
  ...(await measureBundleSizes()),
  await measureBundle('./react (plan review)', PAGE, { lazy: 'src/react/todo-review-controls.tsx' }),
  await measureBundle('./react (loaded on "Edit plan")', PAGE, { lazy: 'src/react/todo-plan-editor.tsx' }),
  // What an app's bundler makes of the built files (`npm run bench` builds them first).
  await measureBundle('./react (page: TodoList + useTodos), from dist/', 'bench/entries/client-list-dist.ts'),
];
const naive = await measureBundle('naive widget (bench/naive-todo-list.tsx)', 'bench/naive-todo-list.tsx');

/** What an app pays for one import from `todo-write`, after tree-shaking. */
const IMPORTS = ['todoWrite', 'pruneTodoWrites', 'selectTodoState', 'readTodos', 'formatTodos'];
mkdirSync('.tmp/bundle-imports', { recursive: true });
const imports = [];
for (const name of IMPORTS) {
  const file = `.tmp/bundle-imports/${name}.ts`;
  writeFileSync(file, `export { ${name} } from '../../src/index.js';\n`);
  imports.push(await measureBundle(`import { ${name} }`, file));
}
/** What `todo-write/agents` adds to a route and to a page: each measured with it and without it. */
const agents = [];
for (const [entry, plain, withAgents] of [
  ['route: readTodos', 'bench/entries/route-handler-read.ts', 'bench/entries/route-handler-agents.ts'],
  ['page: TodoList + useTodos', 'bench/entries/client-list.ts', 'bench/entries/client-list-claude-code.ts'],
] as const) {
  const without = await measureBundle(entry, plain);
  const measured = await measureBundle(`${entry} + agentTodoTools`, withAgents);
  agents.push({ ...measured, adds: measured.gzipped - without.gzipped });
}
process.stdout.write(`${JSON.stringify({ entries, naive, imports, agents })}\n`);
