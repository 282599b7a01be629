/**
 * The primary's noted write positions (decision 129) asked for many screen reads in one query.
 * Every screen read on the replica needs its owners' positions, read after the read began; one
 * query per read cost the server process a round trip per read (a socket write and read, the
 * driver's work) on top of the read itself. Here at most one lookup is in flight: the reads that
 * begin meanwhile wait for it to end and share the next one, which is sent after each of them
 * began, so each still sees any write answered before its request arrived.
 */
export type PositionLookups = {
  /** The latest position noted for any of these owners; null when none has one; rejects when the lookup failed. */
  latest(owners: readonly string[]): Promise<bigint | null>;
};

type Waiting = { owners: readonly string[]; resolve: (lsn: bigint | null) => void; reject: (error: unknown) => void };

export function positionLookups(lookup: (owners: readonly string[]) => Promise<Map<string, bigint>>): PositionLookups {
  let waiting: Waiting[] = [];
  let inFlight = false;

  const send = () => {
    const batch = waiting;
    waiting = [];
    inFlight = true;
    const owners = [...new Set(batch.flatMap((w) => w.owners))];
    void lookup(owners).then(
      (positions) => {
        for (const w of batch) {
          let latest: bigint | null = null;
          for (const owner of w.owners) {
            const lsn = positions.get(owner);
            if (lsn !== undefined && (latest === null || lsn > latest)) latest = lsn;
          }
          w.resolve(latest);
        }
      },
      (error: unknown) => {
        for (const w of batch) w.reject(error);
      },
    ).finally(() => {
      inFlight = false;
      if (waiting.length > 0) send();
    });
  };

  return {
    latest(owners) {
      return new Promise((resolve, reject) => {
        waiting.push({ owners, resolve, reject });
        if (!inFlight) send();
      });
    },
  };
}
