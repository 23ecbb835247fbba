import { useEffect, useState } from 'react';
import type { DemoConfig } from '../server/vite-chat-api.js';

export type { DemoConfig };

/**
 * Asks the server which mode the demo runs in. The static build has no server: any failure
 * means `scripted`. `undefined` while the answer is pending.
 */
export function useDemoConfig(): DemoConfig | undefined {
  const [config, setConfig] = useState<DemoConfig | undefined>(undefined);
  useEffect(() => {
    let cancelled = false;
    fetch('./api/config', { headers: { accept: 'application/json' } })
      .then(async (response) => {
        const body =
          response.ok && response.headers.get('content-type')?.includes('json')
            ? ((await response.json()) as DemoConfig)
            : undefined;
        return body?.mode === 'live' ? body : ({ mode: 'scripted' } satisfies DemoConfig);
      })
      .catch((): DemoConfig => ({ mode: 'scripted' }))
      .then((result) => {
        if (!cancelled) setConfig(result);
      });
    return () => {
      cancelled = true;
    };
  }, []);
  return config;
}
