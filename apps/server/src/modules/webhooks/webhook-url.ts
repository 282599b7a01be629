const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Why an endpoint address is refused, or null if it is fine: HTTPS, no user or password in it,
 * and plain http only to this machine and only when the configuration allows it (never in
 * production: decision 060).
 */
export function webhookUrlProblem(value: string, allowLocalhost: boolean): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'Enter a full address starting with https://.';
  }
  if (url.username !== '' || url.password !== '') return 'Leave the user name and password out of the address.';
  if (url.protocol === 'https:' && url.hostname !== '') return null;
  if (url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname)) {
    return allowLocalhost ? null : 'Use an https:// address; http://localhost is only for development.';
  }
  return 'Use an https:// address.';
}
