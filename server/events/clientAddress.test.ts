import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ClientHasher, clientAddress } from './clientAddress.ts';

const folder = mkdtempSync(join(tmpdir(), 'site-search-client-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('clientAddress', () => {
  it('keeps IPv4 addresses, unwraps IPv4-mapped ones, and counts IPv6 by its /64 network', () => {
    expect(clientAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddress('2001:db8:1:2::7')).toBe('2001:db8:1:2::/64');
    expect(clientAddress('2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(clientAddress('2001:DB8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddress('::1')).toBe('0:0:0:0::/64');
    expect(clientAddress('fe80::1:2:3:4')).toBe('fe80:0:0:0::/64');
    expect(clientAddress('2001:db8:1:2::7', 48)).toBe('2001:db8:1::/48');
    expect(clientAddress('203.0.113.7', 48)).toBe('203.0.113.7');
  });
});

describe('ClientHasher', () => {
  it('hashes with a key made once for the folder, readable by its owner alone', () => {
    const file = join(folder, 'client-address.key');
    const first = new ClientHasher(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const hash = first.hash('203.0.113.7');
    expect(hash).toMatch(/^[0-9a-f]{32}$/);
    expect(new ClientHasher(file).hash('203.0.113.7')).toBe(hash);
    expect(first.hash('203.0.113.8')).not.toBe(hash);
    expect(new ClientHasher(join(folder, 'other.key')).hash('203.0.113.7')).not.toBe(hash);
    expect(readFileSync(file, 'utf8')).not.toContain('203.0.113.7');
  });

  it('takes a key kept elsewhere, hashing as the file with that key does', () => {
    const file = join(folder, 'kept.key');
    const key = ClientHasher.newKey();
    writeFileSync(file, key.toString('hex'));
    expect(new ClientHasher({ key }).hash('2001:db8:1:2::7')).toBe(new ClientHasher(file).hash('2001:db8:1:2::9'));
    expect(new ClientHasher({ key: ClientHasher.newKey() }).hash('203.0.113.7')).not.toBe(new ClientHasher({ key }).hash('203.0.113.7'));
    expect(() => new ClientHasher({ key: key.subarray(0, 16) })).toThrow(/32 bytes, not 16/);
  });

  it('names a damaged key file', () => {
    const file = join(folder, 'damaged.key');
    writeFileSync(file, 'nonsense');
    expect(() => new ClientHasher(file)).toThrow(new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is damaged`));
  });
});
