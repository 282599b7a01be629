import { SectionNotAvailable } from '@/components/ui/section-not-available';

export default function MaintenancePage() {
  return <SectionNotAvailable section="maintenance" />;
}
