import { generateId } from 'ai';
import { cookies } from 'next/headers';
import { connection } from 'next/server';
import { Suspense, type ReactNode } from 'react';
import { SUGGESTED_PROMPTS } from '@/lib/chat-model';
import { REVIEW_COOKIE } from '@/lib/review-plans';
import { Chat } from './chat';
import { ChatSkeleton } from './chat-skeleton';

/** A new conversation: the shell is static; the chat id is made per request, inside <Suspense>. */
export default function Page(): ReactNode {
  return (
    <Suspense fallback={<ChatSkeleton />}>
      <NewChat />
    </Suspense>
  );
}

/** A fresh chat id per visit; the first response stores it under /chat/[id]. */
async function NewChat(): Promise<ReactNode> {
  await connection();
  const reviewPlans = (await cookies()).get(REVIEW_COOKIE)?.value === 'on';
  return <Chat id={generateId()} suggestions={SUGGESTED_PROMPTS} reviewPlans={reviewPlans} />;
}
