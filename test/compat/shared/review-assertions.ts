/**
 * Plan review through the real SDK of each major that has approvals (AI SDK 6 and 7): every
 * policy, approve, deny with and without a reason, what the model reads next, stop and a new
 * message while a plan waits, and the checklist's phase at every step.
 */
import { describe, expect, it } from 'vitest';
import type { Todo } from '../../../src/index.js';
import { denialMessage as todoDenialMessage, NOT_SAVED_SUPERSEDED } from '../../../src/plan/model-texts.js';

const TODO_REVIEW_SUPERSEDED_MESSAGE = NOT_SAVED_SUPERSEDED;
import { createReviewHarness, type ReviewRoute, say, todoPartStates, write } from './review-harness.js';

const PLAN: Todo[] = [
  { content: 'Read the pager code', status: 'in_progress' },
  { content: 'Fix the off-by-one', status: 'pending' },
];
const PLAN_STARTED: Todo[] = [
  { content: 'Read the pager code', status: 'completed' },
  { content: 'Fix the off-by-one', status: 'in_progress' },
];
const PLAN_DONE: Todo[] = [
  { content: 'Read the pager code', status: 'completed' },
  { content: 'Fix the off-by-one', status: 'completed' },
];
const REVISED: Todo[] = [...PLAN, { content: 'Update the user documentation', status: 'pending' }];

const COUNTS_OF_PLAN = { type: 'json', value: { pending: 1, in_progress: 1, completed: 0 } };

