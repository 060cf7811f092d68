import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TlsFiles } from '../config/serviceConfig.ts';

/** A throwaway certificate for 127.0.0.1 and localhost, made with openssl (an EC key: fast). */
export function selfSignedCert(): TlsFiles & { certPath: string; keyPath: string; remove(): void } {
  const folder = mkdtempSync(join(tmpdir(), 'site-search-tls-'));
  const certPath = join(folder, 'cert.pem');
  const keyPath = join(folder, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyPath,
      '-out',
      certPath,
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
    ],
    { stdio: 'ignore' },
  );
  return {
    cert: readFileSync(certPath, 'utf8'),
    key: readFileSync(keyPath, 'utf8'),
    certPath,
    keyPath,
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}
