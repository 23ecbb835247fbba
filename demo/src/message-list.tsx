import { Fragment, memo, type ReactNode } from 'react';
import type { ChatStatus, UIMessage } from 'ai';
import type { TodoToolShape } from 'todo-write';
import { TodoCallSummary, TodoProvider } from 'todo-write/react';

type MessagePart = UIMessage['parts'][number];
interface TodoToolPart {
  type: string;
  toolCallId: string;
  state: string;
  input?: unknown;
  output?: unknown;
  errorText?: string;
}

function isTodoToolPart(part: MessagePart, toolName: string): part is MessagePart & TodoToolPart {
  return part.type === `tool-${toolName}`;
}

/** Renders `code` spans written with backticks; everything else as plain text. */
function InlineText({ text }: { text: string }): ReactNode {
  return (
    text
      .split(/(`[^`\n]+`)/g)
      // The pieces of one text, in order: their position is their identity.
      .map((piece, index) =>
        piece.startsWith('`') && piece.endsWith('`') && piece.length > 2 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: pieces of one text never move.
          <code key={index}>{piece.slice(1, -1)}</code>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: pieces of one text never move.
          <Fragment key={index}>{piece}</Fragment>
        ),
      )
  );
}

/** One todo_write call in the transcript: what it did, in one line (the pinned panel shows the list itself). */
function TodoCallLine({ part, toolName }: { part: TodoToolPart; toolName: string }): ReactNode {
  return (
    <div className="tool-line">
      <span className="tool-line__icon" aria-hidden="true" />
      <span className="tool-line__name">{toolName}</span>
      <TodoCallSummary className="tool-line__label" toolCallId={part.toolCallId} />
      {part.state === 'output-error' && part.errorText && (
        <details className="tool-line__details">
          <summary>Why</summary>
          <pre>{part.errorText}</pre>
        </details>
      )}
    </div>
  );
}

/** The whole conversation and the chat's status. */
interface ChatView {
  messages: readonly UIMessage[];
  status: ChatStatus;
  /** The plan tool's shape, when it is not `todo_write`. */
  tool?: TodoToolShape | undefined;
}

export type MessageListProps = ChatView;

/**
 * One message; earlier messages keep their identity while the newest streams, so they skip rendering
 * (a call's summary follows the conversation through the <TodoProvider> around the list).
 */
const MessageItem = memo(function MessageItem({
  message,
  toolName,
}: {
  message: UIMessage;
  toolName: string;
}): ReactNode {
  return (
    <li className="message" data-role={message.role}>
      <span className="message__author">{message.role === 'user' ? 'You' : 'Agent'}</span>
      <div className="message__body">
        {message.parts.map((part, index) => {
          if (part.type === 'text') {
            return part.text.trim() === '' ? null : (
              // biome-ignore lint/suspicious/noArrayIndexKey: a message's parts only grow at the end.
              <p key={index} className="message__text">
                <InlineText text={part.text} />
              </p>
            );
          }
          if (isTodoToolPart(part, toolName))
            return <TodoCallLine key={part.toolCallId} part={part} toolName={toolName} />;
          return null;
        })}
      </div>
    </li>
  );
});

/** The transcript: user bubbles, and the agent's text with a line per checklist call. */
export function MessageList({ messages, status, tool }: MessageListProps): ReactNode {
  const toolName = tool?.name ?? 'todo_write';
  return (
    <TodoProvider messages={messages} status={status} tool={tool}>
      <ol className="messages">
        {messages.map((message) => (
          <MessageItem key={message.id} message={message} toolName={toolName} />
        ))}
      </ol>
    </TodoProvider>
  );
}
