/**
 * A JSON Schema `pattern` is an ECMA-262 regular expression without flags. The OpenAPI generator
 * writes a zod `.regex()` as `RegExp#toString()` less its slashes, so a regex with flags came out
 * as `^…$/i`, which matches nothing a client sends (decision 083). These turn such a pattern back
 * into a flagless one with the same meaning, or refuse a flag that cannot be written so.
 */

/** The source and flags of a pattern the generator wrote with its flags, or null if it has none. */
export function leakedFlags(pattern: string): { source: string; flags: string } | null {
  const match = /^([\s\S]*)\/([dgimsuvy]+)$/.exec(pattern);
  if (!match) return null;
  const source = match[1]!;
  // A RegExp's source escapes every "/", so an unescaped one can only be toString()'s closing slash.
  let backslashes = 0;
  for (let i = source.length - 1; i >= 0 && source[i] === '\\'; i--) backslashes++;
  return backslashes % 2 === 0 ? { source, flags: match[2]! } : null;
}

/** `source` rewritten to mean, without flags and read as Unicode, what it meant with `flags`. */
export function flaglessPattern(source: string, flags: string): string {
  let pattern = source;
  for (const flag of flags) {
    // g, y and d change how a match is searched for or reported, never whether a string matches;
    // u is how JSON Schema reads every pattern anyway.
    if ('gydu'.includes(flag)) continue;
    if (flag === 'i') pattern = caseless(pattern);
    else if (flag === 's') pattern = rewrite(pattern, { outside: (atom) => (atom === '.' ? '[\\s\\S]' : atom) });
    else throw new Error(`A regex flag "${flag}" has no flagless equivalent a JSON Schema pattern can carry: /${source}/${flags}`);
  }
  return pattern;
}

/** Every `pattern` in an OpenAPI document, with leaked flags written into the pattern itself. */
export function withFlaglessPatterns<T>(document: T): T {
  const visit = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(visit);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => {
        if (key !== 'pattern' || typeof inner !== 'string') return [key, visit(inner)];
        const leaked = leakedFlags(inner);
        return [key, leaked ? flaglessPattern(leaked.source, leaked.flags) : inner];
      }),
    );
  };
  return visit(document) as T;
}

const casesOf = (char: string) => [char.toLowerCase(), char.toUpperCase()].filter((other) => other.length === 1 && other !== char);

/** A letter outside a class becomes a class of its cases; a class gains the other case of its letters and ranges. */
function caseless(source: string): string {
  return rewrite(source, {
    outside: (atom, char) => {
      const others = char === undefined ? [] : casesOf(char);
      return others.length === 0 ? atom : `[${atom}${others.map(escapeInClass).join('')}]`;
    },
    inClass: (char) => casesOf(char).map(escapeInClass).join(''),
    inRange: (from, to) => caseRanges(from, to),
  });
}

const escapeInClass = (char: string) => (/[\\\][^-]/.test(char) ? `\\${char}` : char);

function caseRanges(from: number, to: number): string {
  let added = '';
  const shifted = (lo: number, hi: number, by: number) => {
    const start = Math.max(from, lo);
    const end = Math.min(to, hi);
    if (start <= end) added += `${String.fromCharCode(start + by)}-${String.fromCharCode(end + by)}`;
  };
  shifted(0x61, 0x7a, -0x20);
  shifted(0x41, 0x5a, 0x20);
  for (let code = Math.max(from, 0x80); code <= to; code++) {
    if (casesOf(String.fromCodePoint(code)).length > 0) throw new Error('A case-insensitive range of non-ASCII letters has no simple flagless form');
  }
  return added;
}

type Rewriter = {
  /** An atom outside a class (its text, and the character it stands for when it is one). */
  outside(atom: string, char: string | undefined): string;
  /** Added to a class for each single character in it. */
  inClass?(char: string): string;
  /** Added to a class for each range in it. */
  inRange?(from: number, to: number): string;
};

/** Walks a pattern atom by atom, copying groups, quantifiers and escapes that are not characters as they are. */
function rewrite(source: string, rewriter: Rewriter): string {
  let out = '';
  let i = 0;
  const readAtom = (): { text: string; char: string | undefined } => {
    const start = i;
    if (source[i] !== '\\') {
      const char = String.fromCodePoint(source.codePointAt(i)!);
      i += char.length;
      return { text: char, char };
    }
    const kind = source[i + 1] ?? '';
    const hex = /^x([0-9a-fA-F]{2})|^u([0-9a-fA-F]{4})|^u\{([0-9a-fA-F]+)\}/.exec(source.slice(i + 1));
    if (hex) {
      i += 1 + hex[0].length;
      return { text: source.slice(start, i), char: String.fromCodePoint(Number.parseInt(hex[1] ?? hex[2] ?? hex[3]!, 16)) };
    }
    if ((kind === 'p' || kind === 'P') && source[i + 2] === '{') i = source.indexOf('}', i) + 1;
    else if (kind === 'k' && source[i + 2] === '<') i = source.indexOf('>', i) + 1;
    else if (kind === 'c') i += 3;
    else i += 2;
    // An escaped punctuator stands for itself; \d, \w, \b and the like for no one character.
    return { text: source.slice(start, i), char: /[^0-9A-Za-z]/.test(kind) ? kind : undefined };
  };
  while (i < source.length) {
    const char = source[i]!;
    if (char === '[') {
      let body = '';
      let added = '';
      i++;
      if (source[i] === '^') {
        body += '^';
        i++;
      }
      while (i < source.length && source[i] !== ']') {
        const from = readAtom();
        if (source[i] === '-' && source[i + 1] !== ']' && i + 1 < source.length && from.char !== undefined) {
          i++;
          const to = readAtom();
          body += `${from.text}-${to.text}`;
          if (to.char !== undefined) added += rewriter.inRange?.(from.char.codePointAt(0)!, to.char.codePointAt(0)!) ?? '';
        } else {
          body += from.text;
          if (from.char !== undefined) added += rewriter.inClass?.(from.char) ?? '';
        }
      }
      i++;
      out += `[${body}${added}]`;
    } else if (char === '(' && source[i + 1] === '?') {
      const prefix = /^\(\?(?::|=|!|<=|<!|<[A-Za-z_$][\w$]*>)/.exec(source.slice(i))?.[0] ?? '(?';
      out += prefix;
      i += prefix.length;
    } else if (char === '{') {
      const quantifier = /^\{\d+(,\d*)?\}/.exec(source.slice(i))?.[0] ?? '{';
      out += quantifier;
      i += quantifier.length;
    } else if ('()|^$*+?'.includes(char)) {
      out += char;
      i++;
    } else {
      const atom = readAtom();
      out += rewriter.outside(atom.text, atom.char);
    }
  }
  return out;
}
