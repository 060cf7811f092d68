/** Sizes of the built files: raw, gzip and brotli (quality 11), as a CDN would serve them. */
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export interface FileSize {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

export function fileSize(file: string): FileSize {
  const bytes = readFileSync(file);
  return {
    file,
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

export function kib(bytes: number): string {
  return (bytes / 1024).toFixed(2);
}
