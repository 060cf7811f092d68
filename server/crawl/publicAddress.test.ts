import { describe, expect, it } from 'vitest';
import { crawlRefusal } from './crawlAllowList.ts';
import { isPublicAddress } from './publicAddress.ts';

const open = { hosts: null, privateHosts: [] };

describe('isPublicAddress', () => {
  it('refuses every special-purpose IPv4 range', () => {
    for (const address of [
      '127.0.0.1',
      '127.255.255.254',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '0.1.2.3',
      '224.0.0.1',
      '239.255.255.250',
      '255.255.255.255',
      '240.0.0.1',
      '192.0.0.8',
      '192.0.2.1',
      '198.51.100.1',
      '203.0.113.1',
      '198.18.0.1',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('refuses every special-purpose IPv6 range, and IPv6 forms that carry a special IPv4 address', () => {
    for (const address of [
      '::',
      '::1',
      '0:0:0:0:0:0:0:1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      '::127.0.0.1',
      '::7f00:1',
      '64:ff9b::7f00:1',
      '64:ff9b::a00:1',
      '64:ff9b:1::1',
      '2002:7f00:1::',
      '2002:c0a8:101::1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'fe80::1%eth0',
      'febf::1',
      'fec0::1',
      'ff02::1',
      '2001:db8::1',
      '2001::1',
      '2001:2::1',
      '100::1',
      '3fff::1',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('accepts public addresses, also inside IPv6 forms that carry them', () => {
    for (const address of ['93.184.215.14', '1.1.1.1', '2606:4700::1111', '::ffff:93.184.215.14', '64:ff9b::5db8:d70e', '2002:5db8:d70e::1']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('refuses what is not an address', () => {
    for (const address of ['', 'localhost', '1.2.3.4.5', '::g', '[::1]']) expect(isPublicAddress(address), address).toBe(false);
  });
});

describe('crawlRefusal of addresses in URLs', () => {
  it('refuses loopback, private and unspecified addresses in every notation a URL accepts', () => {
    for (const url of [
      'http://127.0.0.1/',
      'http://2130706433/',
      'http://0177.0.0.1/',
      'http://0x7f.1/',
      'http://0x7f000001/',
      'http://127.1/',
      'http://127.0.0.1./',
      'http://0/',
      'http://0.0.0.0:8838/secret',
      'http://017700000001/',
      'http://169.254.169.254/latest/',
      'http://0xa9.0xfe.0xa9.0xfe/',
      'http://10.1/',
      'http://192.168.0.1:8080/',
      'http://100.64.1.1/',
      'http://[::1]/',
      'http://[0:0:0:0:0:0:0:1]/',
      'http://[::]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:7f00:1]/',
      'http://[::ffff:10.0.0.1]/',
      'http://[64:ff9b::127.0.0.1]/',
      'http://[2002:7f00:1::1]/',
      'http://[fd00::1]/',
      'http://[fe80::1]/',
      'http://[fec0::1]/',
      'http://[ff02::1]/',
      'https://[::127.0.0.1]:443/',
      'http://localhost/',
      'http://LOCALHOST./',
      'http://app.localhost/',
    ]) {
      expect(crawlRefusal(new URL(url), open), url).toBe('the address is not public');
    }
  });

  it('lets public addresses and names through (names are checked again when connecting)', () => {
    for (const url of ['http://93.184.215.14/', 'https://[2606:4700::1111]/', 'https://docs.example.com/a', 'http://docs.example.com./']) {
      expect(crawlRefusal(new URL(url), open), url).toBeNull();
    }
  });
});
