'use client';

import { useChat } from '@ai-sdk/react';
import { DefaultChatTransport, type UIMessage } from 'ai';
import { useState, type FormEvent, type ReactNode } from 'react';
import { TodoList, useTodos } from 'todo-write/react';

/** Sends only the newest message: the route loads the rest from the store (the persistence guide's pattern). */
const transport = new DefaultChatTransport<UIMessage>({
  api: '/api/chat',
  prepareSendMessagesRequest: ({ id, messages }) => ({ body: { id, message: messages.at(-1) } }),
});

export interface ChatProps {
  /** The conversation id: new on `/`, from the URL on `/chat/[id]`. */
  id: string;
  /** The stored conversation, loaded by a server component. */
  initialMessages?: UIMessage[];
  /** The stored checklist, rendered by a server component; shown until the chat moves on. */
  storedChecklist?: ReactNode;
  /** Prompts offered under the input. */
  suggestions?: readonly string[];
}

/** A chat with the agent's plan pinned beside it, built live from the streamed todo_write calls. */
export function Chat({ id, initialMessages = [], storedChecklist, suggestions = [] }: ChatProps): ReactNode {
  const [input, setInput] = useState('');
  const { messages, sendMessage, status, stop, error } = useChat({
    id,
    messages: initialMessages,
    transport,
    // Once a response is stored, the address of this page is the stored conversation.
    onFinish: () => window.history.replaceState(null, '', `/chat/${id}`),
  });
  const todos = useTodos(messages, { status });
  const busy = status === 'submitted' || status === 'streaming';
  const showStored = storedChecklist !== undefined && messages.length === initialMessages.length && !busy;

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    const text = input.trim();
    if (text === '' || busy) return;
    void sendMessage({ text });
    setInput('');
  }

  return (
    <main className="chat">
      <aside className="chat-plan" aria-label="Plan">
        {showStored ? storedChecklist : <TodoList state={todos} />}
      </aside>
      <section className="chat-main" aria-label="Conversation">
        <ol className="chat-messages">
          {messages.map((message) => (
            <li key={message.id} className="chat-message" data-role={message.role}>
              {message.parts.map((part, index) => {
                if (part.type === 'text') return <p key={index}>{part.text}</p>;
                if (part.type === 'tool-todo_write' && part.state === 'output-error') {
                  return (
                    <p key={index} className="chat-note" data-kind="rejected">
                      Plan update rejected: {part.errorText.replace(/^Error:\s*/, '')}
                    </p>
                  );
                }
                return null;
              })}
            </li>
          ))}
        </ol>
        {error !== undefined && <p role="alert">Something went wrong: {error.message}</p>}
        <form className="chat-form" onSubmit={onSubmit}>
          <label htmlFor="chat-input" className="visually-hidden">
            Message
          </label>
          <input
            id="chat-input"
            value={input}
            onChange={(event) => setInput(event.target.value)}
            placeholder="Ask the agent to do something…"
            autoComplete="off"
          />
          {busy ? (
            <button type="button" onClick={() => void stop()}>
              Stop
            </button>
          ) : (
            <button type="submit">Send</button>
          )}
        </form>
        {suggestions.length > 0 && (
          <ul className="chat-suggestions" aria-label="Suggestions">
            {suggestions.map((suggestion) => (
              <li key={suggestion}>
                <button type="button" onClick={() => setInput(suggestion)}>
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
