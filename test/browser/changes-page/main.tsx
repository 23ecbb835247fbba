/** A page that shows `<TodoList>` over a conversation the test writes to, hydrating the server's HTML when there is one. */
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import '../../../src/styles.css';
import { TodoList } from '../../../src/react.js';
import { conversationOf, type PlanTodo } from './conversation.js';

declare global {
  interface Window {
    /** Renders the list after these accepted writes (the chat still running unless `status` says otherwise). */
    showWrites: (lists: PlanTodo[][], status?: 'streaming' | 'ready') => void;
    initialWrites?: PlanTodo[][];
    /** Renders the list of a conversation the test wrote whole, the chat over. */
    showMessages: (messages: unknown[]) => void;
  }
}

const container = document.getElementById('root')!;
let root: Root | undefined;
window.showWrites = (lists, status = 'streaming') => {
  const element = <TodoList messages={conversationOf(lists)} status={status} />;
  if (window.initialWrites && !root) {
    root = hydrateRoot(container, element);
    return;
  }
  root ??= createRoot(container);
  const current = root;
  flushSync(() => current.render(element));
};
if (window.initialWrites) window.showWrites(window.initialWrites, 'ready');
window.showMessages = (messages) => {
  root ??= createRoot(container);
  const current = root;
  flushSync(() => current.render(<TodoList messages={messages as never} status="ready" />));
};
