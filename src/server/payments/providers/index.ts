// Every payment provider the site has, and which of them the settings turn on. A new
// provider: one folder beside stripe/, its settings in payment-settings.ts, one line here.
import type { PaymentProvider } from '../payment-provider.js';
import type { PaymentSettings } from '../payment-settings.js';
import { STRIPE, stripeProvider } from './stripe/stripe-provider.js';
import { stripeMode } from './stripe/stripe-settings.js';

interface ProviderPlugin {
  name: string;
  label: string;
  /** The provider, if the settings set it up. */
  open(settings: PaymentSettings): PaymentProvider | undefined;
  /** How it is set up, for the start's log ('test mode'), if it is. */
  setUp(settings: PaymentSettings): string | undefined;
}

const PROVIDERS: readonly ProviderPlugin[] = [
  {
    ...STRIPE,
    open: (settings) => (settings.stripe ? stripeProvider(settings.stripe) : undefined),
    setUp: ({ stripe }) =>
      stripe && `${stripeMode(stripe)} mode${stripe.apiBase ? `, API at ${stripe.apiBase.host}` : ''}`,
  },
];

/** The providers the settings turn on, in the list's order (the first takes "Pay deposit"). */
export function openProviders(settings: PaymentSettings): PaymentProvider[] {
  return PROVIDERS.flatMap((plugin) => plugin.open(settings) ?? []);
}

/**
 * What the start logs of online payments (docs/deploy.md): on, with each provider's mode
 * and the address its events must be sent to, or off and what customers get instead.
 */
export function paymentsAtStart(settings: PaymentSettings, publicUrl: string): string {
  const on = PROVIDERS.flatMap((plugin) => {
    const setUp = plugin.setUp(settings);
    return setUp
      ? [`${plugin.label} (${setUp}; events to ${new URL(`/api/payments/${plugin.name}`, publicUrl).href})`]
      : [];
  });
  if (on.length > 0) return `Online payments: on, ${on.join(', ')}`;
  return "Online payments: off (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are not set): an accepted quote shows the content's offline payment instructions only";
}

/** What the owner reads for a provider's name in the store ('Stripe'), set up now or not. */
export const providerLabel = (name: string): string => PROVIDERS.find((plugin) => plugin.name === name)?.label ?? name;
