import type { ReactNode } from 'react';

/** The page's frame while a chat loads: the static shell Next.js prerenders around it. */
export function ChatSkeleton(): ReactNode {
  return (
    <main
      className="mx-auto grid max-w-5xl grid-cols-1 gap-6 p-4 sm:p-6 md:grid-cols-[minmax(16rem,22rem)_minmax(0,1fr)]"
      aria-busy="true"
    >
      <div className="h-40 animate-pulse rounded-xl border border-border bg-card motion-reduce:animate-none" />
      <div className="h-10 animate-pulse rounded-lg bg-muted motion-reduce:animate-none" />
    </main>
  );
}
