/**
 * Entry of the row benchmark child process (run with NODE_ENV=production): coding agents' replans (the generator the
 * tests use), streamed call by call into one mounted <TodoList> in jsdom. Counts the row elements React replaced
 * (a removal that was not a task the call dropped) and the re-sent rows that first showed a cut-off text.
 */
import { setupDom } from './setup-dom.js';

setupDom();
const { createElement } = await import('react');
const { flushSync } = await import('react-dom');
const { createRoot } = await import('react-dom/client');
const { selectTodoState } = await import('../src/index.js');
const { TodoList } = await import('../src/react.js');
const { seededRandom } = await import('../src/testing/seeded-random.js');
const { conversationWith, generateReplans, streamingSnapshots } = await import('../test/support/replans.js');

/** What the replay counted. */
export interface RowsReport {
  calls: number;
  snapshots: number;
  /** Row elements taken out of the page for good, and how many of those were tasks a call dropped. */
  removedElements: number;
  dropped: number;
  /** Rows of pure re-sends (same texts, statuses moved), and those that showed a text that is not whole. */
  resentRows: number;
  retypedRows: number;
}

const SEED = 20261206;
const corpus = generateReplans({ seed: SEED, minCalls: 400 });
const report: RowsReport = { calls: 0, snapshots: 0, removedElements: 0, dropped: 0, resentRows: 0, retypedRows: 0 };
const container = document.createElement('div');
document.body.append(container);
for (const conversation of corpus) {
  const random = seededRandom(SEED + conversation.calls.length);
  const root = createRoot(container);
  const show = (messages: unknown[]): void =>
    flushSync(() =>
      root.render(createElement(TodoList, { messages: messages as never, status: 'streaming', maxVisible: Infinity })),
    );
  const observer = new MutationObserver(() => {});
  observer.observe(container, { childList: true, subtree: true });
  const countGone = (): void => {
    const gone = new Set<Node>();
    for (const record of observer.takeRecords())
      for (const node of record.removedNodes)
        if ((node as Element).matches?.('li[data-todo-item]') && !node.isConnected) gone.add(node);
    report.removedElements += gone.size;
  };
  show(conversationWith(conversation, 0));
  for (let index = 0; index < conversation.calls.length; index++) {
    const call = conversation.calls[index]!;
    report.calls += 1;
    report.dropped += selectTodoState(conversationWith(conversation, index), { status: 'streaming' }).removed.length;
    const whole = new Set(call.todos.map((todo) => todo.content));
    const retyped = new Set<string>();
    for (const snapshot of await streamingSnapshots(conversation, index, random)) {
      show(snapshot);
      countGone();
      report.snapshots += 1;
      if (call.kind !== 'resend') continue;
      for (const item of container.querySelectorAll('li[data-todo-item] [data-todo-content]')) {
        const text = item.textContent ?? '';
        if (!whole.has(text) && call.todos.some((todo) => todo.content.startsWith(text))) retyped.add(text);
      }
    }
    if (call.kind === 'resend') {
      report.resentRows += call.todos.length;
      report.retypedRows += retyped.size;
    }
    show(conversationWith(conversation, index + 1));
    countGone();
  }
  observer.disconnect();
  root.unmount();
}
process.stdout.write(`${JSON.stringify(report)}\n`);
