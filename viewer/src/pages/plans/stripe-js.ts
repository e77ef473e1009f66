// The card processor's browser library. Its terms require loading it from the processor's own site (it
// cannot be bundled), so it is a script tag added once, on the first card form that needs it.
export const stripeJsUrl = 'https://js.stripe.com/v3/';

/** The part of the processor's browser API that the card form uses. */
export interface StripeCardElement {
  mount(target: HTMLElement): void;
  on(
    event: 'change',
    handler: (event: { complete: boolean; empty: boolean; error?: { message: string } }) => void,
  ): void;
  destroy(): void;
}
export interface StripeJs {
  elements(): { create(type: 'card', options?: object): StripeCardElement };
  createPaymentMethod(input: {
    type: 'card';
    card: StripeCardElement;
    billing_details: { name: string };
  }): Promise<{ paymentMethod?: { id: string }; error?: { message: string; code?: string } }>;
}
type StripeFactory = (publishableKey: string) => StripeJs;

let loading: Promise<StripeFactory> | null = null;

function loadScript(): Promise<StripeFactory> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = stripeJsUrl;
    script.async = true;
    script.onload = () => {
      const factory = (window as unknown as { Stripe?: StripeFactory }).Stripe;
      if (factory) resolve(factory);
      else reject(new Error('the card processor script loaded without its API'));
    };
    script.onerror = () => reject(new Error('the card processor script could not load'));
    document.head.append(script);
  });
}

export function loadStripeJs(publishableKey: string): Promise<StripeJs> {
  // A failed load is not cached, so "try again" can load it once the connection is back.
  loading ??= loadScript().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading.then((factory) => factory(publishableKey));
}
