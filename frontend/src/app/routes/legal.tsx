import { useLocation } from 'react-router';
import { LegalPage, type LegalTopic } from '@/features/landing/components/legal-page';

export function LegalRoute() {
  const topic = useLocation().pathname.replace(/^\//, '') as LegalTopic;
  return <LegalPage topic={topic} />;
}
