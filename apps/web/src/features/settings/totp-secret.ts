/** The base32 secret inside an otpauth:// URI, grouped by four for typing by hand ("ABCD EFGH …"). */
export function totpSecret(totpURI: string): string {
  let secret = '';
  try {
    secret = new URL(totpURI).searchParams.get('secret') ?? '';
  } catch {
    return '';
  }
  return secret.replace(/(.{4})/g, '$1 ').trim();
}
