import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Comments and docs cite only what a clone of this repository contains: docs/product/ for the
// product and its rules, docs/decisions/ for the reasons. The documents the product was first
// written from are not in the repository, so a citation of them leads nowhere (issue 13).
const OUTSIDE_CITATION = /SPEC\.md|DESIGN\.md|STYLE\.md|SPEC §|STYLE habit|\bSPEC\b/;

const root = fileURLToPath(new URL('..', import.meta.url));
const self = 'scripts/no-outside-citations.test.ts';

// Directories .gitignore keeps out of a clone; a source tree without git (an archive) is walked
// with the same exclusions, so the check reads the same files either way.
const UNTRACKED_DIRS = new Set(['.git', 'node_modules', 'dist', 'data', 'coverage', 'dist-server', 'e2e/artifacts', 'bench/out']);

function walk(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(`${root}/${dir}`, { withFileTypes: true })) {
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (!UNTRACKED_DIRS.has(entry.name) && !UNTRACKED_DIRS.has(path)) files.push(...walk(path));
    } else if (entry.isFile() && !entry.name.endsWith('.tsbuildinfo') && entry.name !== '.env') {
      files.push(path);
    }
  }
  return files;
}

function trackedFiles(): string[] {
  const files = existsSync(`${root}/.git`)
    ? execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).split('\0')
    : walk('');
  return files.filter((path) => path !== '' && path !== self);
}

describe('citations', () => {
  it('no tracked file cites a document that is not in the repository', () => {
    const offenders: string[] = [];
    for (const path of trackedFiles()) {
      const absolute = `${root}/${path}`;
      // A file deleted in the work tree but not yet from the index has nothing left to cite.
      if (!existsSync(absolute)) continue;
      const lines = readFileSync(absolute, 'utf8').split('\n');
      lines.forEach((line, index) => {
        if (OUTSIDE_CITATION.test(line)) offenders.push(`${path}:${index + 1}: ${line.trim()}`);
      });
    }
    expect(offenders, 'Point these at docs/product/ or docs/decisions/ instead').toEqual([]);
  });
});
