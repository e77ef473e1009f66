// The card processor's well-known test card numbers and what each does, with its error code and
// message as the processor words them. Any other number that passes the Luhn check succeeds.

export interface TestCardBehaviour {
  /** Where the card fails: never, when it is tokenised, or when it is charged. */
  fails: 'never' | 'tokenise' | 'charge';
  code?: string;
  declineCode?: string;
  message?: string;
}

export const testCards: Record<string, TestCardBehaviour & { label: string }> = {
  '4242424242424242': { label: 'success', fails: 'never' },
  '4000000000000002': {
    label: 'generic decline',
    fails: 'charge',
    code: 'card_declined',
    declineCode: 'generic_decline',
    message: 'Your card was declined.',
  },
  '4000000000009995': {
    label: 'insufficient funds',
    fails: 'charge',
    code: 'card_declined',
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  '4000000000000069': {
    label: 'expired card',
    fails: 'charge',
    code: 'expired_card',
    message: 'Your card has expired.',
  },
  '4000000000000127': {
    label: 'incorrect CVC',
    fails: 'charge',
    code: 'incorrect_cvc',
    message: "Your card's security code is incorrect.",
  },
  '4000002500003155': {
    label: 'needs authentication',
    fails: 'charge',
    code: 'authentication_required',
    message: 'Your card was declined. This transaction requires authentication.',
  },
};

export function behaviourOf(number: string): TestCardBehaviour {
  return testCards[number] ?? { fails: 'never' };
}

export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function brandOf(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^6(011|5)/.test(number)) return 'discover';
  return 'unknown';
}
