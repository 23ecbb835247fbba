import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import 'todo-write/styles.css';
import './globals.css';

export const metadata: Metadata = {
  title: 'todo-write · Next.js chat',
  description: 'A chat whose agent plans with todo_write, the checklist built live from the stream.',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
