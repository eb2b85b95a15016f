// Every payment provider the site has, and which of them the settings turn on. A new
// provider: one folder beside stripe/, its settings in payment-settings.ts, one line here.
import type { PaymentProvider } from '../payment-provider.js';
import type { PaymentSettings } from '../payment-settings.js';
import { STRIPE, stripeProvider } from './stripe/stripe-provider.js';

interface ProviderPlugin {
  name: string;
  label: string;
  /** The provider, if the settings set it up. */
  open(settings: PaymentSettings): PaymentProvider | undefined;
}

const PROVIDERS: readonly ProviderPlugin[] = [
  { ...STRIPE, open: (settings) => (settings.stripe ? stripeProvider(settings.stripe) : undefined) },
];

/** The providers the settings turn on, in the list's order (the first takes "Pay deposit"). */
export function openProviders(settings: PaymentSettings): PaymentProvider[] {
  return PROVIDERS.flatMap((plugin) => plugin.open(settings) ?? []);
}

/** What the owner reads for a provider's name in the store ('Stripe'), set up now or not. */
export const providerLabel = (name: string): string => PROVIDERS.find((plugin) => plugin.name === name)?.label ?? name;
