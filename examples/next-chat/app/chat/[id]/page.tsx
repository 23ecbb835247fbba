import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { Suspense, type ReactNode } from 'react';
import { countTodos, readTodos, selectTodoState } from 'todo-write';
import { TodoList } from 'todo-write/react';
import { SUGGESTED_PROMPTS } from '@/lib/chat-model';
import { loadLiveChat } from '@/lib/chat-answer';
import { isChatId, loadChat } from '@/lib/chat-store';
import { planClassNames } from '@/lib/todo-list-classes';
import { REVIEW_COOKIE } from '@/lib/review-plans';
import { Chat } from '../../chat';
import { ChatSkeleton } from '../../chat-skeleton';

/** The page's params: the chat id from the URL. */
type ChatParams = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: ChatParams): Promise<Metadata> {
  const { id } = await params;
  if (!isChatId(id)) return {};
  // Replay: the newest accepted todo_write call wins; rejected calls do not count.
  const todos = readTodos(await loadChat(id));
  return { title: `${countTodos(todos).completed} of ${todos.length} done · todo-write` };
}

/** The static shell, then the stored conversation: it reads the request's params, so it renders inside <Suspense>. */
export default function Page({ params }: ChatParams): ReactNode {
  return (
    <Suspense fallback={<ChatSkeleton />}>
      <StoredChat params={params} />
    </Suspense>
  );
}

/** A stored conversation: the checklist is rendered on the server, then the chat goes on live. */
async function StoredChat({ params }: ChatParams): Promise<ReactNode> {
  const { id } = await params;
  if (!isChatId(id)) notFound();
  // Per request, never prerendered: a running answer is shown as far as it got, then resumed.
  await connection();
  const { messages, answer, chunks } = await loadLiveChat(id);
  const status = answer === null ? 'ready' : 'streaming';
  return (
    <Chat
      id={id}
      initialMessages={messages}
      storedChecklist={<TodoList state={selectTodoState(messages, { status })} classNames={planClassNames} />}
      suggestions={SUGGESTED_PROMPTS}
      resume={answer !== null}
      liveChunks={chunks}
      continuedMessage={answer?.continues ?? undefined}
      reviewPlans={(await cookies()).get(REVIEW_COOKIE)?.value === 'on'}
    />
  );
}
