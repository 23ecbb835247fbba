/**
 * Resumable answers on Redis (`REDIS_URL`), through the `resumable-stream` package: the answer's
 * SSE stream is kept in Redis while it runs, so a reload or a dropped connection picks it up where it
 * is (`GET /api/chat/[id]/stream`), and a Stop reaches the server that runs it, whichever that is.
 * Without `REDIS_URL` nothing here runs and the answer is tied to its request, as before.
 */
import { createClient } from 'redis';
import {
  createResumableStreamContext,
  type Publisher,
  type ResumableStreamContext,
  type Subscriber,
} from 'resumable-stream';

/** The Redis key and channel prefix of the example. */
const KEY_PREFIX = 'todo-write-chat';
/** The longest a Redis connection attempt waits, in ms. */
const CONNECT_TIMEOUT_MS = 2_000;

type RedisClient = ReturnType<typeof createClient>;

/** The process's connection to Redis: two clients (pub/sub needs one of its own) and the streams it runs. */
export interface ChatStreams {
  /** True while both clients are connected: a new answer can be made resumable (waits for the first connection). */
  isReady: () => Promise<boolean>;
  /**
   * Keeps `stream` (the answer's SSE text) in Redis under `streamId` and listens for a Stop of it.
   * `onLost` runs if Redis goes away while the answer runs: it can no longer be resumed or stopped.
   */
  publish: (options: {
    streamId: string;
    stream: ReadableStream<string>;
    onStop: () => void;
    onLost: (error: Error) => void;
  }) => Promise<void>;
  /** The running answer from its first chunk on; `undefined` when Redis does not have it (over, or unknown). */
  resume: (streamId: string) => Promise<ReadableStream<string> | undefined>;
  /** Asks the server that runs `streamId` to stop it; `false` when Redis cannot be reached. */
  requestStop: (streamId: string) => Promise<boolean>;
}

const globalForStreams = globalThis as typeof globalThis & { chatStreams?: ChatStreams | null };

/** The process-wide Redis streams, or `null` without `REDIS_URL` (the embedded default). */
export function chatStreams(): ChatStreams | null {
  if (globalForStreams.chatStreams !== undefined) return globalForStreams.chatStreams;
  const url = process.env.REDIS_URL?.trim();
  globalForStreams.chatStreams = url ? createChatStreams(url) : null;
  return globalForStreams.chatStreams;
}

function createChatStreams(url: string): ChatStreams {
  // No offline queue: while Redis is away a command fails at once instead of waiting for it.
  const publisher: RedisClient = createClient({
    url,
    disableOfflineQueue: true,
    socket: { connectTimeout: CONNECT_TIMEOUT_MS, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 2_000) },
  });
  const subscriber: RedisClient = publisher.duplicate();
  const lostListeners = new Set<(error: Error) => void>();
  let lastLoggedAt = 0;
  const connected = [publisher, subscriber].map((client) => {
    client.on('error', (error: Error) => {
      for (const onLost of lostListeners) onLost(error);
      if (Date.now() - lastLoggedAt > 10_000) {
        lastLoggedAt = Date.now();
        console.error(`Redis (${KEY_PREFIX}): ${error.message}`);
      }
    });
    // Reported by the 'error' listener; the client keeps reconnecting.
    return client.connect().catch(() => {});
  });
  const firstConnection = Promise.race([
    Promise.all(connected),
    new Promise((resolve) => setTimeout(resolve, CONNECT_TIMEOUT_MS)),
  ]);
  const ready = (): boolean => publisher.isReady && subscriber.isReady;
  // resumable-stream calls these from timers and read loops where a rejection would go unhandled:
  // once Redis is gone they fail quietly (the 'error' listener has reported it and stopped the answer).
  const quietPublisher: Publisher = {
    connect: () => Promise.resolve(),
    publish: (channel, message) => publisher.publish(channel, message).catch(() => 0),
    set: (key, value, options) => publisher.set(key, value, options).catch(() => null),
    get: (key) => publisher.get(key).catch(() => null),
    incr: (key) => publisher.incr(key),
  };
  const quietSubscriber: Subscriber = {
    connect: () => Promise.resolve(),
    subscribe: (channel, callback) => subscriber.subscribe(channel, callback),
    unsubscribe: (channel) => subscriber.unsubscribe(channel).catch(() => {}),
  };
  const context: ResumableStreamContext = createResumableStreamContext({
    keyPrefix: KEY_PREFIX,
    waitUntil: null,
    publisher: quietPublisher,
    subscriber: quietSubscriber,
  });
  const stopChannel = (streamId: string): string => `${KEY_PREFIX}:stop:${streamId}`;

  return {
    async isReady() {
      await firstConnection;
      return ready();
    },

    async publish({ streamId, stream, onStop, onLost }) {
      const lost = (error: Error): void => {
        lostListeners.delete(lost);
        onLost(error);
      };
      lostListeners.add(lost);
      let ended = false;
      const end = (): void => {
        if (ended) return;
        ended = true;
        lostListeners.delete(lost);
        subscriber.unsubscribe(stopChannel(streamId)).catch(() => {});
      };
      try {
        await subscriber.subscribe(stopChannel(streamId), () => onStop());
        const kept = await context.createNewResumableStream(streamId, () =>
          stream.pipeThrough(new TransformStream<string, string>({ flush: end })),
        );
        // resumable-stream reads the source for its listeners as long as this copy is read: read it to the end.
        await kept?.pipeTo(new WritableStream());
      } catch (error) {
        lost(error instanceof Error ? error : new Error(String(error)));
      } finally {
        end();
      }
    },

    async resume(streamId) {
      await firstConnection;
      if (!ready()) return undefined;
      const stream = await context.resumeExistingStream(streamId).catch(() => undefined);
      if (stream == null) return undefined;
      // A listener gets nothing more once Redis is gone: end its response instead of leaving it open.
      let close: (() => void) | undefined;
      const onLost = (): void => close?.();
      lostListeners.add(onLost);
      const reader = stream.getReader();
      return new ReadableStream<string>({
        start(controller) {
          close = () => {
            lostListeners.delete(onLost);
            reader.cancel().catch(() => {});
            try {
              controller.close();
            } catch {
              // already closed
            }
          };
        },
        async pull(controller) {
          const { done, value } = await reader.read().catch(() => ({ done: true as const, value: undefined }));
          if (done) close?.();
          else controller.enqueue(value);
        },
        cancel() {
          close?.();
        },
      });
    },

    async requestStop(streamId) {
      try {
        await publisher.publish(stopChannel(streamId), 'stop');
        return true;
      } catch {
        return false;
      }
    },
  };
}
