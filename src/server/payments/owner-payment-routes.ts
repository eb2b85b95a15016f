// The owner's payments under /api/owner (in the signed-in part of the owner's area): an
// inquiry's payments with what is paid and the balance due, "Record a payment" for money
// taken outside the site, and voiding one with a reason (record 146). A payment recorded
// by hand that reaches the accepted quote's deposit books the inquiry as a provider's does.
import type { FastifyPluginAsync } from 'fastify';
import { PATTERNS } from '../../shared/inquiry.js';
import {
  HAND_METHODS,
  PAYMENT_LIMITS,
  type PaymentsAnswer,
  type PaymentView,
  paymentProblems,
  type RecordPaymentBody,
  voidReasonProblem,
} from '../../shared/payment-views.js';
import { saleFiguresOf } from '../event-plan/sale-figures.js';
import { bookingRule } from '../calendar/day-rule.js';
import { DAY_FULL_MESSAGE } from '../store/day-claim.js';
import { httpError } from '../http-error.js';
import type { OwnerAreaOptions } from '../owner-area.js';
import type { Payment } from '../store/payment-store.js';
import { providerLabel } from './providers/index.js';
import { OWNER_API } from '../../shared/owner-api.js';

const UUID = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
const params = {
  type: 'object',
  properties: { id: { type: 'string', pattern: `^${PATTERNS.inquiryId}$` } },
  required: ['id'],
} as const;

/** "Record a payment": its id (chosen by the page), the amount in integer minor units, the method and a note. */
const recordPaymentSchema = {
  params,
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['id', 'amount', 'method', 'note'],
    properties: {
      id: { type: 'string', pattern: UUID },
      amount: { type: 'integer' },
      method: { type: 'string', enum: [...HAND_METHODS] },
      note: { type: 'string', maxLength: PAYMENT_LIMITS.note * 2 },
    },
  },
} as const;

/** Voiding a payment: its inquiry and id, and the reason. */
const voidPaymentSchema = {
  params: {
    type: 'object',
    properties: { ...params.properties, paymentId: { type: 'string', pattern: UUID } },
    required: ['id', 'paymentId'],
  },
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['reason'],
    properties: { reason: { type: 'string', maxLength: PAYMENT_LIMITS.voidReason * 2 } },
  },
} as const;

const NO_INQUIRY = 'No such inquiry (it may have been erased).';

export function paymentView(payment: Payment): PaymentView {
  const { inquiryId: _inquiryId, quoteId: _quoteId, provider, ...view } = payment;
  return { ...view, provider: provider ? providerLabel(provider) : null };
}

export const ownerPaymentRoutes: FastifyPluginAsync<Pick<OwnerAreaOptions, 'owners' | 'notifier' | 'content'>> = async (
  app,
  { owners, notifier, content },
) => {
  const site = () => content.current().content;
  const actor = (owner: { id: string; email: string }) => ({ id: owner.id, email: owner.email });

  app.get<{ Params: { id: string } }>(
    OWNER_API.payments,
    { schema: { params } },
    async (request): Promise<PaymentsAnswer> => {
      const { id } = request.params;
      const inquiry = (await owners.inbox.getInquiry(id))?.inquiry;
      if (!inquiry) throw httpError(404, NO_INQUIRY);
      const [payments, figures] = await Promise.all([
        owners.payments.forInquiry(id),
        saleFiguresOf(owners, inquiry, site()),
      ]);
      // The accepted total for the customer's final count, as every page and notice says it (record 200).
      return {
        payments: payments.map(paymentView),
        currency: site().sale.currency,
        locale: site().locale,
        paid: figures.paid,
        total: figures.total,
        deposit: figures.deposit,
        balanceDue: figures.balanceDue,
      };
    },
  );

  app.post<{ Params: { id: string }; Body: RecordPaymentBody }>(
    OWNER_API.payments,
    { schema: recordPaymentSchema },
    async (request, reply) => {
      const body = { ...request.body, note: request.body.note.normalize('NFC').trim() };
      const fields = paymentProblems(body);
      if (Object.keys(fields).length > 0) {
        return reply.status(400).send({ error: 'invalid_body', message: Object.values(fields).join(' '), fields });
      }
      const result = await owners.payments.record(
        request.params.id,
        { ...body, currency: site().sale.currency },
        actor(request.owner!),
        new Date(),
        site().locale,
        bookingRule(site()),
      );
      if (!result.ok && result.reason === 'missing') throw httpError(404, NO_INQUIRY);
      if (!result.ok) throw httpError(409, 'Another payment was recorded with this id. Open the form again.');
      // It may have reached the deposit: the owner's "Deposit paid" is owed.
      if (result.created) notifier.kick(1);
      // The deposit reached on a day already booked: kept, not Booked (record 280); the page says so.
      const dayFull = result.dayFull ? { dayFull: DAY_FULL_MESSAGE } : {};
      return reply.status(result.created ? 201 : 200).send({ ...paymentView(result.payment), ...dayFull });
    },
  );

  app.post<{ Params: { id: string; paymentId: string }; Body: { reason: string } }>(
    OWNER_API.paymentVoid,
    { schema: voidPaymentSchema },
    async (request, reply) => {
      const reason = request.body.reason.normalize('NFC').trim();
      const problem = voidReasonProblem(reason);
      if (problem)
        return reply.status(400).send({ error: 'invalid_body', message: problem, fields: { reason: problem } });
      const { id, paymentId } = request.params;
      const result = await owners.payments.void(
        id,
        paymentId,
        reason,
        actor(request.owner!),
        new Date(),
        site().locale,
      );
      if (!result.ok) throw httpError(404, 'No such payment for this inquiry.');
      return paymentView(result.payment);
    },
  );
};
