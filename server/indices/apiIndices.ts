import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { ListedIndex } from '../../src/client/types.ts';
import { ApiError } from '../schemas/apiError.ts';
import { secretSha256 } from '../events/userTokens.ts';
import type { ServiceCatalog } from './catalog.ts';
import type { IndexRegistry, SearchIndex } from './indexRegistry.ts';
import { closeIndices } from './indexRegistry.ts';
import { openIndex, type IndexOpening } from './openIndex.ts';

/**
 * The indices made through the index API: kept in the catalog, opened beside the config
 * file's. Another node of the same database may make or delete one: `sync` brings this
 * node's registry in line with the catalog before a request names the index.
 */
export class ApiIndices {
  /** Openings under way by key, so two requests for a new index open it once. */
  private readonly opening = new Map<string, Promise<void>>();

  constructor(
    private readonly catalog: ServiceCatalog,
    private readonly registry: IndexRegistry,
    private readonly opener: IndexOpening,
    private readonly clock: () => number,
  ) {}

  /** Opens every index of the catalog; at the start, after the config file's. */
  async openAll(): Promise<void> {
    for (const { publicKey } of await this.catalog.indices()) {
      if (this.registry.find(publicKey) === undefined) await this.open(publicKey);
    }
  }

  /** Makes an index; answers its secret, which is kept nowhere but as a hash. */
  async create(publicKey: string): Promise<string> {
    const served = this.registry.find(publicKey);
    if (served !== undefined && served.fromApi !== true) throw taken(publicKey);
    const secret = newSecret();
    if (!(await this.catalog.addIndex({ publicKey, secretHash: hashSecret(secret), createdAt: this.clock() }))) throw taken(publicKey);
    try {
      await this.sync(publicKey);
    } catch (error) {
      await this.catalog.removeIndex(publicKey);
      throw error;
    }
    return secret;
  }

  async list(): Promise<ListedIndex[]> {
    await this.openAll();
    return Promise.all(
      this.registry
        .all()
        .map(
          async (index) => ({ publicKey: index.publicKey, source: index.fromApi === true ? 'api' : 'config', documents: await index.engine.count() }) as const,
        ),
    );
  }

  /** A new secret; the old one stops at once, on every node (each reads the catalog). */
  async rotate(publicKey: string): Promise<string> {
    this.refuseConfigIndex(publicKey, 'its secret is set in the config file');
    const secret = newSecret();
    if (!(await this.catalog.setSecret(publicKey, hashSecret(secret)))) throw unknown(publicKey);
    // Tokens signed with the old secret stop here at once, elsewhere within TOKEN_KEY_CACHE_MS.
    this.registry.find(publicKey)?.profiles.forgetTokenKey();
    return secret;
  }

  /** Deletes the index, its documents and its events. */
  async remove(publicKey: string): Promise<void> {
    this.refuseConfigIndex(publicKey, 'it is set in the config file: remove it there');
    if (!(await this.catalog.removeIndex(publicKey))) throw unknown(publicKey);
    const index = this.registry.remove(publicKey);
    if (index !== undefined) await closeIndices([index]);
    await this.opener.factory.drop(publicKey);
  }

  /** Whether `secret` is the index's secret now. */
  async secretMatches(publicKey: string, secret: string): Promise<boolean> {
    const stored = await this.catalog.index(publicKey);
    const given = Buffer.from(hashSecret(secret), 'hex');
    // Compared even when there is no such index, so timing does not tell.
    const expected = Buffer.from(stored?.secretHash ?? '0'.repeat(64), 'hex');
    return timingSafeEqual(given, expected) && stored !== null;
  }

  /**
   * Before a request names `publicKey`: opens an index another node made, and closes one
   * another node deleted. Config-file indices are left alone.
   */
  async sync(publicKey: string): Promise<void> {
    const served = this.registry.find(publicKey);
    if (served !== undefined && served.fromApi !== true) return;
    const stored = await this.catalog.index(publicKey);
    if (stored === null && served !== undefined) {
      this.registry.remove(publicKey);
      await closeIndices([served]);
    } else if (stored !== null && served === undefined) {
      await this.open(publicKey);
    }
  }

  private async open(publicKey: string): Promise<void> {
    let pending = this.opening.get(publicKey);
    if (pending === undefined) {
      pending = (async () => {
        // Its user tokens are verified by a key derived from the secret's hash, which is all the catalog keeps.
        const secretHash = async () => (await this.catalog.index(publicKey))?.secretHash ?? null;
        const index: SearchIndex = { ...(await openIndex({ publicKey, secret: '' }, this.opener, secretHash)), fromApi: true };
        if (this.registry.find(publicKey) === undefined) this.registry.add(index);
        else await closeIndices([index]);
      })().finally(() => this.opening.delete(publicKey));
      this.opening.set(publicKey, pending);
    }
    await pending;
  }

  private refuseConfigIndex(publicKey: string, why: string): void {
    const served = this.registry.find(publicKey);
    if (served !== undefined && served.fromApi !== true)
      throw new ApiError(409, 'index_in_config', `index '${publicKey}' cannot be changed through the API: ${why}`);
  }
}

/**
 * SHA-256, hex: secrets are random and long, so a plain hash keeps them safe at rest. The
 * user token key is derived from this very hash (events/userTokens.ts).
 */
export function hashSecret(secret: string): string {
  return secretSha256(secret);
}

function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

function taken(publicKey: string): ApiError {
  return new ApiError(409, 'index_exists', `index '${publicKey}' exists already`);
}

function unknown(publicKey: string): ApiError {
  return new ApiError(404, 'not_found', `unknown index '${publicKey}'`);
}
