import { describe, expect, it } from 'vitest';
import { createTodoWrite, explainTodoDenials, todoReview, type Todo } from '../src/index.js';
import { denialMessage as todoDenialMessage, NOT_SAVED_SUPERSEDED } from '../src/plan/model-texts.js';
import type { TodoReviewPolicy } from '../src/index.js';

const TODO_REVIEW_SUPERSEDED_MESSAGE = NOT_SAVED_SUPERSEDED;
/** Whether a write waits under `policy`, as the SDK's approval check asks it. */
const needsTodoReview = (policy: TodoReviewPolicy, input: unknown, messages: unknown[]): boolean =>
  todoReview(policy)(input, { messages }) === 'user-approval';

const PLAN: Todo[] = [
  { content: 'Read the code', status: 'in_progress' },
  { content: 'Write the fix', status: 'pending' },
];
const STARTED: Todo[] = [
  { content: 'Read the code', status: 'completed' },
  { content: 'Write the fix', status: 'in_progress' },
];

const user = (text: string) => ({ role: 'user', content: [{ type: 'text', text }] });
const call = (toolCallId: string, todos: Todo[]) => ({
  role: 'assistant',
  content: [{ type: 'tool-call', toolCallId, toolName: 'todo_write', input: { todos } }],
});
const result = (toolCallId: string, output: Record<string, unknown>) => ({
  role: 'tool',
  content: [{ type: 'tool-result', toolCallId, toolName: 'todo_write', output }],
});
const accepted = (toolCallId: string) =>
  result(toolCallId, { type: 'json', value: { pending: 1, in_progress: 0, completed: 0 } });
const denied = (toolCallId: string) => result(toolCallId, { type: 'execution-denied', reason: 'No' });

describe('needsTodoReview', () => {
  it("'never' never waits", () => {
    expect(needsTodoReview('never', { todos: PLAN }, [user('Go')])).toBe(false);
  });

  describe("with 'first-plan'", () => {
    it('the first write after a user message waits', () => {
      expect(needsTodoReview('first-plan', { todos: PLAN }, [user('Go')])).toBe(true);
    });
    it('a write after an accepted one in the same request does not', () => {
      const messages = [user('Go'), call('a', PLAN), accepted('a')];
      expect(needsTodoReview('first-plan', { todos: STARTED }, messages)).toBe(false);
    });
    it("a denied write's revision waits again, and so does the first write of the next request", () => {
      expect(needsTodoReview('first-plan', { todos: PLAN }, [user('Go'), call('a', PLAN), denied('a')])).toBe(true);
      const next = [user('Go'), call('a', PLAN), accepted('a'), user('Now this')];
      expect(needsTodoReview('first-plan', { todos: STARTED }, next)).toBe(true);
    });
  });

  describe("with 'changes'", () => {
    const history = [user('Go'), call('a', PLAN), accepted('a')];
    it('a write that only changes statuses does not wait', () => {
      expect(needsTodoReview('changes', { todos: STARTED }, history)).toBe(false);
    });
    it('adding, removing or renaming a task waits', () => {
      expect(needsTodoReview('changes', { todos: [...PLAN, { content: 'Deploy', status: 'pending' }] }, history)).toBe(
        true,
      );
      expect(needsTodoReview('changes', { todos: PLAN.slice(0, 1) }, history)).toBe(true);
      expect(
        needsTodoReview('changes', { todos: [PLAN[0]!, { content: 'Write it', status: 'pending' }] }, history),
      ).toBe(true);
    });
    it('compares with the last accepted list, not a denied one', () => {
      const messages = [...history, call('b', [...PLAN, { content: 'Deploy', status: 'pending' }]), denied('b')];
      expect(needsTodoReview('changes', { todos: STARTED }, messages)).toBe(false);
    });
  });

  it('a function gets the proposed list and the last accepted one ([] when none)', () => {
    const seen: unknown[] = [];
    const policy = (proposed: readonly Todo[], before: readonly Todo[]) => {
      seen.push([proposed, before]);
      return false;
    };
    needsTodoReview(policy, { todos: PLAN }, [user('Go')]);
    needsTodoReview(policy, JSON.stringify({ todos: STARTED }), [user('Go'), call('a', PLAN), accepted('a')]);
    expect(seen).toEqual([
      [PLAN, []],
      [STARTED, PLAN],
    ]);
  });

  it('a list the tool would reject never waits', () => {
    const twoInProgress = PLAN.map((todo) => ({ ...todo, status: 'in_progress' as const }));
    expect(needsTodoReview('first-plan', { todos: twoInProgress }, [user('Go')])).toBe(false);
    expect(needsTodoReview(() => true, { todos: 'nope' }, [])).toBe(false);
  });
});

