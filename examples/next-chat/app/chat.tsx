'use client';

import { useChat } from '@ai-sdk/react';
import {
  type ChatRequestOptions,
  DefaultChatTransport,
  generateId,
  isToolUIPart,
  lastAssistantMessageIsCompleteWithApprovalResponses,
  type TextUIPart,
  type UIMessage,
  type UIMessageChunk,
} from 'ai';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Streamdown } from 'streamdown';
import { TodoList, TodoProvider, useTodos } from 'todo-write/react';
import { STEP_CUT_OFF } from '@/lib/engine-workarounds';
import { REVIEW_COOKIE } from '@/lib/review-plans';
import { inlineClassNames, planClassNames } from '@/lib/todo-list-classes';

/** The transient chunk a resumed answer's replay gets once it holds what the page was rendered with. */
const CAUGHT_UP = 'data-caught-up';

/** Replays a resumed answer as the SDK does, with {@link CAUGHT_UP} after the chunks the page was rendered with. */
class ResumeTransport extends DefaultChatTransport<UIMessage> {
  /** The chunks of the running answer the server rendered the page with. */
  shownChunks = 0;

  override async reconnectToStream(
    options: { chatId: string } & ChatRequestOptions,
  ): Promise<ReadableStream<UIMessageChunk> | null> {
    const stream = await super.reconnectToStream(options);
    const shown = this.shownChunks;
    if (stream === null || shown === 0) return stream;
    let passed = 0;
    return stream.pipeThrough(
      new TransformStream<UIMessageChunk, UIMessageChunk>({
        transform(chunk, controller) {
          controller.enqueue(chunk);
          if (++passed === shown) controller.enqueue({ type: CAUGHT_UP, data: null, transient: true });
        },
      }),
    );
  }
}

/** Where a sent message waits in this tab until its answer streams: a reload that finds it unstored sends it again. */
const unsentKey = (chatId: string): string => `todo-write:unsent:${chatId}`;

/** The message sent from this tab that the stored chat does not hold yet, if any (`undefined` on the server). */
function readUnsent(chatId: string, stored: readonly UIMessage[]): UIMessage | undefined {
  if (typeof window === 'undefined') return undefined;
  const unsent = sessionStorage.getItem(unsentKey(chatId));
  if (unsent === null) return undefined;
  const message = JSON.parse(unsent) as UIMessage;
  if (!stored.some((known) => known.id === message.id)) return message;
  sessionStorage.removeItem(unsentKey(chatId));
  return undefined;
}

/** What the person typed into a message of theirs. */
const typedText = (message: UIMessage): string =>
  message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');

/** A 4xx answer of the route: the request was refused and nothing was stored. */
function isRefusal(error: Error): boolean {
  const { statusCode } = error as Error & { statusCode?: number };
  return statusCode !== undefined && statusCode >= 400 && statusCode < 500;
}

/** The route's `{ error }` text when it sent one, else the error's message. */
function errorText(error: Error): string {
  try {
    const { error: text } = JSON.parse(error.message) as { error?: unknown };
    if (typeof text === 'string') return text;
  } catch {
    // not the route's JSON
  }
  return `Something went wrong: ${error.message}`;
}

/** What the person just did: their new message, else their answers to the plans waiting (the route loads the rest). */
function requestBody(id: string, messages: readonly UIMessage[], review: boolean): object {
  const last = messages.at(-1);
  if (last?.role !== 'assistant') return { id, message: last, review };
  const answers = last.parts.flatMap((part) =>
    isToolUIPart(part) && part.state === 'approval-responded' ? [part.approval] : [],
  );
  return { id, answers, review };
}

/**
 * Whether the next resume restarts the replayed answer from an empty message (the SDK reads this as
 * the resume starts): `false` for an answer that continues a message put back as it began.
 */
function replayFromEmpty(transport: DefaultChatTransport<UIMessage>, fromEmpty: boolean): void {
  (transport as { resumeStreamIsReplay: boolean }).resumeStreamIsReplay = fromEmpty;
}

