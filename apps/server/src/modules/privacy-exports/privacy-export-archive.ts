import { Zip, ZipDeflate } from 'fflate';

/**
 * A zip written file by file into fixed-size chunks handed to `sink` (a database row each), so a
 * large account never sits in memory whole: at most one chunk plus one page of rows at a time.
 * fflate's synchronous classes call back during push, which keeps the order of chunks exact.
 */
export type ArchiveWriter = {
  /** Starts a file; text written until the next file (or finish) goes into it. */
  file(name: string): Promise<void>;
  write(text: string): Promise<void>;
  /** Ends the archive; resolves with its size in bytes. */
  finish(): Promise<number>;
};

export function createArchiveWriter(sink: (seq: number, chunk: Uint8Array) => Promise<void>, chunkBytes: number, mtime: Date): ArchiveWriter {
  const encoder = new TextEncoder();
  let buffered: Uint8Array[] = [];
  let bufferedBytes = 0;
  let total = 0;
  let seq = 0;
  let failure: Error | null = null;

  const zip = new Zip((error, data) => {
    if (error) failure = error;
    else {
      buffered.push(data);
      bufferedBytes += data.length;
      total += data.length;
    }
  });

  const flush = async (all: boolean) => {
    if (failure) throw failure;
    while (bufferedBytes >= chunkBytes || (all && bufferedBytes > 0)) {
      const joined = new Uint8Array(bufferedBytes);
      let at = 0;
      for (const part of buffered) {
        joined.set(part, at);
        at += part.length;
      }
      const size = Math.min(chunkBytes, bufferedBytes);
      await sink(seq++, joined.subarray(0, size));
      buffered = size < joined.length ? [joined.subarray(size)] : [];
      bufferedBytes -= size;
    }
  };

  let current: ZipDeflate | null = null;
  const closeCurrent = () => {
    current?.push(new Uint8Array(0), true);
    current = null;
  };

  return {
    async file(name) {
      closeCurrent();
      const entry = new ZipDeflate(name, { level: 6 });
      entry.mtime = mtime;
      zip.add(entry);
      current = entry;
      await flush(false);
    },
    async write(text) {
      if (!current) throw new Error('write before file');
      current.push(encoder.encode(text));
      await flush(false);
    },
    async finish() {
      closeCurrent();
      zip.end();
      await flush(true);
      return total;
    },
  };
}
