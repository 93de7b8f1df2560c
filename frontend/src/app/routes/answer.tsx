import { useParams, useSearchParams } from 'react-router';
import { AuthCard } from '@/components/auth-card';
import { AnswerPage } from '@/features/approvals/components/answer-page';

/**
 * /answer/:token (issue 41): an approver answers a request from the link in their e-mail, without
 * signing in, on whatever device they read it.
 */
export function AnswerRoute() {
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  return (
    <AuthCard title="Answer a request">
      <AnswerPage key={token} token={token} decision={search.get('decision')} />
    </AuthCard>
  );
}
