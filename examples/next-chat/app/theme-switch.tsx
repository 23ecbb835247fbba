'use client';

import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { applyTheme, THEME_STORAGE_KEY, type ThemeSetting } from '@/lib/theme';

const SETTINGS: readonly { value: ThemeSetting; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'System' },
];
const CHANGE_EVENT = 'theme-setting-change';

function readSetting(): ThemeSetting {
  const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
  return stored === 'light' || stored === 'dark' ? stored : 'system';
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** Light / Dark / System, as a class on <html>; the server renders "System" (it cannot know). */
export function ThemeSwitch(): ReactNode {
  const setting = useSyncExternalStore(subscribe, readSetting, () => 'system' as const);

  useEffect(() => {
    applyTheme(setting);
    if (setting !== 'system') return;
    const query = window.matchMedia('(prefers-color-scheme: dark)');
    const follow = (): void => applyTheme('system');
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, [setting]);

  function choose(value: ThemeSetting): void {
    if (value === 'system') window.localStorage.removeItem(THEME_STORAGE_KEY);
    else window.localStorage.setItem(THEME_STORAGE_KEY, value);
    window.dispatchEvent(new Event(CHANGE_EVENT));
  }

  return (
    <fieldset className="flex rounded-lg border border-border bg-card p-0.5 text-xs">
      <legend className="sr-only">Theme</legend>
      {SETTINGS.map(({ value, label }) => (
        <button
          key={value}
          type="button"
          aria-pressed={setting === value}
          onClick={() => choose(value)}
          className="rounded-md px-2.5 py-1 text-muted-foreground hover:text-foreground aria-pressed:bg-background aria-pressed:text-foreground aria-pressed:shadow-sm"
        >
          {label}
        </button>
      ))}
    </fieldset>
  );
}
