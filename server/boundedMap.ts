/**
 * A Map of at most `max` entries: a new key set when it is full drops the entry set
 * longest ago. The service's memos (counts, words lookups, prepared statements, click
 * weights, profiles) are bounded so; one re-set to count as fresh is deleted first.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly max: number) {
    super();
  }

  override set(key: K, value: V): this {
    if (this.size >= this.max && !this.has(key)) this.delete(this.keys().next().value!);
    return super.set(key, value);
  }
}
