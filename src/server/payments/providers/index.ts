// Every payment provider the site has, and which of them the settings turn on. A new
// provider: one folder beside stripe/, its settings in payment-settings.ts, one line here.
import type { PaymentProvider } from '../payment-provider.js';
import type { PaymentSettings } from '../payment-settings.js';
import { stripeProvider } from './stripe/stripe-provider.js';

type ProviderPlugin = (settings: PaymentSettings) => PaymentProvider | undefined;

const PROVIDERS: readonly ProviderPlugin[] = [
  (settings) => (settings.stripe ? stripeProvider(settings.stripe) : undefined),
];

/** The providers the settings turn on, in the list's order (the first takes "Pay deposit"). */
export function openProviders(settings: PaymentSettings): PaymentProvider[] {
  return PROVIDERS.flatMap((open) => open(settings) ?? []);
}
