/** A conversation whose waiting `todo_write` plan the person approved with an edit: the prompt of the next step. */
import type { ModelMessage } from 'ai';
import { todoEditReason } from '../../src/index.js';
import type { Todo } from '../../src/index.js';

/** The user's request, the proposed call waiting as `call-1` / `approval-1`, and the approval carrying `edited`. */
export function approvedEditMessages(
  request: string,
  proposed: readonly Todo[],
  edited: readonly Todo[],
): ModelMessage[] {
  return [
    { role: 'user', content: request },
    {
      role: 'assistant',
      content: [
        { type: 'tool-call', toolCallId: 'call-1', toolName: 'todo_write', input: { todos: proposed } },
        { type: 'tool-approval-request', approvalId: 'approval-1', toolCallId: 'call-1' },
      ],
    },
    {
      role: 'tool',
      content: [
        {
          type: 'tool-approval-response',
          approvalId: 'approval-1',
          approved: true,
          reason: todoEditReason([...edited]),
        },
      ],
    },
  ];
}
