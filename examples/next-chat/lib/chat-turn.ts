/**
 * One answer of the agent, from the request that claimed the chat to the moment it lets it go:
 * the stream id it runs under, how to stop it, and the store writes it makes as it goes.
 */
import { generateId, type UIMessage } from 'ai';
import { beginTurn, endTurn, renewTurn, saveTurn } from './chat-store';
import type { ChatInput } from './read-chat-request';

/** How long a claim lasts without news from its answer, in ms (a heartbeat renews it meanwhile). */
export const CLAIM_MS = 30_000;
const HEARTBEAT_MS = CLAIM_MS / 3;

/** A claimed chat: write its conversation with `save` while the answer runs, then `end` it, once. */
export interface ChatTurn {
  /** The chat it answers. */
  chatId: string;
  /** The id the claim holds, and the answer's key in Redis when it is resumable. */
  streamId: string;
  /** The history from the store with the request's change: the user's new message, or review answers. */
  messages: UIMessage[];
  /** Aborted by a Stop (or a lost stream engine): the model call ends there. */
  signal: AbortSignal;
  /** Aborts `signal` (a Stop, a lost claim or stream engine). */
  stop: (reason: string) => void;
  /** Stores the conversation so far (a step has ended). */
  save: (messages: UIMessage[]) => void;
  /** Stores the last state (when given) and releases the chat; later calls do nothing. */
  end: (messages?: UIMessage[]) => void;
}

const globalForTurns = globalThis as typeof globalThis & { chatTurns?: Map<string, ChatTurn> };

/** The turns this process runs, by stream id (a Stop that lands here needs no Redis). */
function runningTurns(): Map<string, ChatTurn> {
  globalForTurns.chatTurns ??= new Map();
  return globalForTurns.chatTurns;
}

/** The turn this process runs under `streamId`, if any. */
export function findRunningTurn(streamId: string): ChatTurn | undefined {
  return runningTurns().get(streamId);
}

/** What {@link openTurn} did: a turn, or why the chat cannot take the request now. */
export type OpenTurnResult = { ok: true; turn: ChatTurn } | { ok: false; reason: 'busy' | 'duplicate' | 'answered' };

/** Claims `chatId` for an answer to `input`; the claim is renewed until the turn ends. */
export function openTurn(chatId: string, input: ChatInput): OpenTurnResult {
  const streamId = generateId();
  const claimed = beginTurn({ chatId, input, streamId, claimUntil: Date.now() + CLAIM_MS });
  if (!claimed.claimed) return { ok: false, reason: claimed.reason };
  const controller = new AbortController();
  const heartbeat = setInterval(() => {
    if (!renewTurn({ chatId, streamId, claimUntil: Date.now() + CLAIM_MS })) controller.abort('claim lost');
  }, HEARTBEAT_MS);
  heartbeat.unref();
  let ended = false;
  let lastSaved: UIMessage[] = claimed.messages;
  const turn: ChatTurn = {
    chatId,
    streamId,
    messages: claimed.messages,
    signal: controller.signal,
    stop: (reason) => controller.abort(reason),
    save(messages) {
      if (ended) return;
      lastSaved = messages;
      if (!saveTurn({ chatId, streamId, messages, claimUntil: Date.now() + CLAIM_MS })) controller.abort('claim lost');
    },
    end(messages) {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      runningTurns().delete(streamId);
      endTurn({ chatId, streamId, messages: messages ?? lastSaved });
    },
  };
  runningTurns().set(streamId, turn);
  return { ok: true, turn };
}
