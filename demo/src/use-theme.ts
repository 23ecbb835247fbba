import { useEffect, useState, useSyncExternalStore } from 'react';
import type { ThemeChoice } from './demo-settings.js';

const STORAGE_KEY = 'todo-write-demo:theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

function subscribeToSystemTheme(onChange: () => void): () => void {
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function readStoredTheme(): ThemeChoice {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

/** The theme choice (saved), and the theme it resolves to; applied to `<html>` as `data-theme` and `.dark`. */
export function useTheme(initial: ThemeChoice | undefined): {
  choice: ThemeChoice;
  resolved: 'light' | 'dark';
  setChoice: (choice: ThemeChoice) => void;
} {
  const [choice, setChoice] = useState<ThemeChoice>(() => initial ?? readStoredTheme());
  const systemDark = useSyncExternalStore(
    subscribeToSystemTheme,
    () => window.matchMedia(DARK_QUERY).matches,
    () => false,
  );
  const resolved = choice === 'system' ? (systemDark ? 'dark' : 'light') : choice;
  useEffect(() => {
    document.documentElement.dataset.theme = resolved;
    document.documentElement.classList.toggle('dark', resolved === 'dark');
  }, [resolved]);
  const update = (next: ThemeChoice): void => {
    setChoice(next);
    try {
      if (next === 'system') window.localStorage.removeItem(STORAGE_KEY);
      else window.localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Private mode: the choice lasts for this page only.
    }
  };
  return { choice, resolved, setChoice: update };
}
