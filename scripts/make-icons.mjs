// Draws the app and tray icons (a rounded square with a speech bubble) and writes them as PNG
// with nothing but node:zlib, so they can be regenerated anywhere: `node scripts/make-icons.mjs`.
import { writeFileSync, mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { deflateSync } from 'node:zlib'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const BRAND = [0x06, 0x51, 0x83] // BRAND_FALLBACK.color in src/shared/constants.ts
const WHITE = [0xff, 0xff, 0xff]

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
/** @param {Buffer} bytes */
const crc32 = (bytes) => {
  let c = 0xffffffff
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

/** @param {string} type @param {Buffer} data */
const chunk = (type, data) => {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/**
 * RGBA pixels (size × size × 4) → PNG file bytes (8-bit RGBA, no interlace).
 * @param {number} size
 * @param {Buffer} pixels
 */
function encodePng(size, pixels) {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header[8] = 8 // bit depth
  header[9] = 6 // colour type: RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1))
  for (let y = 0; y < size; y++) {
    rows[y * (size * 4 + 1)] = 0 // filter: none
    pixels.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4)
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** Signed distance to a rounded rectangle centred at (cx, cy) with half-sizes (hw, hh). */
const roundedRect = (x, y, cx, cy, hw, hh, r) => {
  const qx = Math.abs(x - cx) - (hw - r)
  const qy = Math.abs(y - cy) - (hh - r)
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r
}

/** Signed distance to the triangle (a, b, c): the bubble's tail. */
const triangle = (x, y, [a, b, c]) => {
  const edges = [
    [a, b],
    [b, c],
    [c, a],
  ]
  let distance = Infinity
  let inside = true
  for (const [[x1, y1], [x2, y2]] of edges) {
    const ex = x2 - x1
    const ey = y2 - y1
    const t = Math.max(0, Math.min(1, ((x - x1) * ex + (y - y1) * ey) / (ex * ex + ey * ey)))
    distance = Math.min(distance, Math.hypot(x - x1 - t * ex, y - y1 - t * ey))
    if (ex * (y - y1) - ey * (x - x1) < 0) inside = false
  }
  return inside ? -distance : distance
}

/**
 * Draws in unit coordinates (0..1) and antialiases over one pixel.
 * @param {number} size
 * @param {{ padding: number }} options
 */
function drawIcon(size, { padding }) {
  const pixels = Buffer.alloc(size * size * 4)
  const coverage = (d) => Math.max(0, Math.min(1, 0.5 - d * size))
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const x = (px + 0.5) / size
      const y = (py + 0.5) / size
      const half = 0.5 - padding
      const tile = coverage(roundedRect(x, y, 0.5, 0.5, half, half, half * 0.45))
      const bubbleBody = roundedRect(x, y, 0.5, 0.45, half * 0.62, half * 0.42, half * 0.22)
      const tail = triangle(x, y, [
        [0.34, 0.58],
        [0.47, 0.6],
        [0.3, 0.74],
      ])
      const bubble = coverage(Math.min(bubbleBody, tail))
      const dotY = 0.45
      const dots = [0.37, 0.5, 0.63].map((dotX) =>
        coverage(Math.hypot(x - dotX, y - dotY) - half * 0.075),
      )
      const dot = Math.max(...dots)
      // Brand tile, white bubble on it, brand-coloured dots on the bubble.
      const white = bubble * (1 - dot)
      const colour = BRAND.map((c, i) => Math.round(c * (1 - white) + WHITE[i] * white))
      const offset = (py * size + px) * 4
      pixels[offset] = colour[0]
      pixels[offset + 1] = colour[1]
      pixels[offset + 2] = colour[2]
      pixels[offset + 3] = Math.round(tile * 255)
    }
  }
  return encodePng(size, pixels)
}

const outputs = [
  { file: 'resources/icon.png', size: 512, padding: 0.06 },
  { file: 'resources/tray.png', size: 16, padding: 0 },
  { file: 'resources/tray@2x.png', size: 32, padding: 0 },
]
for (const { file, size, padding } of outputs) {
  const path = join(root, file)
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, drawIcon(size, { padding }))
  console.log(`wrote ${file} (${size}×${size})`)
}
