import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { countTodos, readTodos, selectTodoState } from 'todo-write';
import { TodoList } from 'todo-write/react';
import { SUGGESTED_PROMPTS } from '@/lib/chat-model';
import { isChatId, loadChat } from '@/lib/chat-store';
import { Chat } from '../../chat';

export async function generateMetadata({ params }: PageProps<'/chat/[id]'>): Promise<Metadata> {
  const { id } = await params;
  if (!isChatId(id)) return {};
  // Replay: the newest accepted todo_write call wins; rejected calls do not count.
  const todos = readTodos(loadChat(id));
  return { title: `${countTodos(todos).completed} of ${todos.length} done · todo-write` };
}

/** A stored conversation: the checklist is rendered on the server, then the chat goes on live. */
export default async function Page({ params }: PageProps<'/chat/[id]'>): Promise<ReactNode> {
  const { id } = await params;
  if (!isChatId(id)) notFound();
  const messages = loadChat(id);
  if (messages.length === 0) notFound();
  return (
    <Chat
      id={id}
      initialMessages={messages}
      storedChecklist={<TodoList state={selectTodoState(messages, { status: 'ready' })} />}
      suggestions={SUGGESTED_PROMPTS}
    />
  );
}