export interface ChatProps {
  /** The conversation id: new on `/`, from the URL on `/chat/[id]`. */
  id: string;
  /** The stored conversation, loaded by a server component. */
  initialMessages?: UIMessage[];
  /** The stored checklist, rendered by a server component; shown until the chat moves on. */
  storedChecklist?: ReactNode;
  /** Prompts offered under the input. */
  suggestions?: readonly string[];
  /** An answer is running on the server: pick it up where it is (`GET /api/chat/[id]/stream`). */
  resume?: boolean;
  /** How many chunks of that answer `initialMessages` hold: they are shown until its replay has them too. */
  liveChunks?: number;
  /** The message that running answer continues (after a review), as it began: the replay starts from it. */
  continuedMessage?: UIMessage;
  /** "Review plans" as the person last set it (the `review-plans` cookie). */
  reviewPlans?: boolean;
}

/** `messages` with the message a running answer continues put back as that answer found it. */
function asAnswerBegan(messages: UIMessage[], continued: UIMessage | undefined | null): UIMessage[] {
  if (continued == null || messages.at(-1)?.id !== continued.id) return messages;
  return [...messages.slice(0, -1), continued];
}

/** A text part: the person's words as typed; the agent's as Markdown, rendered while it streams. */
function MessageText({ part, role }: { part: TextUIPart; role: UIMessage['role'] }): ReactNode {
  if (role === 'user') {
    return <p className="justify-self-end rounded-lg bg-primary px-3 py-2 text-primary-foreground">{part.text}</p>;
  }
  return (
    <Streamdown className="min-w-0 leading-relaxed" isAnimating={part.state === 'streaming'}>
      {part.text}
    </Streamdown>
  );
}

/** Below `md`, the plan's line stays at the top of the page, edge to edge over the main element's padding. */
const PINNED_PLAN = [
  'max-md:sticky max-md:top-0 max-md:z-10 max-md:border-b max-md:border-border max-md:bg-background max-md:py-2',
  'max-sm:-mx-4 max-sm:-mt-4 max-sm:px-4 sm:max-md:-mx-6 sm:max-md:-mt-6 sm:max-md:px-6',
].join(' ');

