// The plans page's FAQ accordion.
const questions: [string, string][] = [
  [
    'Can I change or cancel my plan later?',
    'Yes. Change plan from your account’s billing page: an upgrade is charged for the rest of the billing cycle at once, a downgrade leaves a credit for later charges. A cancellation takes effect at the end of the cycle.',
  ],
  [
    'What is the difference between Pro and Team?',
    'Pro is one seat with 5 projects, 100 follows and 5 focus areas. Team is 2 to 25 seats with unlimited projects, follows and focus areas, and the Team premium fields.',
  ],
  [
    'Which cards do you accept?',
    'Visa, Mastercard, American Express and Discover. We keep only the card’s brand, last 4 digits, expiry and the cardholder name; the number goes only to the payment provider.',
  ],
  [
    'Why is Team billed monthly only?',
    'Team plans are priced per seat, and seats change during the year: per-seat plans are billed monthly.',
  ],
];

export function PlansFaq() {
  return (
    <section className="plans-faq" data-testid="plans-faq">
      <h2>Frequently asked questions</h2>
      {questions.map(([q, a]) => (
        <details key={q}>
          <summary>{q}</summary>
          <p>{a}</p>
        </details>
      ))}
    </section>
  );
}
