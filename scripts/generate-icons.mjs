// Draws the app icons (PWA manifest, apple-touch-icon) from SVG with the Chromium already used by
// the e2e tests, so no image tool is needed. Run after changing the logo: node scripts/generate-icons.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'src/web/public/icons');

const BRAND = '#0369a1';
const BRAND_DARK = '#0c4a6e';
const BALL = '#fde047';

/** The ball of the favicon, centred on (32, 32) of a 64 × 64 box, scaled by `scale`. */
function ball(scale) {
  return `<g transform="translate(32 32) scale(${scale}) translate(-32 -32)">
    <circle cx="32" cy="32" r="20" fill="${BALL}" stroke="#fff" stroke-width="3"/>
    <path d="M32 12c-4 8-4 16 0 20s12 6 20 2M32 32c-6 4-14 6-20 2M32 32c4 4 6 12 4 20" fill="none" stroke="${BRAND_DARK}" stroke-width="3" stroke-linecap="round"/>
  </g>`;
}

// "any": rounded tile like the favicon. "maskable" and Apple's: full-bleed square, the ball inside
// the safe zone (a centred circle of 40 % of the size) because the platform crops the corners.
const sources = {
  any: `<rect width="64" height="64" rx="14" fill="${BRAND}"/>${ball(1.15)}`,
  fullBleed: `<rect width="64" height="64" fill="${BRAND}"/>${ball(0.95)}`,
};

const icons = [
  { file: 'icon-192.png', size: 192, source: sources.any },
  { file: 'icon-512.png', size: 512, source: sources.any },
  { file: 'icon-maskable-512.png', size: 512, source: sources.fullBleed },
  { file: 'apple-touch-icon.png', size: 180, source: sources.fullBleed },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
try {
  fs.mkdirSync(outDir, { recursive: true });
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const { file, size, source } of icons) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<!doctype html><html><body style="margin:0;background:transparent">` +
        `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="${size}" height="${size}" style="display:block">${source}</svg>` +
        `</body></html>`,
    );
    await page.screenshot({ path: path.join(outDir, file), omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    console.log(`${file} ${size}×${size}`);
  }
} finally {
  await browser.close();
}
