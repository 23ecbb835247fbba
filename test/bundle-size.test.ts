import { describe, expect, it } from 'vitest';
import {
  BUNDLE_BUDGETS,
  bundleScript,
  ENTRY_SOURCES,
  measureBundle,
  type EntryName,
} from '../bench/measure-bundle-sizes.js';
import { builtFile } from './compat/dist-files.js';

/** Sizes are deterministic (same sources, same bundler): unlike times, they can be asserted. */
describe('bundle size (minified + gzipped, peers external, each entry on its own)', () => {
  for (const entry of Object.keys(BUNDLE_BUDGETS) as EntryName[]) {
    const budget = BUNDLE_BUDGETS[entry];
    it(`keeps todo-write${entry === '.' ? '' : entry.slice(1)} within ${budget} bytes`, async () => {
      const size = await measureBundle(entry, ENTRY_SOURCES[entry]);
      console.log(`${entry}: ${size.gzipped} B gzipped (${size.minified} B minified), budget ${budget} B`);
      const largest = size.modules
        .slice(0, 6)
        .map((module) => `${module.id} ${Math.round(module.share * 100)}%`)
        .join(', ');
      expect(
        size.gzipped,
        `${entry} (${ENTRY_SOURCES[entry]}) is ${size.gzipped} B gzipped (${size.minified} B minified), ` +
          `budget ${budget} B.${largest ? ` Largest modules (share of the unminified bundle): ${largest}.` : ''}`,
      ).toBeLessThanOrEqual(budget);
    }, 60_000);
  }
});

describe('plan review in the bundles', () => {
  const reviewModules = /todo-review-controls|todo-plan-editor|tool\/todo-edit/;

  it('loads with the first list given addToolApprovalResponse: a todo_write page without review never loads it', async () => {
    const page = ENTRY_SOURCES['./react (page: TodoList + useTodos)'];
    const { modules } = await bundleScript(page);
    const ids = modules.map((module) => module.id);
    expect(ids).toContain('src/react/todo-list.tsx');
    expect(ids.filter((id) => reviewModules.test(id))).toEqual([]);
    const review = await bundleScript(page, { lazy: 'src/react/todo-review-controls.tsx' });
    expect(review.modules.map((module) => module.id)).toContain('src/tool/todo-edit.ts');
    const editor = await bundleScript(page, { lazy: 'src/react/todo-plan-editor.tsx' });
    expect(editor.modules.map((module) => module.id)).toEqual(['src/react/todo-plan-editor.tsx']);
  }, 60_000);

  it("loads later from the published files too: an app that bundles dist/ gets none of the controls' markup first", async () => {
    const page = 'bench/entries/client-list-dist.ts';
    builtFile('react.js');
    // The built chunks bundle several modules each: the controls' own markup marks them.
    const { code, modules } = await bundleScript(page);
    expect(modules.map((module) => module.id)).toContain('dist/react.js');
    expect(code).toContain('data-todo-list');
    expect(code).not.toContain('data-todo-review-actions');
    const review = await bundleScript(page, { lazy: 'dist/todo-review-controls-' });
    expect(review.code).toContain('data-todo-review-actions');
  }, 60_000);
});

/** The packages a bundle still imports (the peers it left external). */
function importedPackages(code: string): string[] {
  const specifiers = [...code.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["'`]([^"'`]+)["'`]/g)].map((match) => match[1]!);
  return [...new Set(specifiers.map((specifier) => specifier.split('/')[0]!))].sort();
}

describe('zod in the bundles', () => {
  it('stays out of todo-write/react: the checklist never validates a list', async () => {
    const { code } = await bundleScript(ENTRY_SOURCES['./react']);
    expect(importedPackages(code)).not.toContain('zod');
  }, 60_000);

  it('stays out of a client that takes only the derivation from todo-write', async () => {
    const { code } = await bundleScript('bench/entries/client-selector.ts');
    expect(code.length).toBeGreaterThan(1000);
    expect(importedPackages(code)).not.toContain('zod');
  }, 60_000);

  it('stays out of the route handler too: the tool checks a list with rules of its own', async () => {
    const { code } = await bundleScript(ENTRY_SOURCES['. (route handler: todoWrite + readTodos)']);
    expect(importedPackages(code)).toEqual(['ai']);
  }, 60_000);

  it('is imported by a module that uses the zod schema', async () => {
    const { code } = await bundleScript(ENTRY_SOURCES['.']);
    expect(importedPackages(code)).toEqual(['ai', 'zod']);
  }, 60_000);
});

describe("other agents' shapes in the bundles", () => {
  const names = ['TodoWrite', 'TaskCreate', 'write_todos', 'update_plan', 'task_write', 'todowrite'];
  /** The tool names a bundle holds as string literals. */
  const namesIn = (code: string): string[] => names.filter((name) => new RegExp(`["'\`]${name}["'\`]`).test(code));

  it('never reach a todo_write route or page: no module of todo-write/agents in their bundles', async () => {
    for (const entry of [
      'bench/entries/client-list.ts',
      ENTRY_SOURCES['. (route handler: todoWrite + readTodos)'],
      ENTRY_SOURCES['.'],
      ENTRY_SOURCES['./react'],
    ]) {
      const { code, modules } = await bundleScript(entry);
      expect(code.length).toBeGreaterThan(1000);
      expect(namesIn(code), entry).toEqual([]);
      expect(
        modules.filter((module) => module.id.startsWith('src/agents')),
        entry,
      ).toEqual([]);
    }
  }, 120_000);

  it('cost a page that reads one of them its shapes and the task-by-task fold, and nothing more', async () => {
    const plain = await measureBundle('list', 'bench/entries/client-list.ts');
    const withShape = await measureBundle('list + claudeCode', 'bench/entries/client-list-claude-code.ts');
    const { code, modules } = await bundleScript('bench/entries/client-list-claude-code.ts');
    expect(namesIn(code)).toEqual(names);
    expect(modules.map((module) => module.id)).toEqual(
      expect.arrayContaining(['src/agents/agent-todo-tools.ts', 'src/agents/task-rows.ts']),
    );
    console.log(`todo-write/agents: +${withShape.gzipped - plain.gzipped} B gzipped over ${plain.gzipped} B`);
    expect(withShape.gzipped - plain.gzipped).toBeLessThanOrEqual(1.75 * 1024);
  }, 60_000);
});
