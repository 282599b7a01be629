import { SectionNotAvailable } from '@/components/ui/section-not-available';

export default function PlumbingPage() {
  return <SectionNotAvailable section="plumbing" />;
}
