// Page weight and speed: compressed JavaScript and CSS each public page loads in Chromium,
// against a bare React Router page built by the same toolchain in this run and served by the
// same server; then Lighthouse's four scores per page (mobile emulation).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, chromiumPath } from './lib/browser.mjs';
import { wireSize } from './lib/client.mjs';
import { pgliteDatabase } from './lib/database.mjs';
import { kb, record, round, skipped } from './lib/report.mjs';
import { REPO, SCRATCH, startServer } from './lib/site.mjs';

const PAGES = ['/', '/join', '/calshare', '/calshare/wiki/home', '/calshare/privacy_policy', '/mentions-legales'];
const QUIET_MS = 1000;
const PAGE_LIMIT_MS = 15_000;
const LIGHTHOUSE_LIMIT_MS = 120_000;
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
// Where to keep the full Lighthouse reports (JSON), for a closer look; none kept by default.
const REPORT_DIR = process.env.BENCH_LIGHTHOUSE_DIR;
const LIGHTHOUSE_TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** `npx react-router build` of bench/baseline, into this run's scratch folder. */
function buildBaseline() {
  const out = path.join(SCRATCH, 'baseline');
  const result = spawnSync('npx', ['react-router', 'build'], {
    cwd: path.join(REPO, 'bench/baseline'),
    env: { ...process.env, BENCH_BASELINE_BUILD: out },
    encoding: 'utf8',
    timeout: 300_000,
  });
  if (result.status !== 0) throw new Error(`baseline build failed:\n${result.stdout}\n${result.stderr}`);
  const client = path.join(out, 'client');
  precompress(client);
  return client;
}

/** The same pre-compression as scripts/build-server.mjs gives the site's own client. */
function precompress(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (!entry.isFile() || !/\.(js|css|html|svg|json|webmanifest|txt|xml)$/.test(file)) continue;
    const content = fs.readFileSync(file);
    if (content.length < 1024) continue;
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
  }
}

/**
 * The scripts and style sheets one fresh visit loads (Chromium decides which), each weighed
 * as a Brotli-accepting client receives it. Chromium's own size counters sometimes include
 * the response headers, so the bytes are counted here instead.
 */
async function weigh(browser, url) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'fr-FR' });
  const loaded = new Map();
  try {
    const page = await context.newPage();
    let lastActivity = Date.now();
    page.on('request', () => (lastActivity = Date.now()));
    page.on('requestfinished', (request) => {
      lastActivity = Date.now();
      const type = request.resourceType();
      if (type === 'script' || type === 'stylesheet' || type === 'document') loaded.set(request.url(), type);
    });
    await page.goto(url, { waitUntil: 'load', timeout: PAGE_LIMIT_MS });
    // Route chunks and lazy modules arrive after 'load'; stop once the network stays quiet.
    const deadline = Date.now() + PAGE_LIMIT_MS;
    while (Date.now() - lastActivity < QUIET_MS && Date.now() < deadline) await sleep(100);
  } finally {
    await context.close();
  }
  const items = [];
  for (const [address, type] of loaded) {
    items.push({ type, file: new URL(address).pathname.split('/').pop() || '/', ...(await wireSize(address, PAGE_LIMIT_MS)) });
  }
  const sum = (type) => items.filter((item) => item.type === type).reduce((total, item) => total + item.bytes, 0);
  const inlineCss = await inlineStyleBytes(url);
  return {
    files: items.filter((item) => item.type !== 'document'),
    js: sum('script'),
    css: sum('stylesheet') + inlineCss,
    inlineCss,
    html: sum('document'),
    headers: items.reduce((total, item) => total + item.headerBytes, 0),
    requests: items.length,
    scripts: items.filter((item) => item.type === 'script').length,
  };
}

/**
 * The style sheets a page carries inline (decision 0024) weigh as much as the files they
 * replace: their text, Brotli-compressed on its own (a little more than their share of the
 * compressed page).
 */
async function inlineStyleBytes(url) {
  const html = await (await fetch(url, { signal: AbortSignal.timeout(PAGE_LIMIT_MS) })).text();
  const css = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1]).join('\n');
  return css ? zlib.brotliCompressSync(css, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length : 0;
}

async function weights(executablePath, site, baseline) {
  const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_FLAGS });
  try {
    const base = await weigh(browser, `${baseline}/`);
    const baseTotal = base.js + base.css;
    console.log(`  baseline (bare React Router page): JS ${kb(base.js)} in ${base.scripts} files, CSS ${kb(base.css)}`);
    record('page-weight', 'baseline JS+CSS', baseTotal / 1024, ' kB');
    for (const pathname of PAGES) {
      const page = await weigh(browser, site + pathname);
      console.log(
        `  ${pathname}: JS ${kb(page.js)} in ${page.scripts} files, CSS ${kb(page.css)} (${kb(page.inlineCss)} of it inline), HTML ${kb(page.html)}; ` +
          `response headers of these ${page.requests} requests ${kb(page.headers)}`,
      );
      // Largest first, hashes left out: what to look at to make the page lighter.
      const files = [...page.files].sort((a, b) => b.bytes - a.bytes).map((item) => `${item.file.replace(/-[\w-]{8}(?=\.)/, '')} ${kb(item.bytes)}`);
      console.log(`    ${files.join(', ')}`);
      record('page-weight', `${pathname} JS+CSS`, (page.js + page.css) / 1024, ' kB');
      record('page-weight', `${pathname} JS+CSS / baseline`, (page.js + page.css) / baseTotal, '×', { op: '<=', value: 1.5 });
    }
  } finally {
    await browser.close();
  }
}

