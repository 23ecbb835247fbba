import { connection } from 'next/server';
import type { ReactNode } from 'react';
import { isScriptedAgent } from '@/lib/chat-model';

/** Says when no API key is set and the scripted agent answers; read per request, as a key can come without a build. */
export async function ScriptedAgentNote(): Promise<ReactNode> {
  await connection();
  if (!isScriptedAgent()) return null;
  return (
    <p className="mx-auto max-w-5xl px-4 pb-2 text-xs text-muted-foreground sm:px-6">
      Offline · scripted agent: no API key is set, so todo-write's scripted coding agent answers.
    </p>
  );
}
