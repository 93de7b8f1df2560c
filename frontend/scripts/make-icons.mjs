#!/usr/bin/env node
/**
 * Draws the app's install icons (public/icons/*.png) from the mark of public/favicon.svg: a blue
 * disc (#1864ab, r 15 of a 32-unit box) with white clock hands (M16 7v9l6 4, stroke 3, round
 * caps). Node built-ins only: each pixel is sampled 8×8 times (anti-aliasing), the image written
 * as an 8-bit RGBA PNG. The PNGs are committed; run again only when the mark changes:
 *
 *   node scripts/make-icons.mjs
 *
 *   icon-192.png, icon-512.png   the disc on a transparent square (manifest, purpose "any")
 *   icon-maskable-512.png        full-bleed blue with the hands inside the central 80 % (the
 *                                maskable safe zone), so any mask shape keeps the whole mark
 *   apple-touch-icon.png         180 px, opaque (iOS fills transparency with black)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';

const BLUE = [0x18, 0x64, 0xab];
const WHITE = [0xff, 0xff, 0xff];
const HANDS = [
  [16, 7, 16, 16],
  [16, 16, 22, 20],
];
const HALF_STROKE = 1.5;
const SAMPLES = 8;

function segmentDistance(x, y, [x1, y1, x2, y2]) {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const t = Math.max(0, Math.min(1, ((x - x1) * dx + (y - y1) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(x - (x1 + t * dx), y - (y1 + t * dy));
}

/**
 * RGBA pixels of a `size` square. The 32-unit mark is drawn in the central `scale` of the square;
 * `fullBleed` paints the whole square blue first (no transparency).
 */
function draw(size, { scale = 1, fullBleed = false } = {}) {
  const pixels = Buffer.alloc(size * size * 4);
  const unit = (size * scale) / 32;
  const offset = (size * (1 - scale)) / 2;
  for (let py = 0; py < size; py += 1) {
    for (let px = 0; px < size; px += 1) {
      let disc = 0;
      let hands = 0;
      for (let sy = 0; sy < SAMPLES; sy += 1) {
        for (let sx = 0; sx < SAMPLES; sx += 1) {
          const x = (px + (sx + 0.5) / SAMPLES - offset) / unit;
          const y = (py + (sy + 0.5) / SAMPLES - offset) / unit;
          if (Math.hypot(x - 16, y - 16) <= 15) disc += 1;
          if (HANDS.some((segment) => segmentDistance(x, y, segment) <= HALF_STROKE)) hands += 1;
        }
      }
      const n = SAMPLES * SAMPLES;
      const alpha = fullBleed ? 1 : disc / n;
      const white = alpha === 0 ? 0 : Math.min(1, hands / n / alpha);
      const at = (py * size + px) * 4;
      for (let c = 0; c < 3; c += 1) pixels[at + c] = Math.round(BLUE[c] + (WHITE[c] - BLUE[c]) * white);
      pixels[at + 3] = Math.round(alpha * 255);
    }
  }
  return pixels;
}

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

function png(size, pixels) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y += 1) {
    rows[y * (size * 4 + 1)] = 0; // filter: none
    pixels.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
mkdirSync(out, { recursive: true });
const icons = {
  'icon-192.png': [192, {}],
  'icon-512.png': [512, {}],
  'icon-maskable-512.png': [512, { scale: 0.8, fullBleed: true }],
  'apple-touch-icon.png': [180, { scale: 0.8, fullBleed: true }],
};
for (const [name, [size, options]] of Object.entries(icons)) {
  const bytes = png(size, draw(size, options));
  writeFileSync(join(out, name), bytes);
  console.log(`${name}: ${size}×${size}, ${bytes.length} bytes`);
}
