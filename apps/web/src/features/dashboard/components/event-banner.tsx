import { loadNamespaces } from '@/lib/i18n';
import { lazyPart } from '@/lib/lazy-part';
import { useNextEvent } from '../api/use-events-and-points';

// Most days there is no event, and the card (opt-in, live scorecard) is then not downloaded
// with the Dashboard, nor are its strings (`events`, `eventAutomation`), which nothing else on the
// Dashboard shows (docs/decisions/058-dashboard-javascript-budget.md). Once its code and strings
// are here it renders at once, with no empty frame in between: the Dashboard waits for it before
// showing its content, so the banner does not push the cards down after they are drawn (decision 068).
export const useEventBannerCard = lazyPart(() =>
  Promise.all([import('./event-banner-card'), loadNamespaces(['events', 'eventAutomation'])]).then(([module]) => module.default),
);

/** The next Energy Saving Event, if there is one; nothing at all otherwise (or if it fails to load). */
export function EventBanner() {
  const data = useNextEvent().data;
  const event = data?.event;
  const Card = useEventBannerCard(Boolean(event));
  return event && Card ? <Card event={event} outlook={data?.outlook} /> : null;
}
