// Renders the app icons in public/icons/ from public/favicon.svg with the browser the journeys use
// (docs/decisions/061-installable-offline-app.md). Run by hand when the logo changes and commit the
// PNGs: `node apps/web/scripts/render-icons.mjs [path to chromium]`. The maskable icon is the bolt alone on a
// full-bleed square, kept inside the 80% circle a launcher may crop to.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const publicDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');
const logo = readFileSync(join(publicDir, 'favicon.svg'), 'utf8');
const background = /<rect[^>]*fill="(#[0-9a-f]{6})"/i.exec(logo)?.[1];
const bolt = /<path[^>]*\/>/.exec(logo)?.[0];
if (!background || !bolt) throw new Error('favicon.svg no longer has the rect and path this script expects');

// The bolt spans about 16 x 24 of the 32-unit box; at 0.7 of a centred square it stays in the safe zone.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${background}"/><g transform="translate(16 16) scale(0.7) translate(-16 -16)">${bolt}</g></svg>`;

const icons = [
  { file: 'icon-192.png', size: 192, svg: logo },
  { file: 'icon-512.png', size: 512, svg: logo },
  { file: 'icon-maskable-512.png', size: 512, svg: maskable },
];

const browser = await chromium.launch({ executablePath: process.argv[2] ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (const { file, size, svg } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<style>html,body{margin:0;background:transparent}svg{display:block}</style>${sized}`);
    await page.screenshot({ path: join(publicDir, 'icons', file), omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}
