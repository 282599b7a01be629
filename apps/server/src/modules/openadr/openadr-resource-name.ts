import { createHash } from 'node:crypto';

/** A resource name per Peakwise program (decision 104): stable, since it rests on nothing but the program's id. */
export const resourceNameFor = (programId: string) => `peakwise-program-${programId}`;

/**
 * A home as one VTN sees it in a per-resource report (decision 121): a hash of the VTN's row and the
 * household's ids, stable across that VTN's reports and unlike the same home's name on any other
 * VTN. It holds nothing about the member, and the household id behind it is never sent.
 */
export const homeResourceNameFor = (vtnId: string, householdId: string) => `peakwise-home-${createHash('sha256').update(`${vtnId}:${householdId}`).digest('hex').slice(0, 24)}`;
