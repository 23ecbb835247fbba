import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useChat } from '@ai-sdk/react';
import { DefaultChatTransport, lastAssistantMessageIsCompleteWithApprovalResponses, type UIMessage } from 'ai';
import { agentTodoTools } from 'todo-write/agents';
import { TodoList, useTodos } from 'todo-write/react';
import { SUGGESTED_PROMPTS } from '../agent/plan-request.js';
import { scenarios } from '../agent/scenarios.js';
import { type AgentChoice, type AgentTool, DEMO_MAX_TODOS } from './demo-settings.js';
import { createScriptedTransport } from './scripted-transport.js';
import { MessageList } from './message-list.js';
import { Composer } from './composer.js';
import { PlanPanel } from './plan-panel.js';
import { requestFailureText } from './request-failure-text.js';

export interface ChatSessionProps {
  choice: AgentChoice;
  speed: number;
  throttle: number;
  theme: 'light' | 'dark';
  /** "Review plans": the agent's first plan of each request waits for the person (scripted or live). */
  review: boolean;
  /** The plan tool the scripted agent calls (the live model always has `todo_write`). */
  agentTool: AgentTool;
}

/** How the checklist reads each plan tool (`todo_write`'s own: no shape needed). */
const TOOL_SHAPES = {
  todo_write: undefined,
  'claude-code': agentTodoTools.claudeCode,
  'claude-code-tasks': agentTodoTools.claudeCodeTasks,
} as const satisfies Record<AgentTool, unknown>;

/** One conversation with the chosen agent (remounted when the agent changes). */
export function ChatSession({ choice, speed, throttle, theme, review, agentTool }: ChatSessionProps): ReactNode {
  const tool = choice === 'live' ? undefined : TOOL_SHAPES[agentTool];
  const speedRef = useRef(speed);
  speedRef.current = speed;
  const reviewRef = useRef(review);
  reviewRef.current = review;
  const transport = useMemo(
    () =>
      choice === 'live'
        ? new DefaultChatTransport<UIMessage>({ api: './api/chat', body: () => ({ review: reviewRef.current }) })
        : createScriptedTransport(
            scenarios[choice],
            () => speedRef.current,
            () => reviewRef.current,
            agentTool,
          ),
    [choice, agentTool],
  );
  const { messages, sendMessage, status, stop, error, addToolApprovalResponse } = useChat({
    transport,
    // Once the person answers a plan, the agent goes on by itself.
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
    ...(throttle > 0 ? { throttle } : {}),
  });
  const todoState = useTodos(messages, { status, tool });
  const scenario = choice === 'live' ? undefined : scenarios[choice];
  const prompt = scenario?.prompt ?? scenarios.plan.prompt;
  const [draft, setDraft] = useState(prompt);
  const busy = status === 'submitted' || status === 'streaming';
  const idle = !busy;

  const scrollRef = useRef<HTMLElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const pinnedToBottom = useRef(true);
  // Follow the conversation while it grows, unless the reader scrolled up. A ResizeObserver runs
  // after layout, so this never forces a synchronous layout on each streamed delta.
  useEffect(() => {
    const scroller = scrollRef.current;
    const content = contentRef.current;
    if (!scroller || !content) return;
    const observer = new ResizeObserver(() => {
      if (pinnedToBottom.current) scroller.scrollTop = scroller.scrollHeight;
    });
    observer.observe(content);
    observer.observe(scroller); // the composer grows (suggestions) and the viewport resizes
    return () => observer.disconnect();
  }, []);

  const send = (text: string): void => {
    pinnedToBottom.current = true;
    setDraft('');
    void sendMessage({ text });
  };
  // A suggestion goes as it is: what the person typed stays in the box (the scenario's own prompt goes).
  const sendSuggestion = (text: string): void => {
    pinnedToBottom.current = true;
    setDraft((current) => (current === prompt ? '' : current));
    void sendMessage({ text });
  };
  const unfinished = todoState.todos.some((todo) => todo.status !== 'completed');
  // A first message gets a plan about what was asked: offer a few requests to start from.
  const starters = scenario !== undefined && scenario.fixedPlan !== true ? SUGGESTED_PROMPTS : [];
  const suggestions =
    messages.length === 0
      ? starters
      : idle && unfinished && todoState.phase !== 'empty' && todoState.phase !== 'review'
        ? ['continue']
        : [];

  return (
    <main className="workspace" data-status={status}>
      <section className="chat" aria-labelledby="chat-title">
        <h2 id="chat-title" className="visually-hidden">
          Chat
        </h2>
        <section
          className="chat__scroll"
          ref={scrollRef}
          aria-label="Conversation"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region takes focus so keyboard users can scroll it.
          tabIndex={0}
          onScroll={(event) => {
            const element = event.currentTarget;
            pinnedToBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < 48;
          }}
        >
          <div ref={contentRef}>
            {messages.length === 0 ? (
              <div className="intro">
                <p className="intro__eyebrow">{scenario ? 'Scripted scenario' : 'Live model'}</p>
                <h3 className="intro__title">{scenario ? scenario.label : 'Talk to a real model'}</h3>
                <p className="intro__text">
                  {scenario
                    ? scenario.description
                    : 'Requests go to /api/chat: streamText with the todo_write tool. Ask for a multi-step task and watch the plan build on the right.'}
                </p>
                <p className="intro__text intro__text--muted">
                  Press Send, or pick a request below: the agent plans from what you type, and the checklist builds from
                  the tool call's arguments while they stream.
                </p>
              </div>
            ) : (
              <MessageList messages={messages} status={status} tool={tool} />
            )}
            {status === 'submitted' && (
              <p className="typing" aria-hidden="true">
                <span />
                <span />
                <span />
              </p>
            )}
            {error && (
              <p className="chat__error" role="alert">
                {requestFailureText(error)}
              </p>
            )}
          </div>
        </section>
        <p className="visually-hidden" role="status">
          {busy ? 'The agent is working.' : messages.length > 0 ? 'The agent is done.' : ''}
        </p>
        <Composer
          value={draft}
          onChange={setDraft}
          onSend={send}
          onSuggestion={sendSuggestion}
          onStop={() => void stop()}
          busy={busy}
          suggestions={suggestions}
          suggestionsLabel={messages.length === 0 ? 'Try a request' : 'Suggestions'}
        />
      </section>
      <PlanPanel state={todoState}>
        <TodoList
          state={todoState}
          theme={theme}
          maxVisible={choice === 'large' ? 8 : 12}
          maxTodos={DEMO_MAX_TODOS}
          addToolApprovalResponse={addToolApprovalResponse}
        />
      </PlanPanel>
    </main>
  );
}
