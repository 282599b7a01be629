import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type SelfSignedCertificate = { dir: string; certPath: string; keyPath: string; cert: Buffer; key: Buffer; remove(): void };

/**
 * A throwaway certificate for 127.0.0.1 and localhost, made by the openssl command line: Node 20
 * can make keys but not sign a certificate. It is its own CA, so a client that trusts it (ca)
 * verifies the broker with rejectUnauthorized on, as a plug trusting a real CA would.
 */
export function createSelfSignedCertificate(): SelfSignedCertificate {
  const dir = mkdtempSync(join(tmpdir(), 'peakwise-tls-'));
  const certPath = join(dir, 'cert.pem');
  const keyPath = join(dir, 'key.pem');
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
    '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost',
    '-keyout', keyPath, '-out', certPath,
  ], { stdio: 'pipe' });
  return { dir, certPath, keyPath, cert: readFileSync(certPath), key: readFileSync(keyPath), remove: () => rmSync(dir, { recursive: true, force: true }) };
}
