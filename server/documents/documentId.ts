import { createHash } from 'node:crypto';

/** The id of a document given only a URL: the md5 (hex) of the full URL. */
export function documentIdFromUrl(url: string): string {
  return createHash('md5').update(url, 'utf8').digest('hex');
}
