import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer, type Socket } from 'node:net';
import { Aedes } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';
import type { OpenAdrVersion } from '../lib/config-openadr-vtns';
import { openAdrSchema, type HttpMethod } from '../modules/openadr/openadr-schema';

/**
 * A small stateful VTN for the flows a spec-driven mock cannot play (programs whose events change,
 * a cancellation, a token that expires, faults, subscriptions with their challenge and notifications
 * sent over HTTP). It checks every request it receives and every
 * answer it gives against the same official document the VEN uses, and keeps what failed in
 * `violations`: a test asserts it is empty, so this VTN cannot drift from the spec into agreeing
 * with the VEN.
 */

export type TestVtnFault = null | 'token_down' | 'server_error' | 'hang' | 'huge_body' | 'rate_limited';

type Obj = Record<string, unknown> & { id: string };

export type TestVtn = {
  url: string;
  version: OpenAdrVersion;
  clientId: string;
  clientSecret: string;
  violations: string[];
  /** Every request as METHOD path (no query), in order. */
  requests: string[];
  tokensIssued: number;
  /** Seconds a token lasts (expires_in). */
  tokenLifetimeSeconds: number;
  fault: TestVtnFault;
  addProgram(name: string): string;
  putEvent(event: { id?: string; programID: string; intervalPeriod?: unknown; intervals: unknown[]; reportDescriptors?: unknown[] }): string;
  deleteEvent(id: string): void;
  /** Every token issued so far stops working (a revocation, or the VTN's restart). */
  revokeTokens(): void;
  vens: Map<string, Obj>;
  resources: Map<string, Obj>;
  subscriptions: Map<string, Obj>;
  /** Reports received, as last written (created by POST, updated by PUT). */
  reports: Map<string, Obj>;
  /** Every notification sent to a subscriber, with the status its callback answered (0: unreachable). */
  notifications: { objectType: string; operation: string; id: string; status: number }[];
  /** While true, changes are made without notifying anyone (a notification lost on the way). */
  silent: boolean;
  /** Resolves when every notification sent so far has been answered. */
  settle(): Promise<void>;
  /** The MQTT notifier's broker (3.1.1 with `mqtt`), as /notifiers names it; null without one. */
  mqttUrl: string | null;
  /** While false, /notifiers offers no MQTT though the broker runs (a VTN that offers it later). */
  mqttOffered: boolean;
  /** Every message the VTN published on its broker, in order. */
  published: { topic: string; objectType: string; operation: string; id: string }[];
  /** The broker stops listening and drops every connection (down), or listens again on the same port (up). */
  mqttDown(): Promise<void>;
  mqttUp(): Promise<void>;
  /** The last message published, published again (a broker's or VTN's duplicate). */
  publishAgain(): void;
  close(): Promise<void>;
};

const TEMPLATES = (paths: string[]) =>
  paths.map((template) => ({ template, pattern: new RegExp(`^${template.replace(/\{(\w+)\}/g, '(?<$1>[^/]+)')}$`) }));

export type TestVtnOptions = {
  /** A fixed port (a server configured before the VTN starts); default any free one. */
  port?: number;
  clientSecret?: string;
  /**
   * The 3.1.1 MQTT notifier: `aedes`, a broker of the VTN's own whose login is OAUTH2_BEARER_TOKEN
   * (the VEN's client id and a live access token); or an external broker's URL (Mosquitto), reached
   * anonymously, on which the VTN publishes as a client.
   */
  mqtt?: 'aedes' | { url: string };
};

/** The VTN's topic names: ALL for each program's events, one per operation for programs (a VEN must take both forms). */
const programTopics = { CREATE: 'programs/create', UPDATE: 'programs/update', DELETE: 'programs/delete' };
const eventTopics = (programId: string) => ({ CREATE: `programs/${programId}/events/create`, UPDATE: `programs/${programId}/events/update`, DELETE: `programs/${programId}/events/delete`, ALL: `programs/${programId}/events/+` });

