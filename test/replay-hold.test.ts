import { describe, expect, it } from 'vitest';
import { FOLLOWING, type Held, type HoldEvent, type HoldState, reduceHold } from '../src/read/replay-hold.js';
import type { TodoCall } from '../src/read/todo-calls.js';

const held = (name: string): Held => ({
  call: { toolCallId: name } as TodoCall,
  messageId: 'm1',
  callsBefore: 1,
  earlierEnded: true,
});
const OLD = held('old');
const NEWEST = held('newest');
const following: HoldState = { phase: 'following', held: OLD };
const replaying: HoldState = { phase: 'replaying', held: OLD };

// Every state and event: the next state, by its phase and the call it holds.
const table: [HoldState, HoldEvent, 'following' | 'replaying', Held | undefined][] = [
  [following, { type: 'stopped' }, 'following', NEWEST],
  [following, { type: 'released' }, 'following', NEWEST],
  [following, { type: 'settled', earlierIntact: true }, 'following', NEWEST],
  [following, { type: 'settled', earlierIntact: false }, 'replaying', OLD],
  [following, { type: 'pending', earlierIntact: true, isFirst: false }, 'following', NEWEST],
  [following, { type: 'pending', earlierIntact: true, isFirst: true }, 'replaying', OLD],
  [following, { type: 'pending', earlierIntact: false, isFirst: false }, 'replaying', OLD],
  [replaying, { type: 'stopped' }, 'following', NEWEST],
  [replaying, { type: 'released' }, 'following', NEWEST],
  [replaying, { type: 'settled', earlierIntact: true }, 'following', NEWEST],
  [replaying, { type: 'settled', earlierIntact: false }, 'replaying', OLD],
  [replaying, { type: 'pending', earlierIntact: true, isFirst: false }, 'replaying', OLD],
  [replaying, { type: 'pending', earlierIntact: false, isFirst: true }, 'replaying', OLD],
];

describe('the replay hold', () => {
  for (const [state, event, phase, next] of table) {
    it(`goes from ${state.phase} on ${JSON.stringify(event)} to ${phase}`, () => {
      const result = reduceHold(state, event, () => NEWEST);
      expect(result.phase).toBe(phase);
      expect(result.held).toBe(next);
    });
  }

  it('holds nothing to replay until a call is accepted, whatever the messages show', () => {
    for (const [, event] of table) expect(reduceHold(FOLLOWING, event, () => undefined)).toEqual(FOLLOWING);
  });

  it('reads the newest accepted call only when it follows the messages', () => {
    let reads = 0;
    reduceHold(replaying, { type: 'pending', earlierIntact: true, isFirst: false }, () => {
      reads += 1;
      return NEWEST;
    });
    expect(reads).toBe(0);
  });
});
