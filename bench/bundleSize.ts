/** Sizes of built files: raw, gzip (level 9) and brotli (quality 11), as a CDN would serve them. */
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export interface Size {
  raw: number;
  gzip: number;
  brotli: number;
}

export interface FileSize extends Size {
  file: string;
}

export function bytesSize(bytes: Buffer): Size {
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

export function fileSize(file: string): FileSize {
  return { file, ...bytesSize(readFileSync(file)) };
}

/** Two sizes together, e.g. a script and its stylesheet. */
export function addSizes(a: Size, b: Size | null): Size {
  return b === null ? a : { raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli };
}

export function kib(bytes: number): string {
  return Number.isFinite(bytes) ? (bytes / 1024).toFixed(2) : '–';
}
