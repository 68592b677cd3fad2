// The bot barrier's cost (decision 0023): how long the browser's widget takes to solve a
// challenge at the default difficulty, in Chromium at full speed and with the CPU slowed
// four times (a mid-range phone), and what one challenge costs the server to make and check.
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, chromiumPath } from './lib/browser.mjs';
import { proofOfWork } from './lib/proof-of-work.mjs';
import { percentile, record, skipped } from './lib/report.mjs';
import { newDataDir, startServer } from './lib/site.mjs';

const SOLVES = 15;

export async function run() {
  console.log('\n[anti-bot] proof of work at the default difficulty');
  // The server's default ANTI_BOT_DIFFICULTY, not the small one the other benchmarks ask.
  const server = await startServer({ database: { dataDir: newDataDir('anti-bot') }, env: { ANTI_BOT_DIFFICULTY: '' } });
  await measureServer(server.url);
  const executablePath = chromiumPath();
  if (!executablePath) return skipped('anti-bot', 'browser solve', 'no Chromium found (set CHROME_PATH or install Debian’s chromium)');
  const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_FLAGS });
  try {
    for (const slowdown of [1, 4]) await measureBrowser(browser, server.url, slowdown);
  } finally {
    await browser.close();
  }
}

/** Making a challenge (one key derivation) and checking a solution (one more, and a row). */
async function measureServer(url) {
  const made = [];
  for (let i = 0; i < SOLVES * 4; i++) {
    const start = performance.now();
    await fetch(`${url}/api/anti-bot/challenge`).then((response) => response.json());
    made.push(performance.now() - start);
  }
  record('anti-bot', 'challenge p95', percentile(made, 95), ' ms', { op: '<=', value: 50 });
  const checked = [];
  for (let i = 0; i < SOLVES; i++) {
    const proof = await proofOfWork(url);
    const start = performance.now();
    // Refused for its address once the proof is checked and spent, before any password
    // hashing: the check's own cost.
    const response = await fetch(`${url}/api/fn/users-registerUser`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'pas-une-adresse', username: 'bench', firstname: 'A', lastname: 'B', pwd: 'x', ...proof }),
    });
    checked.push(performance.now() - start);
    if (response.status !== 400 || (await response.json()).error.code !== 'users/invalid-email') throw new Error(`registration with a proof → ${response.status}`);
  }
  record('anti-bot', 'checked request p95', percentile(checked, 95), ' ms', { op: '<=', value: 50 });
}

async function measureBrowser(browser, url, slowdown) {
  const page = await browser.newPage();
  try {
    await page.goto(`${url}/go_with_calshare`);
    await page.locator('altcha-widget').waitFor({ state: 'attached' });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    const times = [];
    for (let i = 0; i < SOLVES; i++) {
      times.push(
        await page.evaluate(async () => {
          const widget = document.querySelector('altcha-widget');
          const challenge = await (await fetch('/api/anti-bot/challenge')).json();
          widget.configure({ challenge });
          widget.reset();
          const start = performance.now();
          // Without the widget's 500 ms floor: the work itself.
          await widget.verify({ minDuration: 0 });
          return performance.now() - start;
        }),
      );
    }
    const label = slowdown === 1 ? 'browser solve' : `browser solve, CPU ÷${slowdown}`;
    record('anti-bot', `${label} p50`, percentile(times, 50), ' ms');
    record('anti-bot', `${label} p95`, percentile(times, 95), ' ms', slowdown === 1 ? { op: '<=', value: 1000 } : { op: '<=', value: 3000 });
  } finally {
    await page.close();
  }
}
