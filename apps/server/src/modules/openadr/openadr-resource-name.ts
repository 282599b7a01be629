/** A resource name per Peakwise program (decision 104): stable, since it rests on nothing but the program's id. */
export const resourceNameFor = (programId: string) => `peakwise-program-${programId}`;
