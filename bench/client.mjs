// (5) Client: gzip bytes of the JS and CSS the login screen and the dashboard load first, and those
// the BMI upload dialog loads on top of the dashboard; the time to dashboard content in headless
// Chromium as a ratio of a blank page from the same server.
import { gzipSync } from 'node:zlib';

import { fmt, median, require, row } from './lib.mjs';

const { chromium } = require('playwright-core');

const ROUNDS = 3;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BUDGET_KB = 200;

/**
 * Loads `path` in a fresh (cold-cache) context; answers the gzip size of its JS/CSS and the time
 * until `ready`; with `then`, also the gzip size of what that step loads after it (`thenGzipBytes`).
 */
async function load(browser, url, path, { token, ready, then }) {
  const context = await browser.newContext();
  if (token) await context.addInitScript((t) => localStorage.setItem('authToken', t), token);
  const page = await context.newPage();
  const bodies = [];
  page.on('response', (res) => {
    if (['script', 'stylesheet'].includes(res.request().resourceType()))
      bodies.push(res.body().catch(() => Buffer.alloc(0)));
  });
  const t0 = performance.now();
  await page.goto(`${url}${path}`);
  await ready(page);
  const ms = performance.now() - t0;
  await page.waitForLoadState('networkidle');
  const gzipBytes = await gzipTotal(bodies.splice(0));
  let thenGzipBytes = 0;
  if (then) {
    await then(page);
    await page.waitForLoadState('networkidle');
    thenGzipBytes = await gzipTotal(bodies);
  }
  await context.close();
  return { ms, gzipBytes, thenGzipBytes };
}

const gzipTotal = async (bodies) => (await Promise.all(bodies)).reduce((n, b) => n + gzipSync(b).length, 0);

const loginReady = (page) =>
  page
    .getByRole('button', { name: /phantom/i })
    .first()
    .waitFor();
const dashboardReady = (page) => page.getByRole('heading', { level: 1, name: 'SWEAT_CREDITS_SYS' }).waitFor();
const blankReady = () => undefined;
const openBmiUpload = async (page) => {
  await page.getByRole('button', { name: 'UPLOAD_BMI' }).click();
  await page.getByRole('dialog', { name: 'BMI_REPORT_UPLOAD' }).getByTestId('bmi-picker').waitFor();
};

export async function benchClient({ server, session }) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  const login = [];
  const dashboard = [];
  const blank = [];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      blank.push(await load(browser, server.url, '/favicon.svg', { ready: blankReady }));
      login.push(await load(browser, server.url, '/', { ready: loginReady }));
      dashboard.push(
        await load(browser, server.url, '/', { token: session.token, ready: dashboardReady, then: openBmiUpload }),
      );
    }
  } finally {
    await browser.close();
  }
  const kb = (runs) => median(runs.map((r) => r.gzipBytes)) / 1024;
  const dialogKb = median(dashboard.map((r) => r.thenGzipBytes)) / 1024;
  const ms = (runs) => median(runs.map((r) => r.ms));
  const ratio = ms(dashboard) / ms(blank);
  return [
    row(
      'Client',
      'login screen: gzip KB of JS + CSS loaded',
      fmt(kb(login), 1),
      '',
      null,
      `< ${BUDGET_KB} KB`,
      kb(login) < BUDGET_KB,
    ),
    row(
      'Client',
      'dashboard: gzip KB of JS + CSS loaded',
      fmt(kb(dashboard), 1),
      '',
      null,
      `< ${BUDGET_KB} KB`,
      kb(dashboard) < BUDGET_KB,
    ),
    row('Client', 'BMI upload dialog: gzip KB of JS + CSS it adds', fmt(dialogKb, 1), '', null, 'reported', null),
    row(
      'Client',
      `time to dashboard content, cold cache (ms, median of ${ROUNDS})`,
      fmt(ms(dashboard)),
      `${fmt(ms(blank))} blank page`,
      ratio,
      'reported',
      null,
    ),
  ];
}
