import { describe, expect, it } from 'vitest';
import type { Namespace } from './en-namespaces';
import { frenchNamespaces } from './fr-namespaces';

/**
 * French puts a space before ? ! : and ; (a no-break one, so the mark never starts a line).
 * What is not prose is left out: addresses, times such as 18:00, the {{placeholders}} i18next
 * fills, and the HTTP header a developer types as written.
 */
const NOT_PROSE = /https?:\/\/\S*|Authorization: Bearer|HH:MM|\{\{[^}]*\}\}|\b\d{1,2}:\d{2}\b/g;
/** A mark with no space before it, where it ends a sentence or a clause (not inside a word or code). */
const MISSING_SPACE = /[^\s\u00a0\u202f]([?!:;])(?=$|[\s»”)'".,])/;

function missingFrenchSpace(text: string): string | null {
  const prose = text.replace(NOT_PROSE, ' ');
  const found = MISSING_SPACE.exec(prose);
  return found ? prose.slice(Math.max(0, found.index - 20), found.index + 3) : null;
}

function strings(value: unknown, path: string, out: [string, string][]): [string, string][] {
  if (typeof value === 'string') out.push([path, value]);
  else if (Array.isArray(value)) value.forEach((v, i) => strings(v, `${path}.${i}`, out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) strings(v, path ? `${path}.${k}` : k, out);
  return out;
}

describe('French typography', () => {
  it('finds a missing space, and leaves addresses, times and placeholders alone', () => {
    expect(missingFrenchSpace('Que voulez-vous associer?')).not.toBeNull();
    expect(missingFrenchSpace('Bon retour! Connectez-vous')).not.toBeNull();
    expect(missingFrenchSpace('Révoquer « {{label}} »?')).not.toBeNull();
    expect(missingFrenchSpace('Montant: 5 $')).not.toBeNull();
    expect(missingFrenchSpace('Rien n’a été débité; réessayez')).not.toBeNull();
    expect(missingFrenchSpace('Que voulez-vous associer\u202f?')).toBeNull();
    expect(missingFrenchSpace('Valeur\u00a0: {{value}}')).toBeNull();
    expect(missingFrenchSpace('Connecté : {{power}} W')).toBeNull();
    expect(missingFrenchSpace('Entrez une adresse https://.')).toBeNull();
    expect(missingFrenchSpace('de 18:00 à 21:00.')).toBeNull();
    expect(missingFrenchSpace('{{count}} relevés')).toBeNull();
    expect(missingFrenchSpace('envoyez l’en-tête Authorization: Bearer <jeton>.')).toBeNull();
  });

  it('every French string has its space before ? ! : and ;', async () => {
    const names = Object.keys(frenchNamespaces) as Namespace[];
    const all = (await Promise.all(names.map(async (ns) => strings(await frenchNamespaces[ns](), ns, [])))).flat();
    expect(all.length).toBeGreaterThan(500);
    const missing = all.flatMap(([path, text]) => {
      const where = missingFrenchSpace(text);
      return where ? [`${path}: …${where}`] : [];
    });
    expect(missing).toEqual([]);
  });
});
