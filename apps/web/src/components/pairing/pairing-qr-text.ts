/**
 * What the pairing screen's QR code carries: the same fields as the list beside it, one
 * "Label: value" line each, in the member's language. Plain text, so any phone's camera shows it
 * as the member would read it on the screen and each value can be copied from there; no app of
 * ours has to understand a format.
 */
export function pairingQrText(fields: readonly (readonly [label: string, value: string])[]): string {
  return fields.map(([label, value]) => `${label}: ${value}`).join('\n');
}
