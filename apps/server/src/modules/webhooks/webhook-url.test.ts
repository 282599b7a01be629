import { describe, expect, it } from 'vitest';
import { webhookUrlProblem } from './webhook-url';

describe('webhook endpoint addresses', () => {
  it('accepts https anywhere and http only to this machine when allowed', () => {
    expect(webhookUrlProblem('https://hooks.example.com/peakwise?x=1', false)).toBeNull();
    expect(webhookUrlProblem('http://localhost:8080/hook', true)).toBeNull();
    expect(webhookUrlProblem('http://127.0.0.1:9/hook', true)).toBeNull();
    expect(webhookUrlProblem('http://[::1]:9/hook', true)).toBeNull();
  });

  it('refuses plain http elsewhere, localhost when not allowed, credentials and non-URLs', () => {
    expect(webhookUrlProblem('http://hooks.example.com/', true)).toBe('Use an https:// address.');
    expect(webhookUrlProblem('http://localhost:8080/hook', false)).toBe('Use an https:// address; http://localhost is only for development.');
    expect(webhookUrlProblem('http://localhost.example.com/', true)).toBe('Use an https:// address.');
    expect(webhookUrlProblem('https://user:pw@hooks.example.com/', false)).toBe('Leave the user name and password out of the address.');
    expect(webhookUrlProblem('ftp://hooks.example.com/', true)).toBe('Use an https:// address.');
    expect(webhookUrlProblem('hooks.example.com', true)).toBe('Enter a full address starting with https://.');
    expect(webhookUrlProblem('javascript:alert(1)', true)).toBe('Use an https:// address.');
  });
});
