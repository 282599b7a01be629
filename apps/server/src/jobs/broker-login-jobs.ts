import type { DynsecAnswer, DynsecControl } from '../ingest/dynsec-control';
import { openSealedSecret } from '../lib/sealed-secret';
import { dropJobPayloadField } from '../modules/durable-jobs/durable-jobs.repository';
import {
  clearBrokerLoginsMissingExcept,
  credentialsWithLoginPending,
  isCredentialLive,
  liveBrokerCredentials,
  lockBrokerUsername,
  markBrokerLoginsMissing,
  requeueGivenUpLogins,
} from '../modules/devices/broker-logins.repository';
import {
  BROKER_LOGIN_CHECK_JOB,
  BROKER_LOGIN_CREATE_JOB,
  BROKER_LOGIN_DELETE_JOB,
  type BrokerLoginCreatePayload,
  type BrokerLoginDeletePayload,
  brokerRole,
  brokerUsername,
  scheduleNextBrokerLoginCheck,
} from '../modules/devices/broker-logins.service';
import { deviceMqttClientId } from '../modules/devices/device-mqtt-address';
import { brokerAcls } from '../telemetry/broker-acl';
import type { JobHandler } from './durable-worker';

/** A refusal that means the broker already is as asked: running a job twice does no harm. */
function expectDone(answers: DynsecAnswer[], alreadyDone: Record<string, string>): DynsecAnswer[] {
  for (const answer of answers) {
    if (answer.error !== undefined && alreadyDone[answer.command] !== answer.error) {
      throw new Error(`Mosquitto refused ${answer.command}: ${answer.error}`);
    }
  }
  return answers;
}

/** The roles Mosquitto's getClient answer lists for the client. */
function rolesOf(answer: DynsecAnswer | undefined): string[] {
  const client = (answer?.data as { client?: { roles?: { rolename?: unknown }[] } } | undefined)?.client;
  return (client?.roles ?? []).map((role) => String(role.rolename));
}

type ListedLogin = { roles: string[]; clientId: string | null };

/** Each Mosquitto client's username, the roles it holds and the client id it is bound to (listClients, verbose). */
function loginsOf(answer: DynsecAnswer | undefined): Map<string, ListedLogin> {
  const clients = (answer?.data as { clients?: { username?: unknown; clientid?: unknown; roles?: { rolename?: unknown }[] }[] } | undefined)?.clients ?? [];
  return new Map(
    clients.map((client) => [
      String(client.username),
      { roles: (client.roles ?? []).map((role) => String(role.rolename)), clientId: typeof client.clientid === 'string' ? client.clientid : null },
    ]),
  );
}

/**
 * Mosquitto's logins follow the credentials (decision 097). Both jobs hold the username's lock for
 * their whole run, so a device id removed in one home and paired in another is deleted and created
 * in the order the jobs run, never interleaved; a create reads its credential afresh, so one that
 * runs after its credential ended creates nothing.
 *
 * A role is deleted only once no client holds it: Mosquitto 2.0.11 deletes a role still given to
 * a client without taking it off the client, which leaves the broker reading freed memory (we saw
 * it answer with another role's name, then stop). So a client is never re-pointed at another role
 * (modifyClient): it is deleted and made again.
 */
