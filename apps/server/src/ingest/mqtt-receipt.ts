import type { MqttReceipt } from '@peakwise/contracts/ingest.contract';
import { deviceTopic, meterReceiptTopic, parseTopic } from '../telemetry/topics';
import type { StoredOutcome } from './mqtt-message-store';

export type ReceiptMessage = { topic: string; payload: string };

/**
 * The receipt for one reading message once its batch has committed (decision 065), or null if
 * it gets none: only meter and device reading topics do (what a gateway keeps and re-sends; a
 * Shelly's firmware would not read one), and only for an outcome that is final. A failed write
 * gets no receipt, so the gateway sends the message again.
 */
export function receiptFor(topic: string, outcome: StoredOutcome): ReceiptMessage | null {
  const route = parseTopic(topic);
  const receiptTopic =
    route?.kind === 'meter' ? meterReceiptTopic(route.householdId) : route?.kind === 'device-reading' ? deviceTopic(route.householdId, route.externalId, 'receipts') : null;
  const times = outcome.readingTimes ?? [];
  if (receiptTopic === null || times.length === 0) return null;

  let receipt: MqttReceipt;
  if (outcome.outcome === 'stored') {
    const refused = new Map((outcome.result?.rejected ?? []).map((r) => [r.index, r.reason]));
    receipt = { stored: [], rejected: [] };
    times.forEach((ts, index) => {
      if (ts === '') return; // nothing a gateway could match
      const reason = refused.get(index);
      // Duplicates and corrections are stored too: the gateway may forget them either way.
      if (reason === undefined) receipt.stored.push(ts);
      else receipt.rejected.push({ ts, reason });
    });
  } else if (outcome.outcome === 'refused') {
    const reason = outcome.reason ?? 'invalid_payload';
    receipt = { stored: [], rejected: times.filter((ts) => ts !== '').map((ts) => ({ ts, reason })) };
  } else {
    return null;
  }
  if (receipt.stored.length === 0 && receipt.rejected.length === 0) return null;
  return { topic: receiptTopic, payload: JSON.stringify(receipt) };
}
