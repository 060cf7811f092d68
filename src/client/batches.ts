import { BODY_MAX_BYTES } from './limits.ts';
import { byteLength } from './validateDocuments.ts';

/** Room left for the wrapper, e.g. `{"documents":[` ... `]}`. */
const WRAPPER_BYTES = 64;

/**
 * Splits items into batches whose JSON body (the items in an array, inside a small
 * wrapper object) stays under `maxBytes`, keeping their order. An item larger than the
 * limit goes alone, so the service can say what is wrong with it.
 */
export function* batches<T>(items: Iterable<T>, maxBytes: number = BODY_MAX_BYTES, maxItems = Infinity): Generator<T[]> {
  let batch: T[] = [];
  let size = WRAPPER_BYTES;
  for (const item of items) {
    const bytes = byteLength(JSON.stringify(item)) + 1; // the comma
    if (batch.length > 0 && (size + bytes > maxBytes || batch.length >= maxItems)) {
      yield batch;
      batch = [];
      size = WRAPPER_BYTES;
    }
    batch.push(item);
    size += bytes;
  }
  if (batch.length > 0) yield batch;
}
