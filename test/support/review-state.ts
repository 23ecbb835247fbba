/** A checklist state whose plan waits for review, as `selectTodoState` derives it from a message. */
import {
  type AnyTodoState,
  selectTodoState,
  type Todo,
  type TodoRowStatus,
  type TodoToolOption,
} from '../../src/index.js';

export function reviewState(
  approvalId: string,
  todos: readonly Todo<TodoRowStatus>[],
  tool: TodoToolOption<TodoRowStatus> = 'todo_write',
): AnyTodoState {
  const name = typeof tool === 'string' ? tool : (tool.name ?? 'todo_write');
  const part = {
    type: `tool-${name}`,
    toolCallId: `call-${approvalId}`,
    state: 'approval-requested',
    input: { [typeof tool === 'object' && 'list' in tool && tool.list !== undefined ? tool.list : 'todos']: todos },
    approval: { id: approvalId },
  };
  return selectTodoState([{ id: `m-${approvalId}`, parts: [part] }], { status: 'ready', tool });
}
