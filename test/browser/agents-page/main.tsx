/** A page that shows `<TodoList>` over accepted Gemini CLI `write_todos` calls the test writes, in a theme it picks. */
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import '../../../src/styles.css';
import { agentTodoTools } from '../../../src/agents.js';
import { TodoList } from '../../../src/react.js';

/** A task as Gemini CLI writes it. */
export interface GeminiTodo {
  description: string;
  status: 'pending' | 'in_progress' | 'completed' | 'cancelled';
}

declare global {
  interface Window {
    /** Renders the list after these accepted writes, the chat still running. */
    showGeminiWrites: (lists: GeminiTodo[][], theme: 'light' | 'dark') => void;
  }
}

const root = createRoot(document.getElementById('root')!);
window.showGeminiWrites = (lists, theme) => {
  document.documentElement.style.colorScheme = theme;
  document.body.style.background = theme === 'dark' ? '#0d1117' : '#ffffff';
  const messages = lists.map((todos, index) => ({
    id: `m${index}`,
    role: 'assistant' as const,
    parts: [
      {
        type: 'tool-write_todos',
        toolCallId: `c${index}`,
        state: 'output-available',
        input: { todos },
        output: 'Successfully updated the todo list.',
      },
    ],
  }));
  flushSync(() =>
    root.render(<TodoList messages={messages} status="streaming" tool={agentTodoTools.geminiCli} theme={theme} />),
  );
};
