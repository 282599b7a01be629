import { SectionNotAvailable } from '@/components/ui/section-not-available';

export default function BillingPage() {
  return <SectionNotAvailable section="billing" />;
}
