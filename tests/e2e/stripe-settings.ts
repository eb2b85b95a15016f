// Stripe as the browser tests' server is set up (playwright.config.ts): its API is the
// local stand-in (tests/support/stripe-stand-in.ts) that tests/e2e/stripe.ts
// starts on the port after the webhook receiver's, with these secrets.
export const E2E_STRIPE = {
  secretKey: 'sk_test_e2e0123456789abcdef',
  webhookSecret: `whsec_${Buffer.from('e2e-stripe-webhook-secret-0123456789').toString('base64')}`,
  port: (serverPort: number) => serverPort + 3,
};
