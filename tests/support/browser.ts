// Launches Debian's headless Chromium through playwright-core for end-to-end tests (no browser download).
import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { type Browser, chromium } from 'playwright-core';

export const OUTPUT_DIR = resolve(import.meta.dirname, '../output');

/** Starts Chromium with the flags this closed-network machine needs; fails with the install hint if absent. */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) {
    throw new Error(`No Chromium at ${executablePath}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  }
  mkdirSync(OUTPUT_DIR, { recursive: true });
  return chromium.launch({
    executablePath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-quic',
    ],
  });
}
