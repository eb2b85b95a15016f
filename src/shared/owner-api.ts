// The owner's API paths, written once (issue 36, record 440): the server registers its
// routes under these patterns and the inbox fills them in with `ownerPath`, so renaming
// one renames both (src/server/owner/owner-api-paths.test.ts checks each is a route the app has).
export const OWNER_API = {
  session: '/api/owner/session',
  inquiries: '/api/owner/inquiries',
  inquiriesCsv: '/api/owner/inquiries.csv',
  inquiry: '/api/owner/inquiries/:id',
  inquiryStatus: '/api/owner/inquiries/:id/status',
  inquiryNotes: '/api/owner/inquiries/:id/notes',
  inquiryCalendar: '/api/owner/inquiries/:id/calendar.ics',
  bookings: '/api/owner/bookings',
  waiting: '/api/owner/waiting',
  quotes: '/api/owner/inquiries/:id/quotes',
  payments: '/api/owner/inquiries/:id/payments',
  paymentVoid: '/api/owner/inquiries/:id/payments/:paymentId/void',
  eventSheet: '/api/owner/inquiries/:id/event-sheet',
  finalCount: '/api/owner/inquiries/:id/final-count',
  deliveries: '/api/owner/inquiries/:id/deliveries',
  deliveryResend: '/api/owner/deliveries/:id/resend',
  notifications: '/api/owner/notifications',
  notificationsFailed: '/api/owner/notifications/failed',
  notificationsTestEmail: '/api/owner/notifications/test-email',
  account: '/api/owner/account',
  accountEmail: '/api/owner/account/email',
  accountSignOutOthers: '/api/owner/account/sign-out-others',
  accountFeedReset: '/api/owner/account/calendar-feed/reset',
  pushKey: '/api/owner/push-key',
  pushSubscriptions: '/api/owner/push-subscriptions',
  pushTest: '/api/owner/push-subscriptions/test',
  schedule: '/api/owner/schedule',
  scheduleStop: '/api/owner/schedule/:id',
  blockedDays: '/api/owner/blocked-days',
  blockedDay: '/api/owner/blocked-days/:id',
  numbers: '/api/owner/numbers',
  numbersCsv: '/api/owner/numbers.csv',
  site: '/api/owner/site',
  siteDraft: '/api/owner/site/draft',
  sitePublish: '/api/owner/site/publish',
  siteHistory: '/api/owner/site/history',
  siteRestore: '/api/owner/site/restore',
  sitePhotos: '/api/owner/site/photos',
  preorders: '/api/owner/preorders',
  preorderStop: '/api/owner/preorders/:stopId',
  preorderStopCancel: '/api/owner/preorders/:stopId/cancel',
  preorderOrder: '/api/owner/preorders/:stopId/orders/:orderId',
  preorderReady: '/api/owner/preorders/:stopId/orders/:orderId/ready',
  preorderPickedUp: '/api/owner/preorders/:stopId/orders/:orderId/picked-up',
  preorderOrderCancel: '/api/owner/preorders/:stopId/orders/:orderId/cancel',
} as const;

export type OwnerApiPath = (typeof OWNER_API)[keyof typeof OWNER_API];

/** The names of a pattern's parameters: 'id' and 'paymentId' in '/inquiries/:id/payments/:paymentId/void'. */
type ParamsOf<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamsOf<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A pattern with its parameters filled in: `ownerPath(OWNER_API.quotes, { id })`. */
export function ownerPath<P extends OwnerApiPath>(pattern: P, params: Record<ParamsOf<P>, string>): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent((params as Record<string, string>)[name]!));
}
