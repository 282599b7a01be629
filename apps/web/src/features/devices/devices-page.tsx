import { SectionNotAvailable } from '@/components/ui/section-not-available';

export default function DevicesPage() {
  return <SectionNotAvailable section="devices" />;
}
