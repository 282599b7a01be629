import { SectionNotAvailable } from '@/components/ui/section-not-available';

export default function RewardsPage() {
  return <SectionNotAvailable section="rewards" />;
}