export function brokerLoginJobHandlers(deps: { control: DynsecControl; sealKey: Buffer }): Record<string, JobHandler> {
  return {
    [BROKER_LOGIN_CREATE_JOB]: async ({ tx, job }) => {
      const payload = job.payload as BrokerLoginCreatePayload;
      await lockBrokerUsername(tx, payload.username);
      if (payload.sealedPassword !== undefined && (await isCredentialLive(tx, payload.credentialId))) {
        const password = openSealedSecret(deps.sealKey, payload.sealedPassword);
        const acls = brokerAcls(payload.householdId, payload.externalId ?? undefined).map((acl) => ({ ...acl, priority: 0 }));
        // A device's login works only under the client id its pairing shows: a second device given
        // the same settings is refused rather than pushing the first off (decision 105).
        const clientid = payload.externalId !== null ? { clientid: deviceMqttClientId(payload.externalId, payload.householdId) } : {};
        const client = { command: 'createClient', username: payload.username, password, ...clientid, textname: `Peakwise credential ${payload.credentialId}`, roles: [{ rolename: payload.role }] };
        const [, created] = expectDone(
          await deps.control.run([{ command: 'createRole', rolename: payload.role, textname: 'Peakwise ingest credential', acls }, client]),
          { createRole: 'Role already exists', createClient: 'Client already exists' },
        );
        // The username already has a client: this job's own earlier run, or the device's previous
        // pairing whose deletion has not run yet. Either way it is made again as this credential's.
        if (created?.error !== undefined) expectDone(await deps.control.run([{ command: 'deleteClient', username: payload.username }, client]), { deleteClient: 'Client not found' });
      }
      await dropJobPayloadField(tx, job.id, 'sealedPassword');
    },
    [BROKER_LOGIN_DELETE_JOB]: async ({ tx, job }) => {
      const payload = job.payload as BrokerLoginDeletePayload;
      await lockBrokerUsername(tx, payload.username);
      // The client under this username is this credential's only while it holds this credential's
      // role; otherwise the device was paired again and its new login is already made.
      const [found] = expectDone(await deps.control.run([{ command: 'getClient', username: payload.username }]), { getClient: 'Client not found' });
      const own = rolesOf(found).includes(payload.role);
      expectDone(
        await deps.control.run([...(own ? [{ command: 'deleteClient', username: payload.username }] : []), { command: 'deleteRole', rolename: payload.role }]),
        { deleteClient: 'Client not found', deleteRole: 'Role not found' },
      );
    },
    // Credentials issued before Peakwise managed Mosquitto's logins, or whose login job gave up,
    // have no login there. Mosquitto keeps only its own hash of a password and we only ours, so a
    // login can be made again only from a given-up job that still holds its sealed password; for
    // the others the member is told to get a new one (Devices, "Show pairing settings again").
    [BROKER_LOGIN_CHECK_JOB]: async ({ tx, now }) => {
      const credentials = await liveBrokerCredentials(tx);
      // Read before asking Mosquitto: a login job that finishes in between has made its client by
      // the time Mosquitto answers, so no credential is taken for missing while its job runs.
      const pending = await credentialsWithLoginPending(tx, credentials.map((c) => c.id));
      const [listed] = expectDone(await deps.control.run([{ command: 'listClients', verbose: true, count: -1, offset: 0 }]), {});
      const logins = loginsOf(listed);
      const absent = credentials.filter((c) => !(logins.get(brokerUsername(c))?.roles ?? []).includes(brokerRole(c.id))).map((c) => c.id);
      // A device login made before logins were bound to their client id is bound now (setClientId
      // does not touch roles, which decision 097 found unsafe to change in place).
      const unbound = credentials.filter((c) => {
        const login = logins.get(brokerUsername(c));
        return c.externalId !== null && login?.roles.includes(brokerRole(c.id)) && login.clientId !== deviceMqttClientId(c.externalId, c.householdId);
      });
      if (unbound.length > 0) {
        expectDone(await deps.control.run(unbound.map((c) => ({ command: 'setClientId', username: brokerUsername(c), clientid: deviceMqttClientId(c.externalId!, c.householdId) }))), {});
      }
      const requeued = await requeueGivenUpLogins(tx, absent.filter((id) => !pending.has(id)), now);
      const missing = absent.filter((id) => !pending.has(id) && !requeued.has(id));
      await markBrokerLoginsMissing(tx, missing, now);
      await clearBrokerLoginsMissingExcept(tx, missing);
      await scheduleNextBrokerLoginCheck(tx, now);
    },
  };
}
