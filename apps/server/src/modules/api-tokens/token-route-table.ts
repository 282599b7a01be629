import { MEMBER_TOKEN_SCHEME } from '../../lib/route-security';

/** The part of an OpenAPI document read here. */
type OpenApiDocument = { paths?: object };
type Entry = { method: string; pattern: RegExp; scopes: string[] };

export type TokenRouteTable = {
  /** Fills the table from the app's OpenAPI document, once every route is registered. */
  load(document: OpenApiDocument): void;
  /** The scopes of which a token needs one for this request, or null: no token may call it. */
  scopesFor(method: string, path: string): string[] | null;
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `/api/devices/{id}/switch` → a pattern matching one path segment for each parameter. */
const patternOf = (template: string) => new RegExp(`^${template.split(/\{[^}]+\}/).map(escape).join('[^/]+')}$`);

/**
 * Which routes a personal API token may call, read from the routes' own OpenAPI security
 * (decision 060): the document members read and the rule the server applies cannot differ.
 */
export function createTokenRouteTable(): TokenRouteTable {
  let entries: Entry[] = [];
  return {
    load(document) {
      entries = [];
      for (const [template, operations] of Object.entries(document.paths ?? {}) as [string, object][]) {
        for (const [method, operation] of Object.entries(operations as Record<string, unknown>)) {
          const security = (operation as { security?: Record<string, string[]>[] }).security ?? [];
          const scopes = security.flatMap((requirement) => requirement[MEMBER_TOKEN_SCHEME] ?? []);
          if (scopes.length > 0) entries.push({ method: method.toUpperCase(), pattern: patternOf(template), scopes });
        }
      }
    },
    scopesFor(method, path) {
      // HEAD is answered by the GET route.
      const wanted = method === 'HEAD' ? 'GET' : method;
      return entries.find((entry) => entry.method === wanted && entry.pattern.test(path))?.scopes ?? null;
    },
  };
}
