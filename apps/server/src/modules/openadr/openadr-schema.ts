import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';
import type { OpenAdrVersion } from '../../lib/config-openadr-vtns';

/*
 * The official OpenAPI document of each OpenADR version, read as published (a byte-identical copy in
 * apps/server/openadr3/, decision 104): every request the VEN sends and every response it accepts
 * is checked against it, and so is the test VTN, so neither side can drift from the spec into
 * agreeing with the other.
 */

// ajv-formats is CommonJS with its function as the default export's default.
const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

export type HttpMethod = 'get' | 'post' | 'put' | 'delete';
export type SchemaCheck = { method: HttpMethod; path: string };

type Operation = { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: unknown }> }; responses?: Record<string, unknown> };
type Parameter = { name: string; in: string; required?: boolean; schema?: unknown };
type PathItem = Record<string, unknown> & { parameters?: Parameter[] };
type Document = { paths: Record<string, PathItem>; components?: { responses?: Record<string, unknown> } };
type Callbacks = Record<string, Record<string, { post?: { requestBody?: { content?: Record<string, { schema?: { $ref?: string } }> } } }>>;

export function openAdrDocumentPath(version: OpenAdrVersion): URL {
  return new URL(`../../../openadr3/${version}/openadr3.yaml`, import.meta.url);
}

