import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openAdrDocumentPath, openAdrSchema } from './openadr-schema';

/*
 * The copies must stay the published documents, byte for byte: the hashes are those of the files in
 * grid-coordination/openadr3-specification (3.0.1/openadr3.yaml, 3.1.1/openadr3.yaml) as copied.
 */
const PUBLISHED_SHA256 = {
  '3.0.1': '3418d267d5a916265f5a1c7e08641da8c3507b39abf682d7902658b57fc2e7e7',
  '3.1.1': '0a85f28a91565b3e2c7488d2a7a7a9afb11ce3ef6b35afddb328484720077006',
} as const;

describe('the official OpenADR documents', () => {
  it.each(['3.0.1', '3.1.1'] as const)('%s is byte-identical to the published file', (version) => {
    expect(createHash('sha256').update(readFileSync(openAdrDocumentPath(version))).digest('hex')).toBe(PUBLISHED_SHA256[version]);
  });

  it('finds what is outside the document in a request', () => {
    const schema = openAdrSchema('3.1.1');
    expect(schema.checkRequest({ method: 'get', path: '/events' }, { params: { skip: '0', limit: '50', programID: 'p-1' } })).toEqual([]);
    expect(schema.checkRequest({ method: 'get', path: '/events' }, { params: { limit: '51', venName: 'x' } })).toEqual(['parameter venName is not in the document', 'parameter limit must be <= 50']);
    expect(schema.checkRequest({ method: 'post', path: '/vens' }, { body: { objectType: 'VEN_VEN_REQUEST', venName: 'x' } })).toEqual([]);
    expect(schema.checkRequest({ method: 'post', path: '/vens' }, { body: { venName: 'x' } }).length).toBeGreaterThan(0);
    // The same body is 3.0.1's shape.
    expect(openAdrSchema('3.0.1').checkRequest({ method: 'post', path: '/vens' }, { body: { venName: 'x' } })).toEqual([]);
    expect(schema.checkRequest({ method: 'post', path: '/auth/token' }, { body: { grant_type: 'password', client_id: 'a', client_secret: 'b' } })).toEqual(['body/grant_type must be equal to one of the allowed values']);
  });

  it('finds what is outside the document in an answer, with only the named 3.1.1 erratum let through', () => {
    const schema = openAdrSchema('3.1.1');
    const meta = { id: 'v-1', createdDateTime: '2026-07-01T00:00:00Z', modificationDateTime: '2026-07-01T00:00:00Z' };
    expect(schema.checkResponse({ method: 'get', path: '/events' }, 200, [{ ...meta, objectType: 'EVENT', programID: 'p-1', intervals: [{ id: 0, payloads: [{ type: 'SIMPLE', values: [1] }] }] }])).toEqual([]);
    expect(schema.checkResponse({ method: 'get', path: '/events' }, 200, [{ ...meta, objectType: 'EVENT', programID: 'p 1', intervals: [{ id: 0.5, payloads: [] }] }])).toEqual([
      'response 200/0/programID must match pattern "^[a-zA-Z0-9_-]*$"',
      'response 200/0/intervals/0/id must be integer',
      'response 200/0/intervals/0/id must match format "int32"',
    ]);
    expect(schema.checkResponse({ method: 'get', path: '/events' }, 418, {})).toEqual(['status 418 is not a documented response']);
    // objectType VEN (or BL_VEN_REQUEST) cannot satisfy both halves of the allOf: the erratum.
    expect(schema.checkResponse({ method: 'get', path: '/vens' }, 200, [{ ...meta, objectType: 'VEN', clientID: 'c', venName: 'x' }])).toEqual([]);
    expect(schema.checkResponse({ method: 'get', path: '/vens' }, 200, [{ ...meta, objectType: 'PROGRAM', clientID: 'c', venName: 'x' }])).toEqual(['response 200/0/objectType must be equal to one of the allowed values']);
    expect(schema.checkResponse({ method: 'get', path: '/programs' }, 200, [{ ...meta, objectType: 'VEN', programName: 'x' }])).toEqual([]);
    expect(schema.checkResponse({ method: 'get', path: '/programs' }, 200, [{ ...meta, objectType: 'BL_VEN_REQUEST', programName: 'x' }])).toEqual(['response 200/0/objectType must be equal to one of the allowed values']);
  });
});
