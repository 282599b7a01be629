import { memo, useCallback } from 'react';
import { useAuthDialogActions } from '@/features/auth/hooks/use-auth-dialog';
import { BenefitsSection } from './landing/benefits-section';
import { CtaSection } from './landing/cta-section';
import { EventsTeaserSection } from './landing/events-teaser-section';
import { HeroSection } from './landing/hero-section';
import { SmartPlugSection } from './landing/smart-plug-section';

// The page is drawn again whenever the URL changes (a dialog opening is one); its sections need
// not be, and the press that opened the dialog waits for that drawing (decision 092).
const Hero = memo(HeroSection);
const Benefits = memo(BenefitsSection);
const SmartPlug = memo(SmartPlugSection);
const EventsTeaser = memo(EventsTeaserSection);
const Cta = memo(CtaSection);

export default function LandingPage() {
  const { open } = useAuthDialogActions();
  // Every call to action on this page opens the sign-up dialog (docs/product/routes-and-screens.md#landing-page).
  const openSignUp = useCallback(() => open('signup'), [open]);
  return (
    <>
      <Hero onSignUp={openSignUp} />
      <Benefits />
      <SmartPlug />
      <EventsTeaser />
      <Cta onSignUp={openSignUp} />
    </>
  );
}
