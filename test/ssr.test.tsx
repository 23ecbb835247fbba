import { afterEach, describe, expect, it, vi } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { renderToString } from 'react-dom/server';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { act, type ReactElement } from 'react';
import type { UIMessage } from 'ai';
import { TodoList, TodoReviewControls } from '../src/react.js';
import { reviewState } from './support/review-state.js';
import {
  collectSnapshots,
  finishChunk,
  scriptedModel,
  textStep,
  todoCallChunks,
  todoCallStep,
  TRICKY_PLAN,
} from './support/stream-todo-call.js';

// Real streams on a shared machine: generous, not a speed assertion.
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const user: UIMessage = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'plan' }] };

async function persistedConversation(): Promise<UIMessage[]> {
  const first = await collectSnapshots(scriptedModel([todoCallStep('c1', { todos: TRICKY_PLAN }), textStep('ok')]), [
    user,
  ]);
  // A second turn cut off mid-call: stored as `input-streaming`, as a stopped stream leaves it.
  const chunks = todoCallChunks('c2', { todos: [{ content: 'Rewrite everything', status: 'pending' }] });
  const second = await collectSnapshots(scriptedModel([[...chunks.slice(0, 10), finishChunk('stop')]]), [
    user,
    first.at(-1)!,
  ]);
  return [
    user,
    { ...first.at(-1)!, id: 'a1' },
    { id: 'u2', role: 'user', parts: [{ type: 'text', text: 'again' }] },
    { ...second.at(-1)!, id: 'a2' },
  ];
}

/** Hydrates the server's HTML with the same element: React must neither recover from a mismatch nor warn. */
async function hydrateWithoutWarnings(html: string, element: ReactElement): Promise<HTMLElement> {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const errors = vi.spyOn(console, 'error');
  const recoverable: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, element, { onRecoverableError: (error) => recoverable.push(error) });
  });
  expect(recoverable).toEqual([]);
  expect(errors).not.toHaveBeenCalled();
  return container;
}

describe('server rendering', () => {
  it('renders persisted messages, and hydrates without a warning', async () => {
    const messages = await persistedConversation();
    const html = renderToString(<TodoList messages={messages} status="ready" />);
    expect(html).toContain(TRICKY_PLAN[0].content.replace(/"/g, '&quot;'));
    expect(html).toContain('data-phase="rejected"');

    const container = await hydrateWithoutWarnings(html, <TodoList messages={messages} status="ready" />);
    const expected = document.createElement('div');
    expected.innerHTML = html;
    expect(container.innerHTML).toBe(expected.innerHTML);
  });
});

describe('server rendering of a plan that waits for review', () => {
  it('renders without the controls, hydrates without a warning although they loaded before, then shows them', async () => {
    vi.stubGlobal('IS_REACT_ACT_ENVIRONMENT', true);
    const state = reviewState('approval-1', [{ content: 'Ship it', status: 'pending' }]);
    const respond = vi.fn();
    // The controls' chunk is loaded in this page already (another list used it).
    const earlier = document.createElement('div');
    document.body.append(earlier);
    const root = createRoot(earlier);
    await act(async () => root.render(<TodoReviewControls state={state} onRespond={respond} />));
    await vi.waitFor(() => expect(earlier.querySelector('[data-todo-review]')).not.toBeNull());
    act(() => root.unmount());
    earlier.remove();

    const page = <TodoList state={state} addToolApprovalResponse={respond} />;
    const html = renderToString(page);
    expect(html).toContain('data-phase="review"');
    expect(html).not.toContain('data-todo-review');
    const container = await hydrateWithoutWarnings(html, page);
    expect(container.querySelector('[data-todo-review] button')?.textContent).toBe('Approve');
  });
});

describe('entry points', () => {
  /** Every module specifier a source file imports, static and dynamic. */
  const importsOf = (file: string): string[] =>
    [...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((match) => match[1]!);

  it('the server-safe entry never imports React', () => {
    const seen = new Set<string>();
    const visit = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const specifier of importsOf(file)) {
        expect(specifier).not.toMatch(/^react($|\/|-dom)/);
        if (specifier.startsWith('.')) visit(resolve(dirname(file), specifier.replace(/\.js$/, '.ts')));
      }
    };
    visit(resolve('src/index.ts'));
    expect(seen.has(resolve('src/read/todo-selector.ts'))).toBe(true);
    expect([...seen].some((file) => file.includes('/react/'))).toBe(false);
  });

  it('the React side takes the core through one module', () => {
    const folder = resolve('src/react');
    for (const file of readdirSync(folder)) {
      const core = importsOf(resolve(folder, file)).filter((specifier) => specifier.startsWith('../'));
      expect(
        core.every((specifier) => specifier === '../core.js'),
        file,
      ).toBe(true);
    }
  });

  it('the React entry starts with "use client" (source, and build when present)', () => {
    expect(readFileSync(resolve('src/react.ts'), 'utf8').startsWith("'use client';")).toBe(true);
    const built = resolve('dist/react.js');
    if (existsSync(built)) expect(readFileSync(built, 'utf8')).toMatch(/^['"]use client['"];/);
  });

  it('nothing touches window or document at import', async () => {
    vi.stubGlobal('window', undefined);
    vi.stubGlobal('document', undefined);
    vi.resetModules();
    const client = await import('../src/react.js');
    const server = await import('../src/index.js');
    expect(client.TodoList).toBeTruthy();
    expect(typeof server.selectTodoState).toBe('function');
  });
});
