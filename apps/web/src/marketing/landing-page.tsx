import { useAuthDialog } from '@/features/auth/hooks/use-auth-dialog';
import { BenefitsSection } from './landing/benefits-section';
import { CtaSection } from './landing/cta-section';
import { EventsTeaserSection } from './landing/events-teaser-section';
import { HeroSection } from './landing/hero-section';
import { SmartPlugSection } from './landing/smart-plug-section';

export default function LandingPage() {
  const { open } = useAuthDialog();
  // Every call to action on this page opens the sign-up dialog (docs/product/routes-and-screens.md#landing-page).
  const openSignUp = () => open('signup');
  return (
    <>
      <HeroSection onSignUp={openSignUp} />
      <BenefitsSection />
      <SmartPlugSection />
      <EventsTeaserSection />
      <CtaSection onSignUp={openSignUp} />
    </>
  );
}
