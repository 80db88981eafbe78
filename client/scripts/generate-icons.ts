/**
 * Renders the app icons (PWA manifest, Apple touch icon, favicon) from one SVG mark.
 * Run: npx tsx client/scripts/generate-icons.ts   (needs Chromium at /usr/bin/chromium)
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const OUT_DIR = fileURLToPath(new URL('../public/icons/', import.meta.url));

const BRAND_LIGHT = '#12a87c';
const BRAND_DARK = '#0c6e56';

/** The mark: a house with a heart for a window, drawn on a 512 grid centred at (0, 0). */
const MARK = `
  <path d="M-150 -18 L0 -146 L150 -18" fill="none" stroke="#fff" stroke-width="30" stroke-linecap="round" stroke-linejoin="round"/>
  <path d="M-108 -52 V112 a22 22 0 0 0 22 22 H86 a22 22 0 0 0 22 -22 V-52" fill="none" stroke="#fff" stroke-width="30" stroke-linecap="round" stroke-linejoin="round"/>
  <path transform="translate(0 40) scale(0.78)" d="M0 82 C-62 42 -78 12 -78 -12 C-78 -40 -56 -58 -32 -58 C-16 -58 -5 -50 0 -38 C5 -50 16 -58 32 -58 C56 -58 78 -40 78 -12 C78 12 62 42 0 82 Z" fill="#fff"/>
`;

function svg({ size, radius, markScale }: { size: number; radius: number; markScale: number }): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 512 512">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${BRAND_LIGHT}"/>
      <stop offset="1" stop-color="${BRAND_DARK}"/>
    </linearGradient>
  </defs>
  <rect width="512" height="512" rx="${radius}" fill="url(#bg)"/>
  <g transform="translate(256 266) scale(${markScale})">${MARK}</g>
</svg>`;
}

const ICONS = [
  // 'any' icons: rounded square, transparent corners.
  { file: 'icon-192.png', size: 192, radius: 112, markScale: 1 },
  { file: 'icon-512.png', size: 512, radius: 112, markScale: 1 },
  // Maskable: full bleed, the mark inside the 80% safe zone.
  { file: 'icon-maskable-512.png', size: 512, radius: 0, markScale: 0.74 },
  // iOS rounds the corners itself and shows transparency as black.
  { file: 'apple-touch-icon.png', size: 180, radius: 0, markScale: 0.86 },
];

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const icon of ICONS) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    await page.setContent(
      `<!doctype html><html><body style="margin:0;background:transparent">${svg(icon)}</body></html>`,
    );
    await page.locator('svg').screenshot({ path: `${OUT_DIR}${icon.file}`, omitBackground: true });
    console.log(`icons/${icon.file}`);
  }
  await writeFile(`${OUT_DIR}icon.svg`, svg({ size: 512, radius: 112, markScale: 1 }).replace(/width="512" height="512" /, ''));
  console.log('icons/icon.svg');
} finally {
  await browser.close();
}
