// The payment providers' settings, parsed once with the rest of the configuration
// (config.ts); a provider whose variables are unset is off. Without any, the quote page
// shows only the content's offline payment instructions.
import { type StripeSettings, stripeSettings } from './providers/stripe/stripe-settings.js';

export interface PaymentSettings {
  /** STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_BASE. */
  stripe: StripeSettings | undefined;
}

export function loadPaymentSettings(env: Record<string, string | undefined>): PaymentSettings {
  return { stripe: stripeSettings(env) };
}
