import type { MemberEvent } from '@peakwise/contracts/events.contract';
import { useEffect, useState, type ComponentType } from 'react';
import { loadNamespaces } from '@/lib/i18n';
import { useNextEvent } from '../api/use-events-and-points';

type EventBannerCard = ComponentType<{ event: MemberEvent }>;

// Most days there is no event, and the card (opt-in, live scorecard) is then not downloaded
// with the Dashboard, nor are its strings (`events`, `eventAutomation`), which nothing else on the
// Dashboard shows (docs/decisions/058-dashboard-javascript-budget.md). Once its code and strings
// are here it renders at once, with no empty frame in between: the Dashboard waits for it before
// showing its content, so the banner does not push the cards down after they are drawn (decision 068).
let loadedCard: EventBannerCard | undefined;

/**
 * The card's code and strings, fetched once it is wanted (there is an event); undefined until both
 * have arrived. Whoever calls this re-renders then, and so does the banner below it.
 */
export function useEventBannerCard(wanted: boolean): EventBannerCard | undefined {
  const [, setArrived] = useState(false);
  useEffect(() => {
    if (!wanted || loadedCard) return;
    let current = true;
    void Promise.all([import('./event-banner-card'), loadNamespaces(['events', 'eventAutomation'])]).then(([module]) => {
      loadedCard = module.default;
      if (current) setArrived(true);
    });
    return () => {
      current = false;
    };
  }, [wanted]);
  return wanted ? loadedCard : undefined;
}

/** The next Energy Saving Event, if there is one; nothing at all otherwise (or if it fails to load). */
export function EventBanner() {
  const event = useNextEvent().data?.event;
  const Card = useEventBannerCard(Boolean(event));
  return event && Card ? <Card event={event} /> : null;
}