describe('todoReview (AI SDK 7 toolApproval)', () => {
  it("answers 'user-approval' for a write that waits and 'not-applicable' otherwise", () => {
    const check = todoReview('first-plan');
    expect(check({ todos: PLAN }, { messages: [user('Go')] })).toBe('user-approval');
    expect(check({ todos: STARTED }, { messages: [user('Go'), call('a', PLAN), accepted('a')] })).toBe(
      'not-applicable',
    );
  });
  it('rejects an unknown policy at setup', () => {
    expect(() => todoReview('always' as never)).toThrow(TypeError);
    expect(() => createTodoWrite({ review: 'sometimes' as never })).toThrow(/review must be/);
  });
});

describe('createTodoWrite({ review })', () => {
  it("has no needsApproval with 'never' (the default), and one that follows the policy otherwise", async () => {
    expect(createTodoWrite().needsApproval).toBeUndefined();
    const tool = createTodoWrite({ review: 'changes' });
    const needsApproval = tool.needsApproval as (input: unknown, options: { messages: unknown[] }) => boolean;
    expect(needsApproval({ todos: PLAN }, { messages: [user('Go')] })).toBe(true);
    expect(needsApproval({ todos: STARTED }, { messages: [user('Go'), call('a', PLAN), accepted('a')] })).toBe(false);
  });
  it('checks the list against its own limits', () => {
    const tool = createTodoWrite({ review: 'first-plan', maxTodos: 1 });
    const needsApproval = tool.needsApproval as (input: unknown, options: { messages: unknown[] }) => boolean;
    expect(needsApproval({ todos: PLAN }, { messages: [user('Go')] })).toBe(false);
  });
});

describe('explainTodoDenials', () => {
  const request = {
    role: 'assistant',
    content: [...call('a', PLAN).content, { type: 'tool-approval-request', approvalId: 'ap1', toolCallId: 'a' }],
  };
  const response = (reason?: string) => ({
    role: 'tool',
    content: [{ type: 'tool-approval-response', approvalId: 'ap1', approved: false, reason }],
  });

  it("puts the person's reason and the instruction in the model's copy", () => {
    const messages = [user('Go'), request, response('Add a docs task')];
    const explained = explainTodoDenials(messages);
    expect(explained[2]).toEqual(response(todoDenialMessage('Add a docs task')));
    expect(explained[0]).toBe(messages[0]);
    expect(explained[1]).toBe(messages[1]);
    // Running it again changes nothing (prepareStep runs on every step).
    expect(explainTodoDenials(explained)).toEqual(explained);
  });
  it('rewrites the denied tool result too, with or without a reason', () => {
    const messages = [user('Go'), request, denied('a')];
    const explained = explainTodoDenials<unknown>(messages);
    expect((explained[2] as ReturnType<typeof denied>).content[0]?.output).toEqual({
      type: 'execution-denied',
      reason: todoDenialMessage('No'),
    });
    expect(todoDenialMessage(undefined)).toBe(
      'Nothing was saved: the user did not approve this list. Ask what should change, then send the whole revised list.',
    );
    expect(todoDenialMessage('  ')).toBe(todoDenialMessage(undefined));
  });
  it('leaves other tools and approved answers alone', () => {
    const other = {
      role: 'tool',
      content: [{ type: 'tool-result', toolCallId: 'x', toolName: 'search', output: { type: 'execution-denied' } }],
    };
    const approved = { role: 'tool', content: [{ type: 'tool-approval-response', approvalId: 'ap1', approved: true }] };
    const messages = [user('Go'), request, approved, accepted('a'), other];
    expect(explainTodoDenials(messages)).toEqual(messages);
  });
  it('answers a plan left waiting by a new user message as not approved', () => {
    const explained = explainTodoDenials([user('Go'), request, user('Something else')]);
    expect(explained).toEqual([
      user('Go'),
      request,
      result('a', { type: 'execution-denied', reason: TODO_REVIEW_SUPERSEDED_MESSAGE }),
      user('Something else'),
    ]);
    // Still waiting with no later user message: left for the person to answer.
    expect(explainTodoDenials([user('Go'), request])).toEqual([user('Go'), request]);
  });
});
