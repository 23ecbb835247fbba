/** A page that shows `<TodoList>` with a plan waiting for review, its tasks given by the test, and records the answer. */
import { createRoot } from 'react-dom/client';
import '../../../src/styles.css';
import { selectTodoState, type Todo } from '../../../src/index.js';
import { TodoList } from '../../../src/react.js';

declare global {
  interface Window {
    /** Shows `todos` as a proposal that waits for review. */
    showProposal: (todos: Todo[]) => void;
    /** The answers given, in order. */
    answers: unknown[];
  }
}

const root = createRoot(document.getElementById('root')!);
window.answers = [];
window.showProposal = (todos) => {
  const part = {
    type: 'tool-todo_write',
    toolCallId: 'call-1',
    state: 'approval-requested',
    input: { todos },
    approval: { id: 'approval-1' },
  };
  const state = selectTodoState([{ id: 'm1', parts: [part] }], { status: 'ready' });
  root.render(<TodoList state={state} addToolApprovalResponse={(answer) => void window.answers.push(answer)} />);
};