const pointer = (...parts: string[]) => `#/${parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;

/** Says what in a request or response the document does not allow; an empty list is conformance. */
export type OpenAdrSchema = {
  version: OpenAdrVersion;
  hasPath(path: string, method: HttpMethod): boolean;
  checkRequest(check: SchemaCheck, input: { params?: Record<string, unknown>; body?: unknown }): string[];
  checkResponse(check: SchemaCheck, status: number, body: unknown): string[];
  /** A notification's body, as the callback of POST /subscriptions declares it. */
  checkNotification(body: unknown): string[];
};

/**
 * A defect of the published 3.1.1 document: a ven (resource) is allOf objectMetadata, whose
 * objectType is one of PROGRAM … VEN, RESOURCE, and BlVenRequest (BlResourceRequest), whose
 * objectType is BL_VEN_REQUEST (BL_RESOURCE_REQUEST). No object satisfies both, so no VTN's answer
 * could conform. Only that one enum failure is let through, for those paths and either value; every
 * other check of the same answer still applies (decision 104).
 */
const ERRATA: Record<OpenAdrVersion, { paths: string[]; values: string[] }[]> = {
  '3.0.1': [],
  '3.1.1': [
    { paths: ['/vens', '/vens/{venID}'], values: ['VEN', 'BL_VEN_REQUEST'] },
    { paths: ['/resources', '/resources/{resourceID}'], values: ['RESOURCE', 'BL_RESOURCE_REQUEST'] },
  ],
};

const cache = new Map<OpenAdrVersion, OpenAdrSchema>();

export function openAdrSchema(version: OpenAdrVersion): OpenAdrSchema {
  const known = cache.get(version);
  if (known) return known;
  const schema = buildSchema(version, toJsonSchemaDialect(parse(readFileSync(openAdrDocumentPath(version), 'utf8'))) as Document);
  cache.set(version, schema);
  return schema;
}

/**
 * OpenAPI 3.0 writes exclusive bounds the draft-04 way (exclusiveMaximum: true beside maximum);
 * ajv speaks draft-07 (exclusiveMaximum: the bound). The same constraint, in ajv's words.
 */
function toJsonSchemaDialect(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchemaDialect);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = toJsonSchemaDialect(value);
  for (const [exclusive, bound] of [['exclusiveMaximum', 'maximum'], ['exclusiveMinimum', 'minimum']] as const) {
    if (typeof out[exclusive] !== 'boolean') continue;
    if (out[exclusive] === true && typeof out[bound] === 'number') {
      out[exclusive] = out[bound];
      delete out[bound];
    } else delete out[exclusive];
  }
  return out;
}

function buildSchema(version: OpenAdrVersion, document: Document): OpenAdrSchema {
  // The document is not a JSON Schema as a whole; ajv only resolves pointers into it. Annotations
  // such as example and discriminator are ignored (strict: false), nullable is OpenAPI 3.0's own.
  const bodies = new Ajv({ strict: false, allErrors: true, validateSchema: false, verbose: true });
  // Query and path values arrive as text: the same schemas, with numbers and booleans read from it.
  const params = new Ajv({ strict: false, allErrors: true, validateSchema: false, coerceTypes: 'array' });
  for (const ajv of [bodies, params]) {
    addFormats(ajv);
    ajv.addSchema(document as object, 'openadr');
  }
  const compiled = new Map<string, ValidateFunction>();
  const validatorAt = (ajv: Ajv, ref: string) => {
    const key = `${ajv === params ? 'p' : 'b'}${ref}`;
    let fn = compiled.get(key);
    if (!fn) {
      fn = ajv.compile({ $ref: `openadr${ref}` });
      compiled.set(key, fn);
    }
    return fn;
  };
  const errorsOf = (fn: ValidateFunction, where: string) => (fn.errors ?? []).map((e) => `${where}${e.instancePath} ${e.message ?? 'is invalid'}`);

  const operation = ({ method, path }: SchemaCheck): Operation => {
    const item = document.paths[path];
    const op = item?.[method] as Operation | undefined;
    if (!op) throw new Error(`OpenADR ${version} has no ${method.toUpperCase()} ${path}`);
    return op;
  };

  return {
    version,
    hasPath: (path, method) => Boolean(document.paths[path]?.[method]),
    checkRequest(check, input) {
      const op = operation(check);
      const problems: string[] = [];
      const declared = [...(document.paths[check.path]!.parameters ?? []), ...(op.parameters ?? [])];
      const given = input.params ?? {};
      for (const name of Object.keys(given)) {
        if (!declared.some((p) => p.name === name)) problems.push(`parameter ${name} is not in the document`);
      }
      declared.forEach((param) => {
        const value = given[param.name];
        if (value === undefined) {
          if (param.required) problems.push(`parameter ${param.name} is required`);
          return;
        }
        const index = (document.paths[check.path]!.parameters ?? []).indexOf(param);
        const ref = index >= 0 ? pointer('paths', check.path, 'parameters', String(index), 'schema') : pointer('paths', check.path, check.method, 'parameters', String((op.parameters ?? []).indexOf(param)), 'schema');
        const fn = validatorAt(params, ref);
        // Coercion rewrites arrays in place: check a copy.
        if (!fn(Array.isArray(value) ? [...value] : value)) problems.push(...errorsOf(fn, `parameter ${param.name}`));
      });
      const content = op.requestBody?.content;
      if (content && input.body !== undefined) {
        const type = Object.keys(content)[0]!;
        const fn = validatorAt(bodies, pointer('paths', check.path, check.method, 'requestBody', 'content', type, 'schema'));
        if (!fn(input.body)) problems.push(...errorsOf(fn, 'body'));
      } else if (input.body !== undefined) problems.push('the operation takes no body');
      return problems;
    },
    checkNotification(body) {
      // Both versions declare one callback on POST /subscriptions; its body is a $ref to the notification schema.
      const callbacks = (operation({ method: 'post', path: '/subscriptions' }) as Operation & { callbacks?: Callbacks }).callbacks ?? {};
      const ref = Object.values(callbacks).flatMap((byUrl) => Object.values(byUrl)).map((c) => c.post?.requestBody?.content?.['application/json']?.schema?.$ref)[0];
      if (!ref) throw new Error(`OpenADR ${version} declares no subscription callback`);
      const fn = validatorAt(bodies, ref);
      return fn(body) ? [] : errorsOf(fn, 'notification');
    },
    checkResponse(check, status, body) {
      const op = operation(check);
      const responses = op.responses ?? {};
      const key = String(status) in responses ? String(status) : 'default' in responses ? 'default' : null;
      if (key === null) return [`status ${status} is not a documented response`];
      let base = pointer('paths', check.path, check.method, 'responses', key);
      let response = responses[key] as { $ref?: string; content?: Record<string, unknown> };
      if (response.$ref) {
        const name = response.$ref.split('/').pop()!;
        base = pointer('components', 'responses', name);
        response = document.components?.responses?.[name] as typeof response;
      }
      // A response without content (204) has nothing to check.
      if (!response?.content) return [];
      const type = 'application/json' in response.content ? 'application/json' : Object.keys(response.content)[0]!;
      const fn = validatorAt(bodies, `${base}/content/${type.replace(/~/g, '~0').replace(/\//g, '~1')}/schema`);
      if (fn(body)) return [];
      const errata = ERRATA[version].find((e) => e.paths.includes(check.path));
      const real = (fn.errors ?? []).filter((e) => !(errata && e.keyword === 'enum' && /^(\/\d+)?\/objectType$/.test(e.instancePath) && errata.values.includes(e.data as string)));
      return real.map((e) => `response ${status}${e.instancePath} ${e.message ?? 'is invalid'}`);
    },
  };
}
