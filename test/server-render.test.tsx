// @vitest-environment node
// A real server: no DOM globals at all (the jsdom tests cannot prove that nothing touches them).
import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import type { UIMessage } from 'ai';
import { collectSnapshots, scriptedModel, textStep, todoCallStep, TRICKY_PLAN } from './support/stream-todo-call.js';

const user: UIMessage = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'plan' }] };

describe('on a server with no DOM', () => {
  it('imports the client entry and renders a stored conversation to HTML', async () => {
    expect(typeof window).toBe('undefined');
    expect(typeof document).toBe('undefined');
    const { TodoList } = await import('../src/react.js');
    const snapshots = await collectSnapshots(
      scriptedModel([todoCallStep('c1', { todos: TRICKY_PLAN }), textStep('ok')]),
      [user],
    );
    const html = renderToString(<TodoList messages={[user, snapshots.at(-1)!]} status="ready" />);
    expect(html).toContain('data-phase="accepted"');
    expect(html.match(/<li\b/g)).toHaveLength(Math.min(TRICKY_PLAN.length, 8));
    expect(html).toContain('role="status"');
  });
});
