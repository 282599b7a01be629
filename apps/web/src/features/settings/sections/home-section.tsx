import { HomeCard } from '../components/home-card';
import { MeterTokensCard } from '../components/meter-tokens-card';

/** Settings → Home and devices: where the home is, and the tokens its meter and gateway write with. */
export default function HomeSection() {
  return (
    <>
      <HomeCard />
      <MeterTokensCard />
    </>
  );
}
