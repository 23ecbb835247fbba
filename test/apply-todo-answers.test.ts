import type { UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { applyTodoAnswers, todoEditReason } from '../src/index.js';

const waiting = (toolCallId: string, approvalId: string) => ({
  type: 'tool-todo_write',
  toolCallId,
  state: 'approval-requested',
  input: { todos: [{ content: 'Write the migration', status: 'in_progress' }] },
  approval: { id: approvalId },
});
const stored = (...parts: unknown[]): UIMessage[] => [
  { id: 'u', role: 'user', parts: [{ type: 'text', text: 'Plan it' }] },
  { id: 'a', role: 'assistant', parts: [{ type: 'step-start' }, ...parts] as UIMessage['parts'] },
];

describe('applyTodoAnswers', () => {
  it('answers each waiting call as the browser would, leaving the stored conversation as it was', () => {
    const messages = stored(waiting('c1', 'ap1'), waiting('c2', 'ap2'));
    const before = structuredClone(messages);
    const result = applyTodoAnswers(messages, [
      { id: 'ap1', approved: true },
      { id: 'ap2', approved: false, reason: '  Do the backup first.  ' },
    ]);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.messages.at(-1)!.parts.slice(1)).toMatchObject([
      { toolCallId: 'c1', state: 'approval-responded', approval: { id: 'ap1', approved: true } },
      {
        toolCallId: 'c2',
        state: 'approval-responded',
        approval: { id: 'ap2', approved: false, reason: 'Do the backup first.' },
      },
    ]);
    expect(messages).toEqual(before);
  });

  it('takes an edited plan only when it keeps the rules and limits of the tool, rebuilt from the checked list', () => {
    const messages = stored(waiting('c1', 'ap1'));
    const edit = [{ content: ' Back up the table ', status: 'in_progress' as const, extra: 'dropped' }];
    const result = applyTodoAnswers(messages, [{ id: 'ap1', approved: true, reason: todoEditReason(edit as never) }]);
    // Trimmed, as the page's editor sends it.
    expect(result.ok && result.messages.at(-1)!.parts[1]).toMatchObject({
      approval: { reason: todoEditReason([{ content: 'Back up the table', status: 'in_progress' }]) },
    });
    // An edit that cannot be read is refused: running the model's own plan would drop it without a word.
    for (const reason of [
      'todo_write edit: {"todos":{"content":"X"}}',
      'todo_write edit: {"todos":[{"cont',
      'todo_write edit: {"items":[]}',
    ])
      expect(applyTodoAnswers(messages, [{ id: 'ap1', approved: true, reason }])).toMatchObject({
        ok: false,
        reason: 'invalid',
      });
    const two = [
      { content: 'A', status: 'in_progress' },
      { content: 'B', status: 'in_progress' },
    ] as const;
    const broken = applyTodoAnswers(messages, [{ id: 'ap1', approved: true, reason: todoEditReason(two as never) }]);
    expect(broken).toMatchObject({ ok: false, reason: 'invalid' });
    expect(!broken.ok && broken.problems?.map((problem) => problem.code)).toEqual(['in-progress']);
    const long = applyTodoAnswers(
      messages,
      [{ id: 'ap1', approved: true, reason: todoEditReason([{ content: 'x'.repeat(30), status: 'pending' }]) }],
      {
        maxContentLength: 20,
      },
    );
    expect(long).toMatchObject({ ok: false, reason: 'invalid' });
    expect(applyTodoAnswers(messages, [{ id: 'ap1', approved: false, reason: todoEditReason([]) }])).toMatchObject({
      ok: false,
      reason: 'invalid',
    });
  });

  it('refuses answers that are not answers (400) and answers to calls not waiting, or that leave one waiting (409)', () => {
    const messages = stored(waiting('c1', 'ap1'), waiting('c2', 'ap2'));
    for (const answers of [
      undefined,
      [],
      [{ id: 'ap1' }],
      [{ id: 1, approved: true }],
      [{ id: 'ap1', approved: true, reason: 7 }],
      [
        { id: 'ap1', approved: true },
        { id: 'ap1', approved: true },
      ],
    ])
      expect(applyTodoAnswers(messages, answers), JSON.stringify(answers)).toMatchObject({
        ok: false,
        reason: 'invalid',
      });
    expect(applyTodoAnswers(messages, [{ id: 'ap1', approved: true, reason: 'x'.repeat(2001) }])).toMatchObject({
      reason: 'invalid',
    });
    expect(applyTodoAnswers(messages, [{ id: 'ap1', approved: true }])).toMatchObject({ ok: false, reason: 'stale' });
    expect(
      applyTodoAnswers(messages, [
        { id: 'ap1', approved: true },
        { id: 'ap2', approved: true },
        { id: 'other', approved: true },
      ]),
    ).toMatchObject({ ok: false, reason: 'stale' });
    const answered = applyTodoAnswers(messages, [
      { id: 'ap1', approved: true },
      { id: 'ap2', approved: true },
    ]);
    expect(answered.ok && applyTodoAnswers(answered.messages, [{ id: 'ap1', approved: true }])).toMatchObject({
      ok: false,
      reason: 'stale',
    });
    expect(applyTodoAnswers([], [{ id: 'ap1', approved: true }])).toMatchObject({ ok: false, reason: 'stale' });
    // A store that lost the chat is no conversation at all: stale, not a crash.
    expect(applyTodoAnswers(null as never, [{ id: 'ap1', approved: true }])).toMatchObject({
      ok: false,
      reason: 'stale',
    });
  });
});
