import { createAccount, createOperator, createUser, type KeyPair } from 'nkeys.js';
import { jwtAuthenticator, type ConnectionOptions } from 'nats';
import { natsUserJwt, signNatsJwt } from '../lib/nats-jwt';

/*
 * A NATS operator of the test's own, made as `nsc` would make one for a deployment (decision 132):
 * an operator with a signing key, a system account, and the ingest account (JetStream on) with a
 * signing key. Nothing here is what Peakwise does at run time; it stands in for the deployment.
 */

export type TestNatsOperator = {
  operatorJwt: string;
  operatorSigner: KeyPair;
  systemAccount: string;
  systemAccountJwt: string;
  account: string;
  accountJwt: string;
  accountSigner: KeyPair;
  /** A system-account user's credentials file, as `nsc generate creds` writes it. */
  systemCreds: string;
  /** The lines of a server's configuration that trust this operator, with a full resolver in `dir`. */
  configLines(dir: string): string[];
  /** A nats.js connection into the ingest account, as a worker or a test reader. */
  ingestLogin(): Pick<ConnectionOptions, 'authenticator'>;
};

const NO_LIMITS = { subs: -1, data: -1, payload: -1, imports: -1, exports: -1, wildcards: true, conn: -1, leaf: -1 };
const JETSTREAM = { mem_storage: -1, disk_storage: -1, streams: -1, consumer: -1 };

export function makeTestNatsOperator(): TestNatsOperator {
  const operator = createOperator();
  const operatorSigner = createOperator();
  const system = createAccount();
  const systemSigner = createAccount();
  const account = createAccount();
  const accountSigner = createAccount();
  const iat = Math.floor(Date.now() / 1000) - 60;

  const operatorJwt = signNatsJwt({ iat, sub: operator.getPublicKey(), name: 'peakwise-test', nats: { signing_keys: [operatorSigner.getPublicKey()], system_account: system.getPublicKey(), type: 'operator', version: 2 } }, operator);
  const accountClaims = (key: KeyPair, signer: KeyPair, name: string, limits: object) =>
    signNatsJwt({ iat, sub: key.getPublicKey(), name, nats: { limits, signing_keys: [signer.getPublicKey()], default_permissions: { pub: {}, sub: {} }, type: 'account', version: 2 } }, operatorSigner);
  const systemAccountJwt = accountClaims(system, systemSigner, 'SYS', NO_LIMITS);
  const accountJwt = accountClaims(account, accountSigner, 'INGEST', { ...NO_LIMITS, ...JETSTREAM });

  const systemUser = createUser();
  const systemUserJwt = natsUserJwt({ account: system.getPublicKey(), signer: systemSigner, userKey: systemUser.getPublicKey(), name: 'peakwise-system', issuedAt: new Date(iat * 1000), bearer: false });
  const systemCreds = [
    '-----BEGIN NATS USER JWT-----',
    systemUserJwt,
    '------END NATS USER JWT------',
    '',
    '-----BEGIN USER NKEY SEED-----',
    new TextDecoder().decode(systemUser.getSeed()),
    '------END USER NKEY SEED------',
    '',
  ].join('\n');

  return {
    operatorJwt,
    operatorSigner,
    systemAccount: system.getPublicKey(),
    systemAccountJwt,
    account: account.getPublicKey(),
    accountJwt,
    accountSigner,
    systemCreds,
    configLines: (dir) => [
      `operator: "${operatorJwt}"`,
      `system_account: ${system.getPublicKey()}`,
      `resolver: { type: full, dir: "${dir}", allow_delete: false, interval: "2m", timeout: "1.9s" }`,
      `resolver_preload: { ${system.getPublicKey()}: "${systemAccountJwt}", ${account.getPublicKey()}: "${accountJwt}" }`,
    ],
    ingestLogin: () => {
      const user = createUser();
      const jwt = natsUserJwt({ account: account.getPublicKey(), signer: accountSigner, userKey: user.getPublicKey(), name: 'test-reader', issuedAt: new Date(), bearer: false });
      return { authenticator: jwtAuthenticator(jwt, user.getSeed()) };
    },
  };
}
