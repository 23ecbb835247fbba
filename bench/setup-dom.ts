/**
 * Prepares a Node process to render React into jsdom, and counts the `<li>` rows React renders
 * in each commit through the DevTools hook (no change to the components measured).
 * Must run before react-dom is imported.
 */
import { JSDOM } from 'jsdom';

interface Fiber {
  type: unknown;
  child: Fiber | null;
  sibling: Fiber | null;
  alternate: Fiber | null;
  memoizedProps: unknown;
}

import { commitListener } from './commit-listener.js';

export { commitListener };

/**
 * Rows (`<li>`) rendered in the commit that produced `root`: mounted, or given a new props object
 * by a component that rendered. Subtrees React bailed out of (`child` shared with the previous
 * tree) are skipped: nothing in them rendered.
 */
export function countRenderedRows(root: Fiber): number {
  return countRendered(root).rows;
}

/** `<li>` rows and `<p data-todo-call-summary>` elements rendered in the commit that produced `root`. */
export function countRendered(root: Fiber): { rows: number; summaries: number } {
  let rows = 0;
  let summaries = 0;
  const stack: Fiber[] = [root];
  while (stack.length > 0) {
    const fiber = stack.pop()!;
    const previous = fiber.alternate;
    const rendered = previous === null || previous.memoizedProps !== fiber.memoizedProps;
    if (fiber.type === 'li' && rendered) rows += 1;
    if (fiber.type === 'p' && rendered && 'data-todo-call-summary' in (fiber.memoizedProps as object)) summaries += 1;
    if (fiber.child && (previous === null || fiber.child !== previous.child)) {
      for (let child: Fiber | null = fiber.child; child; child = child.sibling) stack.push(child);
    }
  }
  return { rows, summaries };
}

export function setupDom(): void {
  const dom = new JSDOM('<!doctype html><html><body></body></html>', { url: 'http://localhost/' });
  const target = globalThis as Record<string, unknown>;
  for (const key of Object.getOwnPropertyNames(dom.window)) {
    if (key in target) continue;
    try {
      target[key] = (dom.window as unknown as Record<string, unknown>)[key];
    } catch {
      // a getter jsdom does not allow on another global: not needed by React
    }
  }
  target.window = dom.window;
  target.document = dom.window.document;
  target.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    isDisabled: false,
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    onScheduleFiberRoot: () => {},
    onCommitFiberRoot: (_rendererId: number, root: { current: Fiber }) => {
      const { rows, summaries } = countRendered(root.current);
      commitListener.onCommit(rows, summaries);
    },
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {},
    checkDCE: () => {},
  };
}
