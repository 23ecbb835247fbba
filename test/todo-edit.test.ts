import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readTodos, validateTodos, type Todo } from '../src/index.js';
import { checkTodoEdit } from '../src/plan/todo-rules.js';
import { writtenInput } from '../src/plan/todo-edit-reason.js';
import { editAnswer } from '../src/tool/todo-edit.js';
import { findTodoEdit } from '../src/tool/todo-edit.js';
import { readTodoEdit, todoEditReason } from '../src/index.js';
import { TODO_WRITE_STATUSES } from '../src/plan/todo-statuses.js';

const LIMITS = { maxTodos: 50, maxContentLength: 200 };
const PROPOSED: Todo[] = [
  { content: 'Read the code', status: 'in_progress' },
  { content: 'Fix the bug', status: 'pending' },
];
const EDITED: Todo[] = [
  { content: 'Write a failing test', status: 'pending' },
  { content: 'Read the code', status: 'in_progress' },
];

describe('checkTodoEdit: the tool rules as the person types', () => {
  it('accepts a list that follows every rule', () => {
    expect(checkTodoEdit(EDITED, { maxTodos: 50, maxContentLength: 200 })).toEqual({
      valid: true,
      items: [undefined, undefined],
      tooMany: false,
    });
  });

  it('names the rule each task breaks: empty, duplicate (after trimming), two in progress', () => {
    const check = checkTodoEdit(
      [
        { content: '  ', status: 'pending' },
        { content: 'Read the code', status: 'in_progress' },
        { content: 'Read the code ', status: 'pending' },
        { content: 'Ship it', status: 'in_progress' },
      ],
      LIMITS,
    );
    expect(check.valid).toBe(false);
    expect(check.items).toEqual(['empty', 'duplicate', 'duplicate', 'in-progress']);
  });

  it('flags a list longer than maxTodos', () => {
    expect(checkTodoEdit(EDITED, { maxTodos: 1, maxContentLength: 200 })).toMatchObject({
      valid: false,
      tooMany: true,
    });
  });

  it('agrees with the tool on every list of short tasks (property)', () => {
    const todo = fc.record({
      content: fc.constantFrom('', ' ', 'A', 'A ', 'B', ' C', 'Read the code'),
      status: fc.constantFrom(...TODO_WRITE_STATUSES),
    });
    fc.assert(
      fc.property(fc.array(todo, { maxLength: 6 }), fc.integer({ min: 1, max: 6 }), (todos, maxTodos) => {
        expect(checkTodoEdit(todos, { maxTodos, maxContentLength: 200 }).valid).toBe(
          validateTodos({ todos }, { maxTodos }).valid,
        );
      }),
    );
  });
});

describe('editAnswer: what the editor sends', () => {
  it('an unchanged list is a plain approval', () => {
    expect(editAnswer('approval-1', PROPOSED, PROPOSED, LIMITS)).toEqual({ id: 'approval-1', approved: true });
  });

  it('an edited list travels in the reason, trimmed, and reads back as the same input', () => {
    const answer = editAnswer(
      'approval-1',
      PROPOSED,
      [{ content: ' Write a failing test ', status: 'pending' }],
      LIMITS,
    );
    expect(answer).toEqual({
      id: 'approval-1',
      approved: true,
      reason: todoEditReason([{ content: 'Write a failing test', status: 'pending' }]),
    });
    expect(readTodoEdit(answer!.reason)).toEqual([{ content: 'Write a failing test', status: 'pending' }]);
  });

  it('a list that breaks a rule is never sent', () => {
    expect(editAnswer('approval-1', PROPOSED, [{ content: '', status: 'pending' }], LIMITS)).toBeUndefined();
  });

  it('a person’s own reason is not an edit', () => {
    expect(readTodoEdit('Looks good')).toBeUndefined();
    expect(readTodoEdit('todo_write edit: not json')).toBeUndefined();
  });
});

describe('writtenInput: which list a call writes', () => {
  it('the tool’s output wins, then an approving answer’s edit, else the model’s input', () => {
    const input = { todos: PROPOSED };
    const reason = todoEditReason(EDITED);
    expect(
      writtenInput(input, { pending: 1, in_progress: 1, completed: 0, edited_by_user: EDITED }, true, reason),
    ).toEqual({ todos: EDITED });
    expect(writtenInput(input, undefined, true, reason)).toEqual({ todos: EDITED });
    expect(writtenInput(input, undefined, false, reason)).toBe(input);
    expect(writtenInput(input, { pending: 1, in_progress: 1, completed: 0 }, true, 'Looks good')).toBe(input);
  });
});

describe('findTodoEdit: the edit the tool applies', () => {
  const history = (answer: Record<string, unknown>) => [
    { role: 'user', content: [{ type: 'text', text: 'Fix the bug' }] },
    {
      role: 'assistant',
      content: [
        { type: 'tool-call', toolCallId: 'call-1', toolName: 'todo_write', input: { todos: PROPOSED } },
        { type: 'tool-approval-request', approvalId: 'approval-1', toolCallId: 'call-1' },
      ],
    },
    { role: 'tool', content: [{ type: 'tool-approval-response', approvalId: 'approval-1', ...answer }] },
  ];

  it('reads the approving answer of this call in the last message', () => {
    const messages = history({ approved: true, reason: todoEditReason(EDITED) });
    expect(findTodoEdit(messages, 'call-1')).toEqual({ todos: EDITED });
    expect(findTodoEdit(messages, 'call-2')).toBeUndefined();
    // readTodos over the same model messages takes the edit once the tool's result says it wrote it.
    const withResult = [
      ...messages.slice(0, 2),
      {
        role: 'tool',
        content: [
          messages[2]!.content[0],
          {
            type: 'tool-result',
            toolCallId: 'call-1',
            toolName: 'todo_write',
            output: { type: 'json', value: { pending: 1, in_progress: 1, completed: 0, edited_by_user: EDITED } },
          },
        ],
      },
    ];
    expect(readTodos(withResult as never)).toEqual(EDITED);
  });

  it('ignores a denial, and an answer that is not in the last message', () => {
    expect(findTodoEdit(history({ approved: false, reason: todoEditReason(EDITED) }), 'call-1')).toBeUndefined();
    const later = [...history({ approved: true, reason: todoEditReason(EDITED) }), { role: 'user', content: [] }];
    expect(findTodoEdit(later, 'call-1')).toBeUndefined();
  });
});
