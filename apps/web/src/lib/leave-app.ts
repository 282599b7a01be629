/** A full navigation away from the single-page app (e.g. to a bank's page that refuses to be framed). Its own module so tests can stand in for it. */
export function leaveApp(url: string): void {
  window.location.assign(url);
}