export async function startTestVtn(version: OpenAdrVersion, options: TestVtnOptions = {}): Promise<TestVtn> {
  const schema = openAdrSchema(version);
  const clientId = 'peakwise-ven';
  const clientSecret = options.clientSecret ?? `secret-${randomBytes(12).toString('hex')}`;
  const tokens = new Map<string, number>();
  const programs = new Map<string, Obj>();
  const events = new Map<string, Obj>();
  const vens = new Map<string, Obj>();
  const resources = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const reports = new Map<string, Obj>();
  const inFlight = new Set<Promise<void>>();
  let broker: VtnBroker | null = null;
  let lastPublished: { topic: string; payload: string } | null = null;
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}-${++counter}`;
  const stamp = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  const templates = TEMPLATES(['/auth/server', '/auth/token', '/programs', '/events', '/vens', '/vens/{venID}/resources', '/resources', '/subscriptions', '/subscriptions/{subscriptionID}', '/reports', '/reports/{reportID}', '/notifiers', '/notifiers/mqtt/topics/programs', '/notifiers/mqtt/topics/programs/{programID}/events']);
  const hanging = new Set<ServerResponse>();

  const vtn: TestVtn = {
    url: '',
    version,
    clientId,
    clientSecret,
    violations: [],
    requests: [],
    tokensIssued: 0,
    tokenLifetimeSeconds: 3600,
    fault: null,
    vens,
    resources,
    subscriptions,
    reports,
    notifications: [],
    silent: false,
    mqttUrl: null,
    mqttOffered: true,
    published: [],
    mqttDown: async () => {},
    mqttUp: async () => {},
    publishAgain() {
      if (broker && lastPublished) broker.publish(lastPublished.topic, lastPublished.payload);
    },
    settle: async () => {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    addProgram(name) {
      const id = nextId('program');
      const program = { id, createdDateTime: stamp(), modificationDateTime: stamp(), objectType: 'PROGRAM', programName: name };
      programs.set(id, program);
      notify('PROGRAM', 'CREATE', program, id);
      return id;
    },
    putEvent(event) {
      const id = event.id ?? nextId('event');
      const before = events.get(id);
      const stored = { ...event, id, createdDateTime: before?.createdDateTime ?? stamp(), modificationDateTime: stamp(), objectType: 'EVENT' } as Obj;
      events.set(id, stored);
      notify('EVENT', before ? 'UPDATE' : 'CREATE', stored, event.programID);
      return id;
    },
    deleteEvent(id) {
      const gone = events.get(id);
      events.delete(id);
      if (gone) notify('EVENT', 'DELETE', gone, gone.programID as string);
    },
    revokeTokens() {
      tokens.clear();
    },
    close: async () => {
      await broker?.close();
      await new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };

  const send = (res: ServerResponse, method: HttpMethod, template: string | null, status: number, body: unknown) => {
    if (template) for (const problem of schema.checkResponse({ method, path: template }, status, body)) vtn.violations.push(`VTN answered ${method.toUpperCase()} ${template} outside the spec: ${problem}`);
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(body === undefined ? '' : JSON.stringify(body));
  };
  const problem = (status: number, title: string) => ({ type: 'about:blank', title, status, detail: title });

  // 3.0.1's notification names the HTTP verb of the change; 3.1 names the operation subscribed to.
  const OPERATION_3_0_1: Record<string, string> = { CREATE: 'POST', UPDATE: 'PUT', DELETE: 'DELETE' };
  type ObjectOperation = { objects: string[]; operations: string[]; callbackUrl: string; bearerToken?: string | null };

  /** Tells every subscriber of this object and operation (and of its program, when the subscription names one), over HTTP. */
  function notify(objectType: string, operation: string, object: Obj, programId: string) {
    if (vtn.silent) return;
    publish(objectType, operation, object, programId);
    for (const subscription of subscriptions.values()) {
      if (subscription.programID && subscription.programID !== programId) continue;
      for (const op of subscription.objectOperations as ObjectOperation[]) {
        if (!op.objects.includes(objectType) || !op.operations.includes(operation)) continue;
        const body = { objectType, operation: version === '3.0.1' ? OPERATION_3_0_1[operation] : operation, object };
        for (const p of schema.checkNotification(body)) vtn.violations.push(`VTN notified outside the spec: ${p}`);
        const delivery = fetch(op.callbackUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(op.bearerToken ? { authorization: `Bearer ${op.bearerToken}` } : {}) },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(10_000),
        })
          .then(async (res) => {
            await res.arrayBuffer();
            vtn.notifications.push({ objectType, operation, id: object.id, status: res.status });
          })
          .catch(() => {
            vtn.notifications.push({ objectType, operation, id: object.id, status: 0 });
          })
          .finally(() => inFlight.delete(delivery));
        inFlight.add(delivery);
      }
    }
  }

  /**
   * The MQTT notifier: the same notification body a webhook gets (the Definition, "Notifications via
   * Additional Protocols"), on the topic /notifiers/mqtt/topics/... named for the object and operation.
   */
  function publish(objectType: string, operation: string, object: Obj, programId: string) {
    if (!broker) return;
    const topics = objectType === 'PROGRAM' ? programTopics : eventTopics(programId);
    const topic = topics[operation as keyof typeof programTopics];
    const body = { objectType, operation, object };
    for (const p of schema.checkNotification(body)) vtn.violations.push(`VTN published outside the spec: ${p}`);
    vtn.published.push({ topic, objectType, operation, id: object.id });
    lastPublished = { topic, payload: JSON.stringify(body) };
    broker.publish(topic, lastPublished.payload);
  }

  /** The Definition's challenge (3.1.1, Webhooks): GET the callback with `echo`; it must answer 200 with the value in its body. */
  async function challengePasses(callbackUrl: string): Promise<boolean> {
    const echo = randomBytes(16).toString('hex');
    const url = new URL(callbackUrl);
    url.searchParams.set('echo', echo);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(10_000), redirect: 'error' });
      return res.status === 200 && (await res.text()).includes(echo);
    } catch {
      return false;
    }
  }

  async function saveSubscription(res: ServerResponse, method: HttpMethod, template: string, id: string, request: Obj | Record<string, unknown>) {
    const operations = (request.objectOperations ?? []) as ObjectOperation[];
    for (const op of operations) if (!(await challengePasses(op.callbackUrl))) return send(res, method, template, 400, problem(400, `Callback ${op.callbackUrl} failed the challenge`));
    const created = subscriptions.get(id)?.createdDateTime ?? stamp();
    const subscription = { ...request, id, createdDateTime: created, modificationDateTime: stamp(), objectType: 'SUBSCRIPTION', ...(version === '3.1.1' ? { clientID: clientId } : {}) } as Obj;
    subscriptions.set(id, subscription);
    return send(res, method, template, method === 'post' ? 201 : 200, subscription);
  }

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', vtn.url);
    const method = (req.method ?? 'GET').toLowerCase() as HttpMethod;
    vtn.requests.push(`${method.toUpperCase()} ${url.pathname}`);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const match = templates.map((t) => ({ t, m: t.pattern.exec(url.pathname) })).find((x) => x.m);
    if (!match || !schema.hasPath(match.t.template, method)) return send(res, method, null, 404, problem(404, 'Not found'));
    const template = match.t.template;
    const query: Record<string, unknown> = {};
    for (const key of new Set(url.searchParams.keys())) {
      const all = url.searchParams.getAll(key);
      query[key] = all.length > 1 || key === 'targets' || key === 'targetValues' ? all : all[0];
    }
    const isForm = template === '/auth/token';
    const body = raw === '' ? undefined : isForm ? Object.fromEntries(new URLSearchParams(raw)) : JSON.parse(raw);
    for (const p of schema.checkRequest({ method, path: template }, { params: { ...query, ...match.m!.groups }, body })) vtn.violations.push(`VEN sent ${method.toUpperCase()} ${template} outside the spec: ${p}`);

    if (vtn.fault === 'hang') {
      hanging.add(res);
      return;
    }
    if (vtn.fault === 'server_error') return send(res, method, template, 500, problem(500, 'Internal error'));
    if (vtn.fault === 'rate_limited') {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '600' });
      return res.end(JSON.stringify(problem(429, 'Too many requests')));
    }

    if (template === '/auth/server') return send(res, method, template, 200, { tokenURL: `${vtn.url}/auth/token` });
    if (template === '/auth/token') {
      if (vtn.fault === 'token_down') return send(res, method, template, 500, problem(500, 'Token service down'));
      const form = body as Record<string, string> | undefined;
      if (form?.client_id !== clientId || form.client_secret !== clientSecret) return send(res, method, template, version === '3.1.1' ? 401 : 400, version === '3.1.1' ? problem(401, 'Bad client') : { error: 'invalid_client' });
      const token = randomBytes(16).toString('hex');
      tokens.set(token, Date.now() + vtn.tokenLifetimeSeconds * 1000);
      vtn.tokensIssued += 1;
      return send(res, method, template, 200, { access_token: token, token_type: 'Bearer', expires_in: vtn.tokenLifetimeSeconds });
    }
    const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    const expiry = bearer ? tokens.get(bearer) : undefined;
    // 3.0.1 documents no 401 for its resources, only 403; 3.1 has 401.
    const refusal = version === '3.0.1' ? 403 : 401;
    if (expiry === undefined || expiry <= Date.now()) return send(res, method, template, refusal, problem(refusal, 'Unauthorized'));

    if (vtn.fault === 'huge_body' && template === '/events') {
      // 10 MB of one event's worth of intervals: the VEN must stop reading long before the end.
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('[');
      const piece = JSON.stringify({ id: 0, payloads: [{ type: 'SIMPLE', values: [1] }] }).padEnd(1024, ' ');
      for (let i = 0; i < 10 * 1024; i += 1) if (!res.write(`${i ? ',' : ''}${piece}`)) await new Promise((r) => res.once('drain', r));
      return res.end(']');
    }

    if (template === '/notifiers') {
      const mqttNotifier = broker && vtn.mqttOffered
        ? { URIS: [broker.url], serialization: 'JSON', authentication: broker.anonymous ? { method: 'ANONYMOUS' } : { method: 'OAUTH2_BEARER_TOKEN', username: '{clientID}' } }
        : undefined;
      return send(res, method, template, 200, { WEBHOOK: true, ...(mqttNotifier ? { MQTT: mqttNotifier } : {}) });
    }
    if (template.startsWith('/notifiers/mqtt/')) {
      if (!broker || !vtn.mqttOffered) return send(res, method, template, 404, problem(404, 'No MQTT notifier'));
      if (template === '/notifiers/mqtt/topics/programs') return send(res, method, template, 200, { topics: programTopics });
      const programId = match.m!.groups!.programID!;
      if (!programs.has(programId)) return send(res, method, template, 404, problem(404, 'No such program'));
      return send(res, method, template, 200, { topics: eventTopics(programId) });
    }
    const page = <T>(rows: T[]) => rows.slice(Number(query.skip ?? 0), Number(query.skip ?? 0) + Number(query.limit ?? 50));
    if (template === '/reports' && method === 'get')
      return send(res, method, template, 200, page([...reports.values()].filter((r) => (!query.clientName || r.clientName === query.clientName) && (!query.eventID || r.eventID === query.eventID))));
    if (template === '/reports' || template === '/reports/{reportID}') {
      const id = template === '/reports' ? nextId('report') : match.m!.groups!.reportID!;
      const known = reports.get(id);
      if (template === '/reports/{reportID}' && !known) return send(res, method, template, 404, problem(404, 'No such report'));
      if (method === 'get') return send(res, method, template, 200, known);
      const report = { ...(body as Record<string, unknown>), id, createdDateTime: known?.createdDateTime ?? stamp(), modificationDateTime: stamp(), objectType: 'REPORT', ...(version === '3.1.1' ? { clientID: clientId } : {}) } as Obj;
      reports.set(id, report);
      return send(res, method, template, method === 'post' ? 201 : 200, report);
    }
    if (template === '/subscriptions' && method === 'get')
      return send(res, method, template, 200, page([...subscriptions.values()].filter((s) => (!query.clientName || s.clientName === query.clientName) && (!query.programID || s.programID === query.programID))));
    if (template === '/subscriptions' && method === 'post') return saveSubscription(res, method, template, nextId('subscription'), body as Record<string, unknown>);
    if (template === '/subscriptions/{subscriptionID}') {
      const id = match.m!.groups!.subscriptionID!;
      const known = subscriptions.get(id);
      if (!known) return send(res, method, template, 404, problem(404, 'No such subscription'));
      if (method === 'get') return send(res, method, template, 200, known);
      if (method === 'delete') {
        subscriptions.delete(id);
        return send(res, method, template, 200, known);
      }
      return saveSubscription(res, method, template, id, body as Record<string, unknown>);
    }
    if (template === '/programs') return send(res, method, template, 200, page([...programs.values()]));
    if (template === '/events') return send(res, method, template, 200, page([...events.values()].filter((e) => !query.programID || e.programID === query.programID)));
    if (template === '/vens' && method === 'get') return send(res, method, template, 200, [...vens.values()].filter((v) => !query.venName || v.venName === query.venName));
    if (template === '/vens' && method === 'post') {
      const id = nextId('ven');
      const request = body as { venName: string };
      const ven = version === '3.1.1' ? { id, createdDateTime: stamp(), modificationDateTime: stamp(), objectType: 'VEN', clientID: clientId, venName: request.venName } : { id, createdDateTime: stamp(), modificationDateTime: stamp(), objectType: 'VEN', venName: request.venName };
      vens.set(id, ven);
      return send(res, method, template, 201, ven);
    }
    const venId = match.m!.groups?.venID ?? (query.venID as string | undefined) ?? (body as { venID?: string } | undefined)?.venID;
    if (method === 'get') return send(res, method, template, 200, [...resources.values()].filter((r) => r.venID === venId && (!query.resourceName || r.resourceName === query.resourceName)));
    const id = nextId('resource');
    const request = body as { resourceName: string };
    const resource = { id, createdDateTime: stamp(), modificationDateTime: stamp(), objectType: 'RESOURCE', ...(version === '3.1.1' ? { clientID: clientId } : {}), resourceName: request.resourceName, venID: venId };
    resources.set(id, resource);
    return send(res, method, template, 201, resource);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      vtn.violations.push(`Test VTN failed: ${String(error)}`);
      if (!res.headersSent) send(res, 'get', null, 500, problem(500, 'Test VTN failed'));
    });
  });
  // Node closes an idle keep-alive socket after 5 s, and a client that reuses it at that moment gets a
  // reset: a real fault a poll records, but a test's pause between polls must not make it one.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  vtn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  if (options.mqtt && version === '3.1.1') {
    broker = options.mqtt === 'aedes' ? await startVtnBroker((username, password) => username === clientId && (tokens.get(password) ?? 0) > Date.now()) : await publishOn(options.mqtt.url);
    vtn.mqttUrl = broker.url;
    vtn.mqttDown = () => broker!.down();
    vtn.mqttUp = () => broker!.up();
  }
  return vtn;
}

type VtnBroker = { url: string; anonymous: boolean; publish(topic: string, payload: string): void; down(): Promise<void>; up(): Promise<void>; close(): Promise<void> };

/** The VTN's own broker: aedes on a port of its own, the login checked against the VTN's live access tokens. */
async function startVtnBroker(tokenIsLive: (username: string, token: string) => boolean): Promise<VtnBroker> {
  const aedes = await Aedes.createBroker();
  aedes.authenticate = (_client, username, password, callback) => {
    if (username !== undefined && password !== undefined && tokenIsLive(username, password.toString('utf8'))) return callback(null, true);
    callback(Object.assign(new Error('Bad username or password'), { returnCode: 4 }), false);
  };
  // Only the VTN publishes: a client's publish goes nowhere.
  aedes.authorizePublish = (_client, _packet, callback) => callback(new Error('Subscribe only'));
  const sockets = new Set<Socket>();
  let tcp: TcpServer | null = null;
  let port = 0;
  const up = async () => {
    const server = createTcpServer((socket) => {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
      aedes.handle(socket);
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    tcp = server;
  };
  const down = async () => {
    const server = tcp;
    tcp = null;
    if (!server) return;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await closed;
  };
  await up();
  return {
    url: `mqtt://127.0.0.1:${port}`,
    anonymous: false,
    publish: (topic, payload) => aedes.publish({ cmd: 'publish', topic, payload: Buffer.from(payload), qos: 1, retain: false, dup: false }, () => {}),
    up,
    down,
    close: async () => {
      await down();
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
    },
  };
}

/** A broker run by someone else (Mosquitto, anonymous): the VTN publishes on it as a client; down and up are the caller's. */
async function publishOn(url: string): Promise<VtnBroker> {
  const client: MqttClient = mqtt.connect(url, { clientId: `test-vtn-${randomBytes(4).toString('hex')}`, reconnectPeriod: 200, clean: true });
  client.on('error', () => {});
  await new Promise<void>((resolve) => client.once('connect', () => resolve()));
  return {
    url,
    anonymous: true,
    publish: (topic, payload) => {
      // A publish while the broker is away is lost, as the VTN's notification would be.
      if (client.connected) client.publish(topic, payload, { qos: 1 });
    },
    up: async () => {},
    down: async () => {},
    close: () => client.endAsync(true),
  };
}
