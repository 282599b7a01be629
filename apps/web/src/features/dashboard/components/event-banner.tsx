import { lazy, Suspense } from 'react';
import { useNextEvent } from '../api/use-events-and-points';

// Most days there is no event, and the card (opt-in, live scorecard) is then not downloaded
// with the Dashboard (docs/decisions/058-dashboard-javascript-budget.md).
const EventBannerCard = lazy(() => import('./event-banner-card'));

/** The next Energy Saving Event, if there is one; nothing at all otherwise (or if it fails to load). */
export function EventBanner() {
  const query = useNextEvent();
  const event = query.data?.event;
  return event ? (
    <Suspense fallback={null}>
      <EventBannerCard event={event} />
    </Suspense>
  ) : null;
}
