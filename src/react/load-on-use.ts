/** Code a page downloads only when a component first wants it: the review controls, the plan editor. */
import { useEffect, useSyncExternalStore } from 'react';

/** A piece of code loaded on first use: one download serves the whole page. */
export interface LoadOnUse<T> {
  start(): void;
  loaded(): T | undefined;
  subscribe(listener: () => void): () => void;
}

export function loadOnUse<T>(what: string, load: () => Promise<T>): LoadOnUse<T> {
  // The module, once loaded: code, not data, so one copy serves every component on the page.
  let loaded: T | undefined;
  let requested = false;
  const listeners = new Set<() => void>();
  return {
    start() {
      if (requested || loaded) return;
      requested = true;
      load().then(
        (value) => {
          loaded = value;
          for (const listener of listeners) listener();
        },
        (error: unknown) => {
          requested = false;
          console.error(`todo-write: ${what} failed to load; retried on the next update`, error);
        },
      );
    },
    loaded: () => loaded,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const subscribeNever = (): (() => void) => () => {};

/**
 * The code once loaded, else `undefined`; `wanted` starts the download (again at each commit after a failed one,
 * which is logged). The server and hydration render without it, so the markup always matches.
 */
export function useLoaded<T>(code: LoadOnUse<T>, wanted: boolean): T | undefined {
  useEffect(() => {
    if (wanted) code.start();
  });
  return useSyncExternalStore(
    wanted ? code.subscribe : subscribeNever,
    () => (wanted ? code.loaded() : undefined),
    () => undefined,
  );
}
