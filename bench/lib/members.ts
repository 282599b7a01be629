/** Members who sign up and in through the real API, as a browser does (the benches that read screens). */
import { cookieHeader, signUpBody } from '../../apps/server/src/test/test-session';

export type BenchMember = { cookie: string; email: string; password: string; householdId: string; timeZone: string };

/** A new account and its household, signed in: `url` is where requests go, `origin` the site's PUBLIC_URL. */
export async function signUpMember(url: string, origin: string): Promise<BenchMember> {
  const body = signUpBody();
  const res = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const cookie = cookieHeader(res);
  const household = await fetch(`${url}/api/household`, { headers: { cookie, origin } });
  if (household.status !== 200) throw new Error(`GET /api/household: ${household.status}`);
  const { id, timeZone } = (await household.json()) as { id: string; timeZone: string };
  return { cookie, email: body.email, password: body.password, householdId: id, timeZone };
}

/** A fresh session for a member made earlier, on another server (its cookie is that server's). */
export async function signInMember(url: string, origin: string, member: BenchMember): Promise<BenchMember> {
  const res = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: member.email, password: member.password }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
  return { ...member, cookie: cookieHeader(res) };
}
