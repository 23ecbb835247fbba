/**
 * Starts headless Chromium for the browser tests, the screenshots and the Next.js proof:
 * a system Chromium when one is installed, else the one shipped inside @sparticuz/chromium
 * (browser downloads are not possible on these machines).
 */
import { existsSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium as playwright, type Browser } from 'playwright-core';

const SYSTEM_CHROMIUM_PATHS = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
];

/** Flags that keep Chromium off the network (this machine has none) and quiet. */
const OFFLINE_FLAGS = [
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--disable-gpu',
];

export interface LaunchedChromium {
  browser: Browser;
  /** Which binary runs: `system` or `sparticuz`. */
  source: 'system' | 'sparticuz';
  executablePath: string;
}

/** Launches headless Chromium; close it with `browser.close()`. */
export async function launchChromium(): Promise<LaunchedChromium> {
  const systemPath = SYSTEM_CHROMIUM_PATHS.find((path) => path !== undefined && path !== '' && existsSync(path));
  if (systemPath !== undefined) {
    const browser = await playwright.launch({
      executablePath: systemPath,
      headless: true,
      args: [
        '--no-sandbox',
        ...OFFLINE_FLAGS,
        `--user-data-dir=${mkdtempSync(join(tmpdir(), 'todo-write-chromium-'))}`,
      ],
    });
    return { browser, source: 'system', executablePath: systemPath };
  }
  const { default: sparticuz } = await import('@sparticuz/chromium');
  const executablePath = await sparticuz.executablePath();
  const browser = await playwright.launch({
    executablePath,
    headless: true,
    args: [...sparticuz.args, ...OFFLINE_FLAGS],
  });
  return { browser, source: 'sparticuz', executablePath };
}
