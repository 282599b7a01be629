import type { DynsecAnswer, DynsecControl } from '../ingest/dynsec-control';
import { openSealedSecret } from '../lib/sealed-secret';
import { dropJobPayloadField } from '../modules/durable-jobs/durable-jobs.repository';
import { isCredentialLive, isUsernameHeldByAnother, lockBrokerUsername } from '../modules/devices/broker-logins.repository';
import {
  BROKER_LOGIN_CREATE_JOB,
  BROKER_LOGIN_DELETE_JOB,
  type BrokerLoginCreatePayload,
  type BrokerLoginDeletePayload,
} from '../modules/devices/broker-logins.service';
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

/**
 * Mosquitto's logins follow the credentials (decision 097). Both jobs hold the username's lock for
 * their whole run, so a device id removed in one home and paired in another is deleted and created
 * in the order the jobs run, never interleaved; and both read the credential afresh, so a create
 * that runs after its credential ended creates nothing.
 */
export function brokerLoginJobHandlers(deps: { control: DynsecControl; sealKey: Buffer }): Record<string, JobHandler> {
  return {
    [BROKER_LOGIN_CREATE_JOB]: async ({ tx, job }) => {
      const payload = job.payload as BrokerLoginCreatePayload;
      await lockBrokerUsername(tx, payload.username);
      if (payload.sealedPassword !== undefined && (await isCredentialLive(tx, payload.credentialId))) {
        const password = openSealedSecret(deps.sealKey, payload.sealedPassword);
        const acls = brokerAcls(payload.householdId, payload.externalId ?? undefined).map((acl) => ({ ...acl, priority: 0 }));
        const [, client] = expectDone(
          await deps.control.run([
            { command: 'createRole', rolename: payload.role, textname: 'Peakwise ingest credential', acls },
            { command: 'createClient', username: payload.username, password, textname: `Peakwise credential ${payload.credentialId}`, roles: [{ rolename: payload.role }] },
          ]),
          { createRole: 'Role already exists', createClient: 'Client already exists' },
        );
        // The username already has a client: the same job again, or the device's previous pairing
        // whose deletion has not run yet. Either way it becomes this credential's login.
        if (client?.error !== undefined) {
          expectDone(
            await deps.control.run([
              { command: 'setClientPassword', username: payload.username, password },
              { command: 'modifyClient', username: payload.username, roles: [{ rolename: payload.role }] },
            ]),
            {},
          );
        }
      }
      await dropJobPayloadField(tx, job.id, 'sealedPassword');
    },
    [BROKER_LOGIN_DELETE_JOB]: async ({ tx, job }) => {
      const payload = job.payload as BrokerLoginDeletePayload;
      await lockBrokerUsername(tx, payload.username);
      // The device paired again: the client under its id is now the new credential's.
      const keepClient = await isUsernameHeldByAnother(tx, payload.username, payload.credentialId);
      expectDone(
        await deps.control.run([
          ...(keepClient ? [] : [{ command: 'deleteClient', username: payload.username }]),
          { command: 'deleteRole', rolename: payload.role },
        ]),
        { deleteClient: 'Client not found', deleteRole: 'Role not found' },
      );
    },
  };
}
