import { generateId } from 'ai';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import { SUGGESTED_PROMPTS } from '@/lib/chat-model';
import { Chat } from './chat';

/** A new conversation: a fresh chat id per visit; the first response stores it under /chat/[id]. */
export default async function Page(): Promise<ReactNode> {
  await connection();
  return <Chat id={generateId()} suggestions={SUGGESTED_PROMPTS} />;
}
