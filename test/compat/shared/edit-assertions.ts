/**
 * The person edits a waiting plan before approving it, through the real SDK of each major that has
 * approvals (AI SDK 6 and 7): the edit travels in the approval answer, the tool validates and
 * stores it, and every reader and the model's next step see the edited list.
 */
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { readTodos, type Todo } from '../../../src/index.js';
import { editAnswer } from '../../../src/tool/todo-edit.js';
import { todoEditReason } from '../../../src/index.js';
import { createReviewHarness, type ReviewRoute, say, todoPartStates, write } from './review-harness.js';

const PROPOSED: Todo[] = [
  { content: 'Read the pager code', status: 'in_progress' },
  { content: 'Fix the off-by-one', status: 'pending' },
  { content: 'Rewrite the whole pager', status: 'pending' },
];
// Task 1 renamed, task 3 removed, a task added and moved to the top.
const EDITED: Todo[] = [
  { content: 'Add a failing test for page 2', status: 'pending' },
  { content: 'Read the pager code first', status: 'in_progress' },
  { content: 'Fix the off-by-one', status: 'pending' },
];

const contents = (todos: readonly { content: string }[]): string[] => todos.map((todo) => todo.content);

export function describePlanEditing(major: 6 | 7, routes: readonly ReviewRoute[]): void {
  for (const route of routes) {
    describe(`editing a waiting plan on AI SDK ${major} through ${route}`, () => {
      it('the edited list is the plan: the store, readTodos, the checklist and the model all see it', async () => {
        const harness = createReviewHarness({
          route,
          policy: 'first-plan',
          steps: [write('call-1', PROPOSED), say('Starting with the test.')],
        });
        await harness.chat.sendMessage({ text: 'Fix the pager' });
        await harness.settle(1);
        const waiting = harness.state();
        expect(waiting.phase).toBe('review');
        // A waiting plan has not started: it never reads as live, so nothing spins.
        expect(harness.wasLiveInReview()).toBe(false);
        const answer = editAnswer(waiting.approvalId!, PROPOSED, EDITED, { maxTodos: 50, maxContentLength: 200 });
        expect(answer?.reason).toBe(todoEditReason(EDITED));
        await harness.chat.addToolApprovalResponse(answer!);
        await harness.settle(2);

        expect(harness.stored).toEqual([{ toolCallId: 'call-1', todos: EDITED }]);
        expect(todoPartStates(harness.chat)).toEqual([['call-1', 'output-available']]);
        // The UI part keeps the model's input; every reader sees the edit the tool wrote.
        const part = harness.chat.messages
          .flatMap((message) => message.parts)
          .find((each) => each.toolCallId === 'call-1');
        expect(contents((part!.input as { todos: Todo[] }).todos)).toEqual(contents(PROPOSED));
        const accepted = harness.state();
        expect(accepted).toMatchObject({ phase: 'accepted', toolCallId: 'call-1' });
        expect(accepted.todos.map((row) => [row.content, row.status])).toEqual(
          EDITED.map((todo) => [todo.content, todo.status]),
        );
        expect(readTodos(harness.chat.messages as never)).toEqual(EDITED);

        // The model's next step read the edit, said plainly, and read it as the current list.
        const [result] = harness.toolResultsSeenBy(2);
        expect(result).toMatchObject({
          toolCallId: 'call-1',
          output: { type: 'json', value: { pending: 2, in_progress: 1, completed: 0, edited_by_user: EDITED } },
        });
        expect(readTodos(harness.prompts[1] as never)).toEqual(EDITED);
        const resultTokens = countTokens(JSON.stringify(result!.output.value));
        expect(resultTokens).toBeLessThanOrEqual(countTokens(JSON.stringify({ todos: EDITED })) + 20);
      });

      it('an approval without changes is a plain approval: the proposal runs as the model sent it', async () => {
        const harness = createReviewHarness({
          route,
          policy: 'first-plan',
          steps: [write('call-1', PROPOSED), say('Done.')],
        });
        await harness.chat.sendMessage({ text: 'Fix the pager' });
        await harness.settle(1);
        const answer = editAnswer(harness.state().approvalId!, PROPOSED, PROPOSED, {
          maxTodos: 50,
          maxContentLength: 200,
        });
        expect(answer).toEqual({ id: harness.state().approvalId, approved: true });
        await harness.chat.addToolApprovalResponse(answer!);
        await harness.settle(2);
        expect(harness.stored).toEqual([{ toolCallId: 'call-1', todos: PROPOSED }]);
        expect(harness.toolResultsSeenBy(2)[0]?.output).toEqual({
          type: 'json',
          value: { pending: 2, in_progress: 1, completed: 0 },
        });
      });

      it('an edit that breaks a rule stores nothing: the model hears why and the last accepted list stays', async () => {
        const harness = createReviewHarness({
          route,
          policy: 'first-plan',
          steps: [write('call-1', PROPOSED), say('Sorry.')],
        });
        await harness.chat.sendMessage({ text: 'Fix the pager' });
        await harness.settle(1);
        const duplicate: Todo[] = [PROPOSED[0]!, { content: 'Read the pager code ', status: 'pending' }];
        // The editor never sends this (editAnswer refuses it); a hand-made answer reaches the tool.
        expect(
          editAnswer(harness.state().approvalId!, PROPOSED, duplicate, { maxTodos: 50, maxContentLength: 200 }),
        ).toBeUndefined();
        await harness.chat.addToolApprovalResponse({
          id: harness.state().approvalId!,
          approved: true,
          reason: todoEditReason(duplicate),
        });
        await harness.settle(2);
        expect(harness.stored).toEqual([]);
        expect(todoPartStates(harness.chat)).toEqual([['call-1', 'output-error']]);
        expect(readTodos(harness.chat.messages as never)).toEqual([]);
        const [result] = harness.toolResultsSeenBy(2);
        expect(String(result?.output.value)).toContain("The user's edit of your list broke the rules");
        expect(String(result?.output.value)).toContain('have the same content');
        expect(harness.state()).toMatchObject({ phase: 'rejected', rejection: 'error' });
      });

      it('an edit carried by a denial is ignored: a denial saves nothing', async () => {
        const harness = createReviewHarness({
          route,
          policy: 'first-plan',
          steps: [write('call-1', PROPOSED), say('What should change?')],
        });
        await harness.chat.sendMessage({ text: 'Fix the pager' });
        await harness.settle(1);
        await harness.chat.addToolApprovalResponse({
          id: harness.state().approvalId!,
          approved: false,
          reason: todoEditReason(EDITED),
        });
        await harness.settle(2);
        expect(harness.stored).toEqual([]);
        expect(readTodos(harness.chat.messages as never)).toEqual([]);
        expect(harness.state()).toMatchObject({ phase: 'rejected', rejection: 'denied' });
      });
    });
  }
}
