import { Fragment, memo, type ReactNode, useId, useMemo } from 'react';
import type { ChatStatus, UIMessage } from 'ai';
import type { TodoRowStatus, TodoToolShape } from 'todo-write';
import { TodoCallSummary, TodoList, TodoProvider } from 'todo-write/react';
import { RESEARCH_TOOL } from '../agent/coding-agent-model.js';

type MessagePart = UIMessage['parts'][number];
interface ToolPart {
  type: string;
  toolCallId: string;
  state: string;
  input?: unknown;
  output?: unknown;
  errorText?: string;
  preliminary?: boolean;
}

function toolNameOf(part: MessagePart): string | undefined {
  return part.type.startsWith('tool-') && 'toolCallId' in part ? part.type.slice(5) : undefined;
}

/** The names a plan is written with: `todo_write`'s own, a shape's tool, or its task tools. */
function planToolNames(tool: TodoToolShape<TodoRowStatus> | undefined): readonly string[] {
  if (tool === undefined) return ['todo_write'];
  return tool.tasks ? Object.values(tool.tasks) : [tool.name];
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

/** One plan call in the transcript: what it did, in one line (the pinned panel shows the list itself). */
function TodoCallLine({ part, toolName }: { part: ToolPart; toolName: string }): ReactNode {
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

/** The name of a research call's list, and what its card says while it runs, once it answered, or when it did not. */
const RESEARCH_LABELS = { list: 'Research tasks' };
const RESEARCH_TITLES = {
  running: 'Researching:',
  done: 'Researched:',
  failed: 'Research failed:',
  stopped: 'Research stopped:',
} as const;

/**
 * A `research` call: its question, and under it the subagent's own checklist, read from the call's output by the
 * call's id (live while the subagent works). The pinned panel never shows it.
 */
function ResearchCard({ part, busy }: { part: ToolPart; busy: boolean }): ReactNode {
  const titleId = useId();
  const question = (part.input as { question?: unknown } | undefined)?.question;
  const answered = part.state === 'output-available' && part.preliminary !== true;
  const state = part.state === 'output-error' ? 'failed' : answered ? 'done' : busy ? 'running' : 'stopped';
  return (
    <section className="research" data-state={state} aria-labelledby={titleId}>
      <p className="research__title" id={titleId}>
        <span className="research__icon" aria-hidden="true" />
        <span className="research__label">{RESEARCH_TITLES[state]}</span>{' '}
        {typeof question === 'string' ? question : '…'}
      </p>
      <TodoList agent={part.toolCallId} className="research__plan" labels={RESEARCH_LABELS} />
    </section>
  );
}

/** The whole conversation and the chat's status. */
interface ChatView {
  messages: readonly UIMessage[];
  status: ChatStatus;
  /** The plan tool's shape, when it is not `todo_write`. */
  tool?: TodoToolShape<TodoRowStatus> | undefined;
}

export type MessageListProps = ChatView;

/**
 * One message; earlier messages keep their identity while the newest streams, so they skip rendering
 * (a call's summary follows the conversation through the <TodoProvider> around the list). `busy`:
 * the message is the one the agent is still writing.
 */
const MessageItem = memo(function MessageItem({
  message,
  planTools,
  busy,
}: {
  message: UIMessage;
  planTools: readonly string[];
  busy: boolean;
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
          const toolName = toolNameOf(part);
          const toolPart = part as MessagePart & ToolPart;
          if (toolName === RESEARCH_TOOL) return <ResearchCard key={toolPart.toolCallId} part={toolPart} busy={busy} />;
          if (toolName !== undefined && planTools.includes(toolName))
            return <TodoCallLine key={toolPart.toolCallId} part={toolPart} toolName={toolName} />;
          return null;
        })}
      </div>
    </li>
  );
});

/** The transcript: user bubbles, and the agent's text with a line per checklist call and a card per research. */
export function MessageList({ messages, status, tool }: MessageListProps): ReactNode {
  // One array per tool, so earlier messages keep skipping their render.
  const planTools = useMemo(() => planToolNames(tool), [tool]);
  const busy = status === 'submitted' || status === 'streaming';
  return (
    <TodoProvider messages={messages} status={status} tool={tool}>
      <ol className="messages">
        {messages.map((message, index) => (
          <MessageItem
            key={message.id}
            message={message}
            planTools={planTools}
            busy={busy && index === messages.length - 1}
          />
        ))}
      </ol>
    </TodoProvider>
  );
}
