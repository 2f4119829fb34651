/**
 * Rewrites a screenshot as a palette PNG of at most 256 colours (the panel's flat colours plus the most used shades
 * of its anti-aliased text), so the README's pictures stay small. Reads the 8-bit RGB or RGBA, non-interlaced PNGs
 * Chromium writes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { unzlibSync, zlibSync } from 'fflate';

const SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** The pixels as RGB triples, row after row. */
function decode(png: Buffer): { width: number; height: number; rgb: Uint8Array } {
  let offset = SIGNATURE.length;
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('ascii', offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const colorType = body[9];
      if (body[8] !== 8 || body[12] !== 0 || (colorType !== 2 && colorType !== 6))
        throw new Error('only 8-bit RGB or RGBA, non-interlaced PNGs are read');
      channels = colorType === 6 ? 4 : 3;
    } else if (type === 'IDAT') data.push(body);
    offset += 12 + length;
  }
  const raw = unzlibSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const left = x >= channels ? pixels[y * stride + x - channels]! : 0;
      const up = y > 0 ? pixels[(y - 1) * stride + x]! : 0;
      const upLeft = y > 0 && x >= channels ? pixels[(y - 1) * stride + x - channels]! : 0;
      let predicted = 0;
      if (filter === 1) predicted = left;
      else if (filter === 2) predicted = up;
      else if (filter === 3) predicted = (left + up) >> 1;
      else if (filter === 4) {
        const p = left + up - upLeft;
        const pa = Math.abs(p - left);
        const pb = Math.abs(p - up);
        const pc = Math.abs(p - upLeft);
        predicted = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      }
      pixels[y * stride + x] = (line[x]! + predicted) & 0xff;
    }
  }
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i++) rgb.set(pixels.subarray(i * channels, i * channels + 3), i * 3);
  return { width, height, rgb };
}

/** The 256 most used colours (counted on 5 bits a channel), each pixel mapped to the nearest of them. */
function quantize(rgb: Uint8Array): { palette: number[][]; indexes: Uint8Array } {
  const counts = new Map<number, { n: number; r: number; g: number; b: number }>();
  for (let i = 0; i < rgb.length; i += 3) {
    const key = ((rgb[i]! >> 3) << 10) | ((rgb[i + 1]! >> 3) << 5) | (rgb[i + 2]! >> 3);
    const bucket = counts.get(key) ?? { n: 0, r: 0, g: 0, b: 0 };
    bucket.n++;
    bucket.r += rgb[i]!;
    bucket.g += rgb[i + 1]!;
    bucket.b += rgb[i + 2]!;
    counts.set(key, bucket);
  }
  const palette = [...counts.values()]
    .sort((a, b) => b.n - a.n)
    .slice(0, 256)
    .map((bucket) => [bucket.r / bucket.n, bucket.g / bucket.n, bucket.b / bucket.n].map(Math.round));
  const nearest = new Map<number, number>();
  const indexes = new Uint8Array(rgb.length / 3);
  for (let i = 0; i < indexes.length; i++) {
    const [r, g, b] = [rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!];
    const key = (r << 16) | (g << 8) | b;
    let index = nearest.get(key);
    if (index === undefined) {
      let best = Number.POSITIVE_INFINITY;
      index = 0;
      palette.forEach(([pr, pg, pb], candidate) => {
        const distance = (pr! - r) ** 2 + (pg! - g) ** 2 + (pb! - b) ** 2;
        if (distance < best) {
          best = distance;
          index = candidate;
        }
      });
      nearest.set(key, index);
    }
    indexes[i] = index;
  }
  return { palette, indexes };
}

export function toPalettePng(path: string): void {
  const { width, height, rgb } = decode(readFileSync(path));
  const { palette, indexes } = quantize(rgb);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 3;
  const raw = new Uint8Array((width + 1) * height);
  for (let y = 0; y < height; y++) raw.set(indexes.subarray(y * width, (y + 1) * width), y * (width + 1) + 1);
  writeFileSync(
    path,
    Buffer.concat([
      SIGNATURE,
      chunk('IHDR', header),
      chunk('PLTE', Uint8Array.from(palette.flat())),
      chunk('IDAT', zlibSync(raw, { level: 9 })),
      chunk('IEND', new Uint8Array()),
    ]),
  );
}
