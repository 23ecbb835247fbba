/** A conversation of accepted `todo_write` calls, one assistant message per list. */
export interface PlanTodo {
  content: string;
  status: 'pending' | 'in_progress' | 'completed';
}

export function conversationOf(lists: readonly PlanTodo[][]) {
  return lists.map((todos, index) => ({
    id: `m${index}`,
    role: 'assistant' as const,
    parts: [
      {
        type: 'tool-todo_write',
        toolCallId: `c${index}`,
        state: 'output-available',
        input: { todos },
        output: { pending: 0, in_progress: 0, completed: 0 },
      },
    ],
  }));
}
