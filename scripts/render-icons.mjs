#!/usr/bin/env node
// Renders the installable app's PNG icons from client/public/icon.svg with the test suite's Chromium
// (run once when the icon changes; the PNGs are committed): 192 and 512 px, a 512 px maskable one
// whose mark stays inside the middle 80 % that launchers may crop to, and iOS's 180 px home-screen
// icon (apple-touch-icon: square and opaque, iOS rounds its corners).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { chromium } from 'playwright-core';

const PUBLIC = join(import.meta.dirname, '..', 'client', 'public');
const svg = readFileSync(join(PUBLIC, 'icon.svg'), 'utf8');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
const ICONS = [
  ['icon-192.png', 192, 0],
  ['icon-512.png', 512, 0],
  ['icon-maskable-512.png', 512, 0.1],
  ['apple-touch-icon.png', 180, 0],
];
for (const [name, size, inset] of ICONS) {
  await page.setViewportSize({ width: size, height: size });
  const pad = Math.round(size * inset);
  await page.setContent(
    `<body style="margin:0;background:#07080a"><div style="padding:${pad}px;width:${size - 2 * pad}px;height:${size - 2 * pad}px">${svg.replace('<svg ', '<svg width="100%" height="100%" ')}</div></body>`,
  );
  await page.screenshot({ path: join(PUBLIC, name), omitBackground: false });
}
await browser.close();
console.log('icons written to client/public');
