import type { Metadata } from 'next';
import Link from 'next/link';
import { Suspense, type ReactNode } from 'react';
import { THEME_SCRIPT } from '@/lib/theme';
import './globals.css';
import 'todo-write/styles.css';
import { ScriptedAgentNote } from './scripted-agent-note';
import { ThemeSwitch } from './theme-switch';

export const metadata: Metadata = {
  title: 'todo-write · Next.js chat',
  description: 'A chat whose agent plans with todo_write, the checklist built live from the stream.',
};

export default function RootLayout({ children }: { children: ReactNode }): ReactNode {
  return (
    // The theme script changes <html>'s class before React hydrates: that attribute is expected to differ.
    <html lang="en" suppressHydrationWarning>
      <head>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of the app, run before the first paint */}
        <script dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
      </head>
      <body className="min-h-dvh">
        <header className="border-b border-border">
          <div className="mx-auto flex max-w-5xl items-center justify-between gap-4 px-6 py-3">
            <Link href="/" className="text-sm font-semibold tracking-tight">
              todo-write <span className="font-normal text-muted-foreground">· Next.js chat</span>
            </Link>
            <ThemeSwitch />
          </div>
          <Suspense fallback={null}>
            <ScriptedAgentNote />
          </Suspense>
        </header>
        {children}
      </body>
    </html>
  );
}
