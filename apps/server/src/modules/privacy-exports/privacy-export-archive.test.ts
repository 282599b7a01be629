import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { createArchiveWriter } from './privacy-export-archive';

describe('createArchiveWriter', () => {
  it('cuts the zip into chunks of the given size, in order, that join into a valid archive', async () => {
    const chunks: { seq: number; bytes: Uint8Array }[] = [];
    const archive = createArchiveWriter(async (seq, chunk) => void chunks.push({ seq, bytes: chunk.slice() }), 1000, new Date('2026-11-24T12:00:00Z'));
    // Incompressible-ish text, so the archive spans many chunks.
    let seed = 7;
    const noise = () => Array.from({ length: 400 }, () => ((seed = (seed * 48271) % 2147483647) % 36).toString(36)).join('');
    const big = Array.from({ length: 30 }, noise).join('\n');
    await archive.file('a.txt');
    await archive.write(big.slice(0, 5000));
    await archive.write(big.slice(5000));
    await archive.file('dir/b.json');
    await archive.write('{"ok":true}');
    const total = await archive.finish();

    expect(chunks.map((c) => c.seq)).toEqual(chunks.map((_, i) => i));
    expect(chunks.length).toBeGreaterThan(5);
    expect(chunks.slice(0, -1).every((c) => c.bytes.length === 1000)).toBe(true);
    expect(chunks.at(-1)!.bytes.length).toBeGreaterThan(0);
    expect(chunks.at(-1)!.bytes.length).toBeLessThanOrEqual(1000);
    const joined = new Uint8Array(chunks.reduce((n, c) => n + c.bytes.length, 0));
    let at = 0;
    for (const c of chunks) {
      joined.set(c.bytes, at);
      at += c.bytes.length;
    }
    expect(total).toBe(joined.length);
    const files = unzipSync(joined);
    expect(Object.keys(files)).toEqual(['a.txt', 'dir/b.json']);
    expect(strFromU8(files['a.txt']!)).toBe(big);
    expect(strFromU8(files['dir/b.json']!)).toBe('{"ok":true}');
  });

  it('refuses text before a file is started', async () => {
    const archive = createArchiveWriter(async () => undefined, 1000, new Date());
    await expect(archive.write('x')).rejects.toThrow('write before file');
  });
});
