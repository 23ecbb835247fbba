import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { selectTodoState } from '../src/index.js';
import { TodoList } from '../src/react.js';
import { seededRandom } from '../src/testing/seeded-random.js';
import { conversationWith, generateReplans, streamingSnapshots } from './support/replans.js';

/**
 * Replays coding agents' replans call by call into one mounted <TodoList>, as `useChat` hands them over, and counts
 * the row elements React takes out of the page. A task's element lives from its first streamed character until a
 * call drops it: every other removal is a remount (a key that changed under the same task).
 */
describe('row elements over real-shaped sessions', () => {
  const SEED = 20261206;
  const corpus = generateReplans({ seed: SEED, minCalls: 150 });

  it('are replaced only when a call drops their task', async () => {
    let dropped = 0;
    let removedElements = 0;
    let snapshots = 0;
    for (const conversation of corpus) {
      const random = seededRandom(SEED + conversation.calls.length);
      const view = render(
        <TodoList messages={conversationWith(conversation, 0)} status="streaming" maxVisible={Infinity} />,
      );
      // A moved element is taken out and put back: only one no longer in the page is gone.
      const observer = new MutationObserver(() => {});
      const countGone = (): void => {
        const gone = new Set<Node>();
        for (const record of observer.takeRecords())
          for (const node of record.removedNodes)
            if ((node as Element).matches?.('li[data-todo-item]') && !node.isConnected) gone.add(node);
        removedElements += gone.size;
      };
      observer.observe(view.container, { childList: true, subtree: true });
      for (let index = 0; index < conversation.calls.length; index++) {
        // The rows the previous call dropped leave as this one starts.
        const before = selectTodoState(conversationWith(conversation, index), { status: 'streaming' });
        dropped += before.removed.length;
        for (const snapshot of await streamingSnapshots(conversation, index, random)) {
          view.rerender(<TodoList messages={snapshot} status="streaming" maxVisible={Infinity} />);
          countGone();
          snapshots += 1;
        }
        view.rerender(
          <TodoList messages={conversationWith(conversation, index + 1)} status="streaming" maxVisible={Infinity} />,
        );
        countGone();
      }
      observer.disconnect();
      view.unmount();
    }
    expect(snapshots).toBeGreaterThan(5_000);
    expect(dropped).toBeGreaterThan(0);
    expect(removedElements).toBe(dropped);
  }, 120_000);
});
