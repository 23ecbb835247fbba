import { describe, expect, it } from 'vitest';
import { createTodoWrite, todoReview } from '../../../src/index.js';

describe('plan review on AI SDK 5, which has no tool approvals', () => {
  it('fails at setup with an error that says so', () => {
    expect(() => createTodoWrite({ review: 'first-plan' })).toThrow(/AI SDK 5 does not have/);
    expect(() => todoReview('changes')).toThrow(/AI SDK 5 does not have/);
    expect(() => todoReview(() => true)).toThrow(/tool approvals/);
  });
  it("still builds the tool without review, or with review 'never'", () => {
    expect(createTodoWrite().needsApproval).toBeUndefined();
    expect(createTodoWrite({ review: 'never' }).needsApproval).toBeUndefined();
  });
});
