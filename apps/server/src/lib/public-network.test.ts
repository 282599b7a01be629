import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointAddressRefused, isPublicAddress, literalAddressRefused, PrivateAddressError, publicOnlyDispatcher } from './public-network';

describe('isPublicAddress', () => {
  it.each([
    ['8.8.8.8', true],
    ['142.250.64.78', true],
    ['2606:4700:4700::1111', true],
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.20.0.1', false],
    ['192.168.1.10', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['::1', false],
    ['::', false],
    ['fd12:3456::1', false],
    ['fe80::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:8.8.8.8', true],
    ['[::1]', false],
    ['not-an-ip', false],
  ])('%s → %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe('literalAddressRefused', () => {
  it('judges addresses written as IPs, and leaves names to the connection', () => {
    expect(literalAddressRefused('https://127.0.0.1:8443/hook')).toBe(true);
    expect(literalAddressRefused('https://[::ffff:10.0.0.1]/hook')).toBe(true);
    expect(literalAddressRefused('https://169.254.169.254/latest/meta-data')).toBe(true);
    expect(literalAddressRefused('https://8.8.8.8/hook')).toBe(false);
    expect(literalAddressRefused('https://hooks.example.com/peakwise')).toBe(false);
  });
});

describe('endpointAddressRefused', () => {
  it('refuses what always means this machine or a private network, and leaves other names to the connection', () => {
    for (const url of ['https://localhost/p', 'https://LocalHost./p', 'https://a.b.localhost:8443/p', 'https://[::1]/p', 'https://0x7f.1/p', 'https://169.254.169.254/p']) {
      expect(endpointAddressRefused(url)).toBe(true);
    }
    for (const url of ['https://fcm.googleapis.com/fcm/send/x', 'https://localhost.example.com/p', 'https://8.8.8.8/p']) expect(endpointAddressRefused(url)).toBe(false);
  });
});

describe('publicOnlyDispatcher', () => {
  let server: Server;
  let requests = 0;
  let port: number;
  beforeAll(async () => {
    server = createServer((_req, res) => {
      requests += 1;
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('refuses a name that resolves to this machine before anything is sent', async () => {
    const error = await fetch(`http://localhost:${port}/hook`, { method: 'POST', body: '{}', dispatcher: publicOnlyDispatcher() }).then(
      () => null,
      (e: unknown) => e,
    );
    expect((error as Error).cause).toBeInstanceOf(PrivateAddressError);
    expect(requests).toBe(0);
    // The same request without the guard reaches the receiver: the refusal above was the guard's.
    expect((await fetch(`http://localhost:${port}/hook`, { method: 'POST', body: '{}' })).status).toBe(200);
    expect(requests).toBe(1);
  });
});
