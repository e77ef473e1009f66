// A slim strip at the top of every page while the server uses its built-in local payment provider
// (session.json test_payments): a visitor must never mistake a test checkout for a real one (M11).
import { useAtomValue } from 'jotai';
import { sessionAtom } from '../../state/session.ts';

export function TestPaymentsBanner() {
  const session = useAtomValue(sessionAtom);
  if (!session.test_payments) return null;
  return (
    <div className="test-payments-banner" role="status" data-testid="test-payments-banner">
      Test payments: no card is charged
    </div>
  );
}