/** What keeps a Lighthouse category below 100: its failing audits, by id. */
function failingAudits(lhr, category) {
  return lhr.categories[category].auditRefs
    .filter((ref) => ref.weight > 0 || category === 'performance')
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative')
    .map((audit) => (audit.displayValue ? `${audit.id} (${audit.displayValue})` : audit.id));
}

/** One Lighthouse report of `url`, or an Error saying why there is none. */
async function audit(lighthouse, port, url) {
  let timer;
  const limit = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no result within ${LIGHTHOUSE_LIMIT_MS / 1000} s`)), LIGHTHOUSE_LIMIT_MS);
  });
  try {
    const result = await Promise.race([
      lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: Object.keys(LIGHTHOUSE_TARGETS) }),
      limit,
    ]);
    const lhr = result?.lhr;
    if (!lhr || lhr.runtimeError) return new Error(lhr?.runtimeError?.message ?? 'no report');
    return lhr;
  } catch (error) {
    return error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Lighthouse's scores per page: of LIGHTHOUSE_RUNS runs, the one with the median performance
 * score (what Lighthouse itself advises, as the performance score varies from run to run).
 */
async function lighthouseScores(executablePath, pages) {
  let lighthouse;
  let chromeLauncher;
  try {
    lighthouse = (await import('lighthouse')).default;
    chromeLauncher = await import('chrome-launcher');
  } catch (error) {
    skipped('lighthouse', 'all', `lighthouse cannot be loaded: ${error.message}`);
    return;
  }
  const chrome = await chromeLauncher.launch({ chromePath: executablePath, chromeFlags: CHROMIUM_FLAGS, logLevel: 'silent' });
  try {
    for (const [label, url] of pages) {
      const reports = [];
      let failure;
      // A run that records no trace (NO_NAVSTART on a busy machine) is run again, twice at most.
      for (let attempt = 1; reports.length < LIGHTHOUSE_RUNS && attempt <= LIGHTHOUSE_RUNS + 2; attempt++) {
        const report = await audit(lighthouse, chrome.port, url);
        if (report instanceof Error) {
          failure = report;
          console.log(`  ${label}: Lighthouse attempt ${attempt} gave no report (${report.message})`);
        } else {
          reports.push(report);
        }
      }
      if (reports.length === 0) {
        skipped('lighthouse', label, failure.message);
        continue;
      }
      reports.sort((a, b) => (a.categories.performance.score ?? 0) - (b.categories.performance.score ?? 0));
      // The median run; of two, the lower one.
      const lhr = reports[Math.floor((reports.length - 1) / 2)];
      if (REPORT_DIR) {
        fs.mkdirSync(REPORT_DIR, { recursive: true });
        fs.writeFileSync(path.join(REPORT_DIR, `${label.replace(/[^a-z0-9]+/gi, '_')}.json`), JSON.stringify(lhr));
      }
      const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index']
        .map((id) => `${id.replace(/-/g, ' ')} ${lhr.audits[id]?.displayValue ?? '?'}`)
        .join(', ');
      const all = reports.map((report) => Math.round((report.categories.performance.score ?? 0) * 100)).join(', ');
      console.log(`  ${label}: ${metrics}; performance of the ${reports.length} runs: ${all} (CPU benchmark index ${round(lhr.environment.benchmarkIndex, 0)})`);
      for (const [category, target] of Object.entries(LIGHTHOUSE_TARGETS)) {
        const score = Math.round((lhr.categories[category].score ?? 0) * 100);
        // The baseline's scores show what this machine allows; they are not a target.
        record('lighthouse', `${label} ${category}`, score, '', label.startsWith('baseline') ? undefined : { op: '>=', value: target });
        const failing = failingAudits(lhr, category);
        if (failing.length > 0) console.log(`    ${category} below 100 because of: ${failing.join(', ')}`);
      }
    }
  } finally {
    chrome.kill();
  }
}

export async function run() {
  console.log(`\n[page-weight] ${PAGES.join(', ')} against a bare React Router page`);
  const executablePath = chromiumPath();
  if (!executablePath) {
    skipped('page-weight', 'all', 'no Chromium found (set CHROME_PATH or install Debian’s chromium)');
    return;
  }
  const baselineClient = buildBaseline();
  const site = await startServer({ database: pgliteDatabase('pages') });
  const baseline = await startServer({ database: pgliteDatabase('baseline'), clientDir: baselineClient });
  try {
    await weights(executablePath, site.url, baseline.url);
    if (process.env.BENCH_LIGHTHOUSE === 'off') {
      skipped('lighthouse', 'all', 'BENCH_LIGHTHOUSE=off');
      return;
    }
    console.log(`\n[lighthouse] mobile emulation, ${PAGES.length} pages and the baseline`);
    await lighthouseScores(executablePath, [['baseline /', `${baseline.url}/`], ...PAGES.map((pathname) => [pathname, site.url + pathname])]);
  } finally {
    await Promise.all([site.stop(), baseline.stop()]);
  }
}