/** A chat with the agent's plan pinned beside it, built live from the streamed todo_write calls. */
export function Chat({
  id,
  initialMessages = [],
  storedChecklist,
  suggestions = [],
  resume = false,
  liveChunks = 0,
  continuedMessage,
  reviewPlans = false,
}: ChatProps): ReactNode {
  const [input, setInput] = useState('');
  const [review, setReview] = useState(reviewPlans);
  const reviewRef = useRef(review);
  reviewRef.current = review;
  // The resume found no answer running (204): nothing will be replayed onto the stored chat.
  const [nothingToResume, setNothingToResume] = useState(false);
  // Sends only what the person added: the route loads the rest from the store.
  // Made once for the page (like useChat's own chat).
  const [transport] = useState(() => {
    const made = new ResumeTransport({
      api: '/api/chat',
      prepareSendMessagesRequest: ({ id, messages }) => ({ body: requestBody(id, messages, reviewRef.current) }),
      // A replayed answer restarts from an empty message; one that continues a stored message (after
      // a review) refers to calls in it, so it is replayed onto that message as the answer began.
      resumeStreamIsReplay: !(resume && continuedMessage !== undefined),
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        if (response.status === 204) setNothingToResume(true);
        return response;
      },
    });
    made.shownChunks = liveChunks;
    return made;
  });
  const [refusedAnswer, setRefusedAnswer] = useState<string>();
  // Reloaded before the server had the message: it is sent again (a 409 then means it had it after all).
  const [unsent] = useState(() => readUnsent(id, initialMessages));
  const cutOff = useRef(false);
  // A resumed answer's replay holds what the page was rendered with.
  const [caughtUpChunks, setCaughtUpChunks] = useState(false);
  // The message in the unsent store was sent again: a refusal means the store has it.
  const resending = useRef(false);
  const { messages, sendMessage, setMessages, status, stop, error, clearError, addToolApprovalResponse, resumeStream } =
    useChat({
      id,
      // A resumed answer replays from its first chunk, onto the messages as it began.
      messages: resume ? asAnswerBegan(initialMessages, continuedMessage) : initialMessages,
      transport,
      resume,
      // Once the person answers a plan, the agent goes on by itself.
      sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
      // A step was cut off (server died, run cancelled): once the answer ends, the stored chat is shown.
      onData: (part) => {
        if (part.type === STEP_CUT_OFF) cutOff.current = true;
        if (part.type === CAUGHT_UP) setCaughtUpChunks(true);
      },
      onFinish: () => {
        if (cutOff.current) void showStored();
        cutOff.current = false;
      },
      onError: (refused) => {
        const resent = resending.current;
        resending.current = false;
        if (!isRefusal(refused)) return;
        sessionStorage.removeItem(unsentKey(id));
        if (resent && unsent !== undefined) {
          // Refused as sent again: stored before the reload (a 409), the store has it; else its text goes back to the input.
          void showStored().then((stored) => {
            if (stored === undefined || stored.some((message) => message.id === unsent.id)) return;
            setInput(typedText(unsent));
            setRefusedAnswer(errorText(refused));
          });
          return;
        }
        let last = undefined as UIMessage | undefined;
        // A refused message was not stored: it leaves the page, and its text goes back to the input.
        setMessages((current) => {
          last = current.at(-1);
          return last?.role === 'user' ? current.slice(0, -1) : current;
        });
        if (last?.role === 'user') setInput(typedText(last));
        // A refused review answer (the plan was answered in another tab): the store says what happened.
        if (last?.role === 'assistant') void showStored(errorText(refused));
      },
    });
  // The resume's request is under way: the answer runs, though useChat is "ready" until it returns.
  const [attached, setAttached] = useState(false);
  useEffect(() => {
    if (status !== 'ready') setAttached(true);
  }, [status]);
  const attaching = resume && !attached && !nothingToResume;
  const running = status === 'submitted' || status === 'streaming';
  const busy = running || attaching;
  const [movedOn, setMovedOn] = useState(false);
  useEffect(() => {
    if (busy) setMovedOn(true);
  }, [busy]);
  // A resumed answer is replayed from its first chunk: show the page as rendered until the replay holds it (with no
  // chunk rendered, the page shows the messages as the answer began, which the replay starts from).
  const [replaying, setReplaying] = useState(
    () => resume && liveChunks > 0 && initialMessages.at(-1)?.role === 'assistant',
  );
  const caughtUp =
    replaying && (status === 'error' || (status === 'ready' && (attached || nothingToResume)) || caughtUpChunks);
  const replayed = useRef(false);
  useEffect(() => {
    if (status === 'streaming') replayed.current = true;
  }, [status]);
  useEffect(() => {
    if (!caughtUp) return;
    setReplaying(false);
    // Nothing was replayed onto the message as the answer began (it ended before the resume): the stored chat is newer.
    if (!replayed.current && resume && continuedMessage !== undefined) setMessages(initialMessages);
  }, [caughtUp, resume, continuedMessage, initialMessages, setMessages]);
  const shown = replaying && !caughtUp ? initialMessages : messages;
  const todos = useTodos(shown, { status: attaching ? 'streaming' : status });
  // The answer streams: the server has the message.
  useEffect(() => {
    if (status !== 'streaming') return;
    sessionStorage.removeItem(unsentKey(id));
    resending.current = false;
  }, [status, id]);
  // The answer ended before the resume reached it: the stored chat has its end.
  const showStoredRef = useRef(showStored);
  showStoredRef.current = showStored;
  useEffect(() => {
    if (nothingToResume && resume) void showStoredRef.current();
  }, [nothingToResume, resume]);
  useEffect(() => {
    if (unsent === undefined) return;
    // After React's development double mount, which stops the chat's requests.
    const timer = setTimeout(() => {
      resending.current = true;
      void sendMessage(unsent);
    });
    return () => clearTimeout(timer);
  }, [unsent, sendMessage]);
  // Read as a resume starts (status "submitted"): later resumes replay from the start again.
  useEffect(() => {
    if (running) replayFromEmpty(transport, true);
  }, [running, transport]);
  // A plan waiting for review needs the live list: its controls answer through useChat.
  const showStoredChecklist =
    storedChecklist !== undefined && !movedOn && !busy && todos.phase !== 'review' && todos.phase !== 'empty';
  const following = useFollowNewest();
  // On a phone the plan is a pinned line that opens the list; a plan waiting for review shows whole.
  const [planOpen, setPlanOpen] = useState(false);
  const planId = useId();
  const pinned = todos.phase !== 'empty' && todos.phase !== 'review';
  const current = todos.todos.find((row) => row.status === 'in_progress');

  /**
   * Replaces the page's conversation with the stored one (saying why, when a request was refused), picks up an
   * answer running on it, and returns the stored messages (`undefined` when the store could not be read).
   */
  async function showStored(why?: string): Promise<UIMessage[] | undefined> {
    const response = await fetch(`/api/chat/${encodeURIComponent(id)}`);
    if (!response.ok) return undefined;
    const stored = (await response.json()) as {
      messages: UIMessage[];
      running: boolean;
      continuedMessage: UIMessage | null;
    };
    setMessages(stored.running ? asAnswerBegan(stored.messages, stored.continuedMessage) : stored.messages);
    // The chat itself did not fail: out of `error`, a plan the store holds waiting shows its controls.
    clearError();
    setRefusedAnswer(why);
    if (stored.running) {
      replayFromEmpty(transport, stored.continuedMessage === null);
      void resumeStream();
    }
    return stored.messages;
  }

  function onReviewChange(on: boolean): void {
    setReview(on);
    // biome-ignore lint/suspicious/noDocumentCookie: one cookie, written where the switch is.
    document.cookie = `${REVIEW_COOKIE}=${on ? 'on' : 'off'}; path=/; max-age=31536000; samesite=lax`;
  }

  // The answer runs on the server until it is told to stop; closing the connection alone only detaches.
  async function onStop(): Promise<void> {
    sessionStorage.removeItem(unsentKey(id));
    const stopped = fetch(`/api/chat/${encodeURIComponent(id)}/stop`, { method: 'POST' }).catch(() => undefined);
    void stop();
    if (!attaching) return;
    // Stopped before the resume's request returned: no stream will end the answer here, so the store shows its end.
    setAttached(true);
    await stopped;
    await showStored();
  }

  function sendText(text: string): void {
    setRefusedAnswer(undefined);
    following.current = true;
    const message: UIMessage = { id: generateId(), role: 'user', parts: [{ type: 'text', text }] };
    sessionStorage.setItem(unsentKey(id), JSON.stringify(message));
    // The chat's address from the moment it is sent: a reload finds the message there, or sends it again.
    if (window.location.pathname !== `/chat/${id}`) window.history.replaceState(null, '', `/chat/${id}`);
    void sendMessage(message);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    const text = input.trim();
    if (text === '' || busy) return;
    sendText(text);
    setInput('');
  }

  return (
    <main className="chat mx-auto grid max-w-5xl grid-cols-1 gap-6 p-4 sm:p-6 md:grid-cols-[minmax(16rem,22rem)_minmax(0,1fr)]">
      <aside className={`${pinned ? PINNED_PLAN : ''} md:sticky md:top-6 md:self-start`} aria-label="Plan">
        {todos.phase === 'empty' && (
          <p className="text-sm text-muted-foreground">The agent's plan shows here once it makes one.</p>
        )}
        {pinned && (
          <button
            type="button"
            aria-expanded={planOpen}
            aria-controls={planId}
            onClick={() => setPlanOpen(!planOpen)}
            className="flex w-full items-center gap-2 text-start text-sm md:hidden"
          >
            <span className="shrink-0 font-medium">
              Plan · {todos.counts.completed} of {todos.todos.length} done
            </span>
            <span className="min-w-0 flex-1 truncate text-muted-foreground">{current?.content}</span>
            <span
              aria-hidden="true"
              className={`shrink-0 transition-transform motion-reduce:transition-none ${planOpen ? 'rotate-180' : ''}`}
            >
              ▾
            </span>
          </button>
        )}
        {/* Closed on a phone, the list is out of sight but still read out: its status region keeps announcing. */}
        <div
          id={planId}
          className={
            pinned ? (planOpen ? 'max-md:mt-2 max-md:max-h-[70dvh] max-md:overflow-y-auto' : 'max-md:sr-only') : ''
          }
        >
          {showStoredChecklist ? (
            storedChecklist
          ) : (
            <TodoList
              state={todos}
              // Before the first plan the sentence above stands in for it: no empty box, but its
              // status region stays, so a plan that arrives whole is announced.
              className="data-[phase=empty]:sr-only"
              classNames={planClassNames}
              addToolApprovalResponse={addToolApprovalResponse}
            />
          )}
        </div>
      </aside>
      <section className="min-w-0" aria-label="Conversation">
        {/* One reading of the conversation for every inline list: a delta costs the same with 1 or 160 calls. */}
        <TodoProvider messages={shown} status={status}>
          <ol className="grid gap-4">
            {shown.map((message) => (
              <li key={message.id} className="chat-message grid gap-2" data-role={message.role}>
                {message.parts.map((part, index) => {
                  if (part.type === 'text') {
                    // biome-ignore lint/suspicious/noArrayIndexKey: parts have no id and are only ever appended
                    return <MessageText key={index} part={part} role={message.role} />;
                  }
                  // Each todo_write call, inline and headless: it spins only while it is the chat's current call.
                  if (part.type === 'tool-todo_write') {
                    return (
                      <TodoList
                        key={part.toolCallId}
                        toolCallId={part.toolCallId}
                        unstyled
                        maxVisible={4}
                        classNames={inlineClassNames}
                      />
                    );
                  }
                  return null;
                })}
              </li>
            ))}
          </ol>
        </TodoProvider>
        {(error !== undefined || refusedAnswer !== undefined) && (
          <p role="alert" className="mt-4 text-sm text-destructive">
            {error !== undefined ? errorText(error) : refusedAnswer}
          </p>
        )}
        <form className="chat-form mt-4 flex gap-2" onSubmit={onSubmit}>
          <label htmlFor="chat-input" className="sr-only">
            Message
          </label>
          <input
            id="chat-input"
            value={input}
            onChange={(event) => setInput(event.target.value)}
            placeholder="Ask the agent to do something…"
            autoComplete="off"
            className="min-w-0 flex-1 rounded-lg border border-input bg-background px-3 py-2 outline-none placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring"
          />
          {busy ? (
            <button
              type="button"
              onClick={() => void onStop()}
              className="rounded-lg border border-input px-4 py-2 font-medium hover:bg-accent"
            >
              Stop
            </button>
          ) : (
            <button
              type="submit"
              className="rounded-lg bg-primary px-4 py-2 font-medium text-primary-foreground hover:opacity-90"
            >
              Send
            </button>
          )}
        </form>
        <label className="mt-3 flex w-fit items-center gap-2 text-sm text-muted-foreground">
          <input
            type="checkbox"
            role="switch"
            aria-checked={review}
            checked={review}
            onChange={(event) => onReviewChange(event.target.checked)}
            className="size-4 accent-primary"
          />
          Review plans
        </label>
        {suggestions.length > 0 && (
          <ul className="mt-3 flex flex-wrap gap-2" aria-label="Suggestions">
            {suggestions.map((suggestion) => (
              <li key={suggestion}>
                <button
                  type="button"
                  // Sends the suggestion as it is: what the person typed stays in the input.
                  onClick={() => sendText(suggestion)}
                  disabled={busy}
                  className="rounded-md border border-border px-2.5 py-1.5 text-left text-[0.8125rem] text-muted-foreground hover:bg-accent hover:text-foreground disabled:opacity-50"
                >
                  {suggestion}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}

/**
 * Keeps the newest text in view while the page grows, until the person scrolls up; scrolling back to the
 * bottom follows again. Set `current` to true to follow from now on (a message sent).
 */
function useFollowNewest(): { current: boolean } {
  const following = useRef(true);
  useEffect(() => {
    const page = document.scrollingElement ?? document.documentElement;
    const atBottom = (): boolean => page.scrollHeight - page.scrollTop - window.innerHeight < 48;
    let lastTop = page.scrollTop;
    const onScroll = (): void => {
      if (atBottom()) following.current = true;
      else if (page.scrollTop < lastTop) following.current = false;
      lastTop = page.scrollTop;
    };
    // Runs after layout, so a streamed delta never forces a layout of its own.
    const observer = new ResizeObserver(() => {
      if (following.current && !atBottom()) window.scrollTo({ top: page.scrollHeight });
    });
    observer.observe(document.body);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', onScroll);
    };
  }, []);
  return following;
}