export function describePlanReview(major: 6 | 7, routes: readonly ReviewRoute[]): void {
  for (const route of routes) {
    describe(`plan review on AI SDK ${major} through ${route}`, () => {
      it("with 'never' nothing waits: the plan runs at once", async () => {
        const harness = createReviewHarness({
          route,
          policy: 'never',
          steps: [write('call-1', PLAN), write('call-2', PLAN_DONE), say('Done.')],
        });
        await harness.chat.sendMessage({ text: 'Fix the pager' });
        await harness.settle(3);
        expect(todoPartStates(harness.chat)).toEqual([
          ['call-1', 'output-available'],
          ['call-2', 'output-available'],
        ]);
        expect(harness.takePhases()).not.toContain('review');
        expect(harness.state().phase).toBe('accepted');
      });

      it("with 'first-plan' the first plan waits; once approved it runs and later writes do not wait", async () => {
        const harness = createReviewHarness({
          route,
          policy: 'first-plan',
          steps: [
            write('call-1', PLAN, 'The plan:'),
            say('Starting.'),
            write('call-2', PLAN_STARTED),
            write('call-3', PLAN_DONE),
            say('Done.'),
          ],
        });
        await harness.chat.sendMessage({ text: 'Fix the pager' });
        await harness.settle(1);
        const waiting = harness.state();
        expect(waiting).toMatchObject({ phase: 'review', toolCallId: 'call-1', approvalId: expect.any(String) });
        expect(waiting.todos.map((row) => [row.content, row.change])).toEqual([
          ['Read the pager code', 'added'],
          ['Fix the off-by-one', 'added'],
        ]);
        // The SDK sends the complete input before the approval request: one update reads as executing.
        expect(harness.takePhases()).toEqual(['empty', 'streaming', 'executing', 'review']);

        await harness.chat.addToolApprovalResponse({ id: waiting.approvalId!, approved: true });
        await harness.settle(2);
        // The approved call ran at the start of the next request: the model read its counts.
        expect(harness.toolResultsSeenBy(2)).toEqual([
          expect.objectContaining({ toolCallId: 'call-1', output: COUNTS_OF_PLAN }),
        ]);
        expect(harness.state()).toMatchObject({ phase: 'accepted', toolCallId: 'call-1' });
        expect(harness.takePhases()).toEqual(['executing', 'accepted']);

        // 'Starting.' ended that turn; the next user message asks again, and its first write waits again.
        await harness.chat.sendMessage({ text: 'go on' });
        await harness.settle(3);
        expect(harness.state()).toMatchObject({ phase: 'review', toolCallId: 'call-2' });
        await harness.chat.addToolApprovalResponse({ id: harness.state().approvalId!, approved: true });
        await harness.settle(5);
        expect(todoPartStates(harness.chat)).toEqual([
          ['call-1', 'output-available'],
          ['call-2', 'output-available'],
          ['call-3', 'output-available'],
        ]);
        expect(harness.state()).toMatchObject({ phase: 'accepted', toolCallId: 'call-3' });
        expect(harness.state().counts).toEqual({ pending: 0, in_progress: 0, completed: 2 });
      });

      it('a denial with a reason falls back to the last accepted list; the model reads the reason and its revision waits again', async () => {
        const harness = createReviewHarness({
          route,
          policy: 'first-plan',
          steps: [write('call-1', PLAN), write('call-2', REVISED), write('call-3', PLAN_STARTED), say('Done.')],
        });
        await harness.chat.sendMessage({ text: 'Fix the pager' });
        await harness.settle(1);
        harness.takePhases();
        const reason = 'Also update the user documentation';
        await harness.chat.addToolApprovalResponse({ id: harness.state().approvalId!, approved: false, reason });
        await harness.settle(2);

        expect(harness.toolResultsSeenBy(2)).toEqual([
          expect.objectContaining({
            toolCallId: 'call-1',
            output: expect.objectContaining({ type: 'execution-denied', reason: todoDenialMessage(reason) }),
          }),
        ]);
        expect(todoDenialMessage(reason)).toBe(
          'Nothing was saved: the user asked for changes: Also update the user documentation\nSend the whole revised list.',
        );
        // The denied call reads as "changes requested" in its own place (UI parts keep the person's words) ...
        const denied = harness.chat.messages
          .flatMap((message) => message.parts)
          .find((part) => part.toolCallId === 'call-1');
        expect(denied).toMatchObject({ approval: { approved: false, reason } });
        // ... and the revision waits for review.
        const revision = harness.state();
        expect(revision).toMatchObject({ phase: 'review', toolCallId: 'call-2' });
        expect(revision.todos.map((row) => row.content)).toEqual(REVISED.map((todo) => todo.content));
        expect(harness.takePhases()).toEqual(['rejected', 'streaming', 'executing', 'review']);

        await harness.chat.addToolApprovalResponse({ id: revision.approvalId!, approved: true });
        await harness.settle(4);
        expect(todoPartStates(harness.chat)).toEqual([
          ['call-1', 'output-denied'],
          ['call-2', 'output-available'],
          ['call-3', 'output-available'],
        ]);
        expect(harness.takePhases()).toEqual(['executing', 'accepted', 'streaming', 'executing', 'accepted']);
      });

      it('a denial without a reason asks the model to find out what should change', async () => {
        const harness = createReviewHarness({
          route,
          policy: 'first-plan',
          steps: [write('call-1', PLAN), say('What should change?')],
        });
        await harness.chat.sendMessage({ text: 'Fix the pager' });
        await harness.settle(1);
        await harness.chat.addToolApprovalResponse({ id: harness.state().approvalId!, approved: false });
        await harness.settle(2);
        expect(harness.toolResultsSeenBy(2)).toEqual([
          expect.objectContaining({
            output: expect.objectContaining({ type: 'execution-denied', reason: todoDenialMessage(undefined) }),
          }),
        ]);
        expect(harness.state()).toMatchObject({ phase: 'rejected', rejection: 'denied' });
        expect(harness.state().todos).toEqual([]);
      });

      it("with 'changes' a write that adds or removes tasks waits, a status change does not", async () => {
        const harness = createReviewHarness({
          route,
          policy: 'changes',
          steps: [write('call-1', PLAN), write('call-2', PLAN_STARTED), write('call-3', REVISED), say('Done.')],
        });
        await harness.chat.sendMessage({ text: 'Fix the pager' });
        await harness.settle(1);
        expect(harness.state()).toMatchObject({ phase: 'review', toolCallId: 'call-1' });
        await harness.chat.addToolApprovalResponse({ id: harness.state().approvalId!, approved: true });
        await harness.settle(3);
        // call-2 only moved statuses and ran; call-3 adds a task and waits.
        expect(todoPartStates(harness.chat)).toEqual([
          ['call-1', 'output-available'],
          ['call-2', 'output-available'],
          ['call-3', 'approval-requested'],
        ]);
        const waiting = harness.state();
        expect(waiting).toMatchObject({ phase: 'review', toolCallId: 'call-3' });
        expect(waiting.todos.find((row) => row.content === 'Update the user documentation')?.change).toBe('added');
        await harness.chat.addToolApprovalResponse({ id: waiting.approvalId!, approved: true });
        await harness.settle(4);
        expect(harness.state()).toMatchObject({ phase: 'accepted', toolCallId: 'call-3' });
      });

      it('a function decides from the proposed list and the one before', async () => {
        const seen: Array<[number, number]> = [];
        const harness = createReviewHarness({
          route,
          policy: (proposed, before) => {
            seen.push([proposed.length, before.length]);
            return proposed.length > 2;
          },
          steps: [write('call-1', PLAN), write('call-2', REVISED), say('Done.')],
        });
        await harness.chat.sendMessage({ text: 'Fix the pager' });
        await harness.settle(2);
        expect(todoPartStates(harness.chat)).toEqual([
          ['call-1', 'output-available'],
          ['call-2', 'approval-requested'],
        ]);
        expect(seen).toEqual([
          [2, 0],
          [3, 2],
        ]);
        expect(harness.state()).toMatchObject({ phase: 'review', toolCallId: 'call-2' });
      });

      it('a list the tool would reject never waits: the model hears the problems first', async () => {
        const broken: Todo[] = [
          { content: 'A', status: 'in_progress' },
          { content: 'B', status: 'in_progress' },
        ];
        const harness = createReviewHarness({
          route,
          policy: 'first-plan',
          steps: [write('call-1', broken), write('call-2', PLAN), say('Done.')],
        });
        await harness.chat.sendMessage({ text: 'Fix the pager' });
        await harness.settle(2);
        expect(todoPartStates(harness.chat)).toEqual([
          ['call-1', 'output-error'],
          ['call-2', 'approval-requested'],
        ]);
      });

      it('a new user message while a plan waits supersedes it: it reads as not approved, and the new first plan waits', async () => {
        const harness = createReviewHarness({
          route,
          policy: 'first-plan',
          steps: [write('call-1', PLAN), write('call-2', REVISED)],
        });
        await harness.chat.sendMessage({ text: 'Fix the pager' });
        await harness.settle(1);
        harness.takePhases();
        await harness.chat.sendMessage({ text: 'Also update the user documentation' });
        await harness.settle(2);
        const [, call1State] = todoPartStates(harness.chat)[0]!;
        expect(call1State).toBe('approval-requested');
        // The old proposal is over: read as the call left it, it is interrupted, with no approval to answer.
        const { selectTodoState } = await import('../../../src/index.js');
        const old = selectTodoState(harness.chat.messages, { status: harness.chat.status, toolCallId: 'call-1' });
        expect(old).toMatchObject({ phase: 'rejected', rejection: 'interrupted' });
        expect(old.approvalId).toBeUndefined();
        expect(harness.state()).toMatchObject({ phase: 'review', toolCallId: 'call-2' });
        // The model never reads the unanswered plan as accepted: AI SDK 7 leaves that message out,
        // AI SDK 6 reads it as not approved.
        const seen = harness.toolResultsSeenBy(2);
        if (major === 7) expect(seen).toEqual([]);
        else
          expect(seen).toEqual([
            expect.objectContaining({
              toolCallId: 'call-1',
              output: { type: 'execution-denied', reason: TODO_REVIEW_SUPERSEDED_MESSAGE },
            }),
          ]);
      });

      it('stop while the plan streams: nothing waits, the call reads as interrupted', async () => {
        const harness = createReviewHarness({
          route,
          policy: 'first-plan',
          chunkDelayInMs: 20,
          steps: [{ toolCalls: [{ toolCallId: 'call-1', input: { todos: PLAN }, deltaCount: 40 }] }],
        });
        const sent = harness.chat.sendMessage({ text: 'Fix the pager' });
        const { vi } = await import('vitest');
        await vi.waitFor(() => expect(harness.state().phase).toBe('streaming'), { timeout: 5000, interval: 5 });
        await harness.chat.stop();
        await sent;
        await harness.settle(1);
        expect(harness.state()).toMatchObject({ phase: 'rejected', rejection: 'interrupted' });
        expect(harness.state().approvalId).toBeUndefined();
        expect(harness.takePhases()).toEqual(['empty', 'streaming', 'rejected']);
      });

      it('a plan waiting when the chat has stopped still waits: the stream always ends before the person answers', async () => {
        const harness = createReviewHarness({
          route,
          policy: 'first-plan',
          steps: [write('call-1', PLAN), say('Ok.')],
        });
        await harness.chat.sendMessage({ text: 'Fix the pager' });
        await harness.settle(1);
        await harness.chat.stop();
        expect(harness.chat.status).toBe('ready');
        expect(harness.state()).toMatchObject({ phase: 'review', toolCallId: 'call-1' });
        await harness.chat.addToolApprovalResponse({ id: harness.state().approvalId!, approved: true });
        await harness.settle(2);
        expect(harness.state()).toMatchObject({ phase: 'accepted', toolCallId: 'call-1' });
      });
    });
  }
}
