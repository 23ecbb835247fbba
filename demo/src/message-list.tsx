import { Fragment, memo, type ReactNode } from 'react';
import type { UIMessage } from 'ai';

type MessagePart = UIMessage['parts'][number];
interface TodoToolPart {
  type: 'tool-todo_write';
  toolCallId: string;
  state: string;
  input?: unknown;
  output?: unknown;
  errorText?: string;
}

function isTodoToolPart(part: MessagePart): part is MessagePart & TodoToolPart {
  return part.type === 'tool-todo_write';
}

/** Renders `code` spans written with backticks; everything else as plain text. */
function InlineText({ text }: { text: string }): ReactNode {
  return text
    .split(/(`[^`\n]+`)/g)
    .map((piece, index) =>
      piece.startsWith('`') && piece.endsWith('`') && piece.length > 2 ? (
        <code key={index}>{piece.slice(1, -1)}</code>
      ) : (
        <Fragment key={index}>{piece}</Fragment>
      ),
    );
}

/** One todo_write call in the transcript: a compact line (the pinned panel shows the list itself). */
function TodoCallLine({ part, stopped }: { part: TodoToolPart; stopped: boolean }): ReactNode {
  const total = Array.isArray((part.input as { todos?: unknown } | undefined)?.todos)
    ? (part.input as { todos: unknown[] }).todos.length
    : 0;
  const counts = part.output as { completed?: number; pending?: number; in_progress?: number } | undefined;
  let label: string;
  let tone: 'busy' | 'ok' | 'error' | 'muted' = 'busy';
  if (part.state === 'output-available') {
    const done = counts?.completed ?? 0;
    const all = done + (counts?.pending ?? 0) + (counts?.in_progress ?? 0);
    label = `Checklist updated · ${done} of ${all} completed`;
    tone = 'ok';
  } else if (part.state === 'output-error') {
    label = 'Checklist update rejected';
    tone = 'error';
  } else if (stopped) {
    label = 'Checklist update stopped';
    tone = 'muted';
  } else {
    label =
      part.state === 'input-streaming'
        ? `Writing the checklist${total > 0 ? ` · ${total} tasks so far` : ''}…`
        : 'Saving the checklist…';
  }
  return (
    <div className="tool-line" data-tone={tone}>
      <span className="tool-line__icon" aria-hidden="true" />
      <span className="tool-line__name">todo_write</span>
      <span className="tool-line__label">{label}</span>
      {part.state === 'output-error' && part.errorText && (
        <details className="tool-line__details">
          <summary>Why</summary>
          <pre>{part.errorText}</pre>
        </details>
      )}
    </div>
  );
}

export interface MessageListProps {
  messages: readonly UIMessage[];
  /** The chat is idle (`ready` or `error`): unfinished calls were stopped. */
  idle: boolean;
}

/** One message; earlier messages keep their identity while the newest streams, so they skip rendering. */
const MessageItem = memo(function MessageItem({ message, idle }: { message: UIMessage; idle: boolean }): ReactNode {
  return (
    <li className="message" data-role={message.role}>
      <span className="message__author">{message.role === 'user' ? 'You' : 'Agent'}</span>
      <div className="message__body">
        {message.parts.map((part, index) => {
          if (part.type === 'text') {
            return part.text.trim() === '' ? null : (
              <p key={index} className="message__text">
                <InlineText text={part.text} />
              </p>
            );
          }
          if (isTodoToolPart(part)) return <TodoCallLine key={part.toolCallId} part={part} stopped={idle} />;
          return null;
        })}
      </div>
    </li>
  );
});

/** The transcript: user bubbles, and the agent's text with a line per checklist call. */
export function MessageList({ messages, idle }: MessageListProps): ReactNode {
  return (
    <ol className="messages">
      {messages.map((message) => (
        <MessageItem key={message.id} message={message} idle={idle} />
      ))}
    </ol>
  );
}
