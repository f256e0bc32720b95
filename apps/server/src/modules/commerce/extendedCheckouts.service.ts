import {
  CERTIFICATE_PRICE_CENTS,
  CertificateState,
  CheckoutMessages,
  CheckoutType,
  CommerceMessages,
  certificateAction,
  companyName,
  ENTITLING_STATUSES,
  ErrorStatus,
  formatPlanKey,
  isEnterpriseUpgrade,
  MAX_SEATS_PER_PURCHASE,
  MIN_SEATS_PER_PURCHASE,
  parsePlanKey,
  proratedSeatsCents,
  prorationCreditCents,
  SOLD_BUSINESS_TIERS,
  SubscriptionKind,
  SubscriptionStatus,
  totalPrice,
  UserPlanType,
} from '@coderoom/domain';
import type { PaymentRow, SubscriptionPlanRow, SubscriptionRow } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { Db, DbExecutor } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/errors.js';
import type { ContentService } from '../content/content.service.js';
import type { Order, OrderTarget } from './checkout.service.js';
import { CommerceErrors } from './commerce.errors.js';
import { planTitle } from './commerce.presenter.js';
import * as repo from './commerce.repository.js';
import type { GiftsService } from './gifts.service.js';
import { RenewalMessages } from './renewals.service.js';
import { addMonths, type ExtendedSettlement } from './settlement.service.js';

// Gifts, reactivation, certificate purchases, seats and enterprise purchases (spec 001 §2/§4/§5;
// docs/commerce.md). Each builds its order for checkout, and its grant and its take-back run in the
// payment's ledger transaction through settlement, as every other purchase.

/** What seats and enterprise purchases need from organizations (organizations' subscriptionSales.service). */
export interface OrganizationSales {
  seatsTarget(
    userId: number,
    subscriptionId: number,
  ): Promise<
    | {
        subscription: {
          id: number;
          planCode: string;
          status: number;
          seats: number;
          canAddSeats: boolean;
          startsAt: Date;
          expiresAt: Date | null;
        };
        organizationName: string;
        isAdmin: boolean;
      }
    | undefined
  >;
  lockSubscriptionIn(
    tx: DbExecutor,
    subscriptionId: number,
  ): Promise<{ planCode: string; seats: number } | undefined>;
  restartSubscriptionIn(
    tx: DbExecutor,
    subscriptionId: number,
    values: {
      planCode: string;
      subscriptionType: number;
      seats: number;
      status: number;
      startsAt: Date;
      expiresAt: Date;
    },
  ): Promise<void>;
  changeSeatsIn(tx: DbExecutor, subscriptionId: number, delta: number): Promise<void>;
  endSubscriptionIn(tx: DbExecutor, subscriptionId: number, status: number, now: Date): Promise<void>;
  createOrganizationIn(
    tx: DbExecutor,
    input: {
      name: string;
      planCode: string;
      subscriptionType: number;
      seats: number;
      adminEmail: string;
      adminUserId: number | null;
      startsAt: Date;
      expiresAt: Date;
    },
  ): Promise<{ organizationId: number; subscriptionId: number }>;
}

/** What a certificate purchase needs from progress (progress.service). */
export interface CertificateClaims {
  certificateStateOf(userId: number, collectionId: number): Promise<CertificateState | null>;
  restoreCertificateIn(tx: DbExecutor, userId: number, collectionId: number, now: Date): Promise<number>;
  revokeCertificateIn(
    tx: DbExecutor,
    userId: number,
    collectionId: number,
    state: CertificateState,
    now: Date,
  ): Promise<number>;
}

export interface ExtendedCheckoutsDeps {
  db: Db;
  clock: Clock;
  content: Pick<ContentService, 'viewById'>;
  gifts: GiftsService;
  organizations: OrganizationSales;
  certificates: CertificateClaims;
  scheduleRenewal?: (tx: DbExecutor, subscription: SubscriptionRow, now: Date) => Promise<void>;
  /** Mails a logged-out buyer's account its set-password link, queued in the grant's transaction. */
  queueAccountSetupIn?: (tx: DbExecutor, email: string, organizationName: string) => Promise<void>;
}

const refuse = (status: number, message: string, field?: string) =>
  new AppError(status, message, field ? { [field]: message } : undefined);

/** The user plan whose term price one seat of a business plan costs (300-12-6003 → 300-12-6000). */
function seatPlanKey(planCode: string): string | null {
  const parsed = parsePlanKey(planCode);
  return parsed ? formatPlanKey({ ...parsed, planType: UserPlanType }) : null;
}

function seatCountOf(target: OrderTarget): number {
  const seats = target.seats;
  if (
    seats === undefined ||
    !Number.isInteger(seats) ||
    seats < MIN_SEATS_PER_PURCHASE ||
    seats > MAX_SEATS_PER_PURCHASE
  ) {
    throw refuse(ErrorStatus.OperationNotAllowed, CheckoutMessages.SeatsCount, 'seats');
  }
  return seats;
}

function plainOrder(type: CheckoutType, title: string, priceCents: number): Order {
  return {
    type,
    itemTitle: title,
    plan: null,
    collectionId: null,
    authorId: null,
    priceCents,
    creditCents: 0,
    coupon: null,
    totalCents: priceCents,
    referralCreditCents: 0,
    replaces: null,
  };
}

export function createExtendedCheckoutsService(deps: ExtendedCheckoutsDeps) {
  const { db, clock } = deps;

  async function seatPlan(planCode: string): Promise<SubscriptionPlanRow> {
    const key = seatPlanKey(planCode);
    const plan = key ? await repo.findPlan(db, key) : undefined;
    if (!plan?.isActive) throw CommerceErrors.unknownPlan();
    return plan;
  }

  /**
   * Reactivation: the learner's own subscription whose renewal was cancelled (7002), which expired (7006,
   * or ran out on its date before the job marked it) or is past due (7010). Still running with its renewal
   * cancelled: nothing is charged today, the card given becomes the one it renews with. Ended: the plan's
   * price (less a lasting coupon) starts a new term today.
   */
  async function reactivationOrder(userId: number, target: OrderTarget): Promise<Order> {
    if (target.subscription_id === undefined)
      throw refuse(ErrorStatus.OperationNotAllowed, CheckoutMessages.ReactivationTarget, 'subscription_id');
    if (target.coupon_code) throw CommerceErrors.couponNotForCheckout();
    const subscription = await repo.findSubscription(db, target.subscription_id);
    if (!subscription || subscription.userId !== userId)
      throw refuse(ErrorStatus.NotFound, RenewalMessages.NotYours);
    const now = clock.now();
    const running = subscription.expiresAt > now;
    const reactivatable =
      subscription.suspendedAt === null &&
      (subscription.status === SubscriptionStatus.RenewalCancelled ||
        subscription.status === SubscriptionStatus.PastDue ||
        subscription.status === SubscriptionStatus.Expired ||
        (subscription.status === SubscriptionStatus.Active && !running));
    if (subscription.status === SubscriptionStatus.Active && running)
      throw refuse(ErrorStatus.AlreadyExists, CheckoutMessages.StillActive);
    if (!reactivatable) throw refuse(ErrorStatus.OperationNotAllowed, CheckoutMessages.NotReactivatable);
    const resumes = subscription.status === SubscriptionStatus.RenewalCancelled && running;
    if (!resumes) {
      const others = await repo.findCurrentSubscriptions(db, userId, ENTITLING_STATUSES, now);
      if (others.some((other) => other.id !== subscription.id)) throw CommerceErrors.alreadySubscribed();
    }
    const plan = await repo.findPlan(db, subscription.planKey);
    if (!plan?.isActive || plan.planType !== UserPlanType) throw CommerceErrors.unknownPlan();
    const termCents = Math.max(0, plan.priceCents - subscription.lastingDiscountCents);
    return {
      ...plainOrder(CheckoutType.Reactivation, `${planTitle(plan)}, reactivation`, resumes ? 0 : termCents),
      plan,
      priceCents: termCents,
      extras: { targetSubscriptionId: subscription.id },
    };
  }

  /**
   * A certificate: for a course the learner completed whose certificate can be claimed (spec 001 §4 claim
   * rule: not active, not pending verification, not revoked by an admin), e.g. one revoked when the course
   * purchase was refunded. Paying makes it active again.
   */
  async function certificateOrder(userId: number, target: OrderTarget): Promise<Order> {
    if (target.author_id === undefined || target.collection_id === undefined)
      throw CommerceErrors.notPriced();
    if (target.coupon_code) throw CommerceErrors.couponNotForCheckout();
    const view = await deps.content.viewById(userId, target.author_id, target.collection_id, false);
    const state = await deps.certificates.certificateStateOf(userId, view.collection.id);
    if (state === null) throw refuse(ErrorStatus.OperationNotAllowed, CheckoutMessages.CertificateNotEarned);
    const action = certificateAction(state, false);
    if (action === 'view') throw refuse(ErrorStatus.AlreadyExists, CheckoutMessages.CertificateActive);
    if (action === null) throw refuse(ErrorStatus.AccessDenied, CheckoutMessages.CertificateNotClaimable);
    return {
      ...plainOrder(CheckoutType.Certificate, `Certificate: ${view.card.title}`, CERTIFICATE_PRICE_CENTS),
      collectionId: view.collection.id,
      authorId: view.collection.authorId,
    };
  }

  /**
   * Seats (team seats map here): an admin of the organization buys seats on its subscription, which must
   * allow it (can_add_seats, spec 001 §5) and still run; charged for the time left of its term.
   */
  async function seatsOrder(userId: number, target: OrderTarget): Promise<Order> {
    if (target.subscription_id === undefined)
      throw refuse(ErrorStatus.OperationNotAllowed, CheckoutMessages.SeatsTarget, 'subscription_id');
    if (target.coupon_code) throw CommerceErrors.couponNotForCheckout();
    const found = await deps.organizations.seatsTarget(userId, target.subscription_id);
    if (!found) throw refuse(ErrorStatus.NotFound, RenewalMessages.NotYours);
    if (!found.isAdmin) throw refuse(ErrorStatus.AccessDenied, CheckoutMessages.SeatsAdminOnly);
    const { subscription } = found;
    if (!subscription.canAddSeats) throw refuse(ErrorStatus.AccessDenied, CheckoutMessages.CannotAddSeats);
    const now = clock.now();
    const running =
      (subscription.status === SubscriptionStatus.Active ||
        subscription.status === SubscriptionStatus.RenewalCancelled) &&
      (subscription.expiresAt === null || subscription.expiresAt > now);
    if (!running) throw refuse(ErrorStatus.OperationNotAllowed, CheckoutMessages.SubscriptionEnded);
    const seats = seatCountOf(target);
    const plan = await seatPlan(subscription.planCode);
    const total = proratedSeatsCents({
      seatPriceCents: plan.priceCents,
      seats,
      startsAt: subscription.startsAt,
      expiresAt: subscription.expiresAt,
      now,
    });
    return {
      ...plainOrder(
        CheckoutType.EnterpriseSeats,
        `${seats} ${seats === 1 ? 'seat' : 'seats'}, ${found.organizationName}`,
        plan.priceCents * seats,
      ),
      // The unused part of the term is not bought: shown as a credit against a whole term's seats.
      creditCents: plan.priceCents * seats - total,
      totalCents: total,
      extras: { organizationSubscriptionId: subscription.id, seatCount: seats },
    };
  }

  /** The organization subscription an admin names for an upgrade or a reactivation. */
  async function adminTarget(userId: number, target: OrderTarget) {
    if (target.subscription_id === undefined)
      throw refuse(
        ErrorStatus.OperationNotAllowed,
        CheckoutMessages.EnterpriseUpgradeTarget,
        'subscription_id',
      );
    if (target.coupon_code) throw CommerceErrors.couponNotForCheckout();
    const found = await deps.organizations.seatsTarget(userId, target.subscription_id);
    if (!found) throw refuse(ErrorStatus.NotFound, RenewalMessages.NotYours);
    if (!found.isAdmin) throw refuse(ErrorStatus.AccessDenied, CheckoutMessages.SubscriptionAdminOnly);
    const now = clock.now();
    const { subscription } = found;
    const running =
      (subscription.status === SubscriptionStatus.Active ||
        subscription.status === SubscriptionStatus.RenewalCancelled) &&
      (subscription.expiresAt === null || subscription.expiresAt > now);
    return { ...found, running, now };
  }

  /**
   * Enterprise upgrade (spec 001 §4 upgrade rule, with seats; docs/commerce.md): a running organization
   * subscription moves to a higher feature set, a longer term or more seats (never fewer) for a new term from
   * today. The unused share of what the current term's seats cost is credited (`prorationCreditCents`, by
   * time left), as for a learner's upgrade; total = price + credit (001 §5, credit negative).
   */
  async function enterpriseUpgradeOrder(userId: number, target: OrderTarget): Promise<Order> {
    const { subscription, organizationName, running, now } = await adminTarget(userId, target);
    if (!running) throw refuse(ErrorStatus.OperationNotAllowed, CheckoutMessages.SubscriptionEnded);
    const planCode = target.plan ?? subscription.planCode;
    const offered = parsePlanKey(planCode);
    const held = parsePlanKey(subscription.planCode);
    if (!offered || !held || !SOLD_BUSINESS_TIERS.includes(offered.planType))
      throw refuse(ErrorStatus.OperationNotAllowed, CheckoutMessages.BusinessPlan, 'plan');
    const seats = target.seats === undefined ? subscription.seats : seatCountOf(target);
    if (!isEnterpriseUpgrade({ ...held, seats: subscription.seats }, { ...offered, seats }))
      throw refuse(ErrorStatus.OperationNotAllowed, CheckoutMessages.NotAnEnterpriseUpgrade, 'plan');
    const plan = await seatPlan(planCode);
    const currentPlan = await seatPlan(subscription.planCode);
    const priceCents = plan.priceCents * seats;
    const creditCents = subscription.expiresAt
      ? Math.min(
          priceCents,
          prorationCreditCents({
            paidCents: currentPlan.priceCents * subscription.seats,
            startsAt: subscription.startsAt,
            expiresAt: subscription.expiresAt,
            now,
          }),
        )
      : 0;
    const total = totalPrice({
      price: priceCents,
      credit: -creditCents,
      couponDiscount: 0,
      couponNeverExpires: false,
      upgradeDiscount: 0,
    });
    return {
      ...plainOrder(
        CheckoutType.EnterpriseUpgrade,
        `${planTitle(plan)} for teams, ${seats} ${seats === 1 ? 'seat' : 'seats'}, ${organizationName}`,
        priceCents,
      ),
      creditCents,
      totalCents: Math.max(0, total),
      extras: {
        organizationSubscriptionId: subscription.id,
        seatCount: seats,
        planKey: target.plan ?? null,
      },
    };
  }

  /**
   * Enterprise reactivation (team reactivation maps here): an organization subscription that ended (by date
   * or expired) starts a new whole term today on its plan, for its seats or the number named; a refunded
   * one (returned 7003) is not reactivated, a running one is 409.
   */
  async function enterpriseReactivationOrder(userId: number, target: OrderTarget): Promise<Order> {
    const { subscription, organizationName, running } = await adminTarget(userId, target);
    if (running) throw refuse(ErrorStatus.AlreadyExists, CheckoutMessages.EnterpriseStillActive);
    if (subscription.status === SubscriptionStatus.Returned)
      throw refuse(ErrorStatus.OperationNotAllowed, CheckoutMessages.EnterpriseNotReactivatable);
    const seats = target.seats === undefined ? Math.max(subscription.seats, 1) : seatCountOf(target);
    const plan = await seatPlan(subscription.planCode);
    return {
      ...plainOrder(
        CheckoutType.EnterpriseReactivation,
        `${planTitle(plan)} for teams, ${seats} ${seats === 1 ? 'seat' : 'seats'}, ${organizationName}, reactivation`,
        plan.priceCents * seats,
      ),
      extras: { organizationSubscriptionId: subscription.id, seatCount: seats },
    };
  }

  /**
   * An enterprise purchase: a new organization with the buyer as its admin. The signed-in buyer's
   * (enterprise buy, team buy) and the logged-out buyer's (the account is made with the payment) are priced
   * alike.
   */
  async function enterpriseOrder(type: CheckoutType, target: OrderTarget): Promise<Order> {
    const parsed = target.plan ? parsePlanKey(target.plan) : null;
    if (!parsed || !SOLD_BUSINESS_TIERS.includes(parsed.planType))
      throw refuse(ErrorStatus.OperationNotAllowed, CheckoutMessages.BusinessPlan, 'plan');
    if (target.coupon_code) throw CommerceErrors.couponNotForCheckout();
    const plan = await seatPlan(target.plan ?? '');
    const name = (target.company_name ?? '').trim();
    const paying = 'card' in target;
    if (paying || target.company_name !== undefined) {
      const invalid = companyName(name);
      if (invalid) throw refuse(ErrorStatus.OperationNotAllowed, invalid, 'company_name');
    }
    if (paying || target.seats !== undefined) seatCountOf(target);
    const seats = target.seats ?? MIN_SEATS_PER_PURCHASE;
    return {
      ...plainOrder(
        type,
        `${planTitle(plan)} for teams, ${seats} ${seats === 1 ? 'seat' : 'seats'}`,
        plan.priceCents * seats,
      ),
      extras: { planKey: target.plan ?? null, seatCount: seats, organizationName: name || null },
    };
  }

  const settlement: ExtendedSettlement = {
    async grantIn(tx, payment: PaymentRow, paymentMethodId: number, now: Date) {
      switch (payment.checkoutType) {
        case CheckoutType.Gift:
          await deps.gifts.grantIn(tx, payment, now);
          return { subscriptionId: null };
        case CheckoutType.Reactivation: {
          const subscription =
            payment.targetSubscriptionId !== null
              ? await repo.lockSubscription(tx, payment.targetSubscriptionId)
              : undefined;
          const plan = subscription ? await repo.findPlan(tx, subscription.planKey) : undefined;
          if (!subscription || !plan) throw CommerceErrors.unknownPlan();
          // Resumed before its end (nothing charged): the same term goes on. Otherwise a new term today.
          const resumes = payment.amountCents === 0 && subscription.expiresAt > now;
          const reactivated = await repo.updateSubscription(tx, subscription.id, {
            status: SubscriptionStatus.Active,
            paymentMethodId,
            paymentProcessor: payment.processor,
            dunningAttempts: 0,
            ...(resumes
              ? {}
              : {
                  kind: SubscriptionKind.Paid,
                  priceCents: payment.amountCents,
                  startsAt: now,
                  expiresAt: addMonths(now, plan.validityMonths),
                }),
            updatedAt: now,
          });
          if (!resumes) await deps.scheduleRenewal?.(tx, reactivated, now);
          return { subscriptionId: subscription.id };
        }
        case CheckoutType.Certificate:
          if (payment.collectionId !== null)
            await deps.certificates.restoreCertificateIn(tx, payment.userId, payment.collectionId, now);
          return { subscriptionId: null };
        case CheckoutType.EnterpriseSeats:
          if (payment.organizationSubscriptionId === null || payment.seatCount === null)
            throw CommerceErrors.paymentNotFound();
          await deps.organizations.lockSubscriptionIn(tx, payment.organizationSubscriptionId);
          await deps.organizations.changeSeatsIn(tx, payment.organizationSubscriptionId, payment.seatCount);
          return { subscriptionId: null };
        case CheckoutType.EnterpriseUpgrade:
        case CheckoutType.EnterpriseReactivation: {
          if (payment.organizationSubscriptionId === null || payment.seatCount === null)
            throw CommerceErrors.paymentNotFound();
          const locked = await deps.organizations.lockSubscriptionIn(tx, payment.organizationSubscriptionId);
          const planCode = payment.planKey ?? locked?.planCode ?? '';
          const parsed = parsePlanKey(planCode);
          if (!locked || !parsed) throw CommerceErrors.unknownPlan();
          // Paid for: a new term from today on the plan and seats bought, whatever happened meanwhile.
          await deps.organizations.restartSubscriptionIn(tx, payment.organizationSubscriptionId, {
            planCode,
            subscriptionType: parsed.planType,
            seats: payment.seatCount,
            status: SubscriptionStatus.Active,
            startsAt: now,
            expiresAt: addMonths(now, parsed.validityMonths),
          });
          return { subscriptionId: null };
        }
        case CheckoutType.EnterpriseBuy:
        case CheckoutType.LoggedOutEnterprisePurchase: {
          const parsed = parsePlanKey(payment.planKey ?? '');
          const email = await repo.findUserEmail(tx, payment.userId);
          if (!parsed || !payment.planKey || !email || !payment.organizationName || !payment.seatCount)
            throw CommerceErrors.unknownPlan();
          const created = await deps.organizations.createOrganizationIn(tx, {
            name: payment.organizationName,
            planCode: payment.planKey,
            subscriptionType: parsed.planType,
            seats: payment.seatCount,
            adminEmail: email,
            adminUserId: payment.userId,
            startsAt: now,
            expiresAt: addMonths(now, parsed.validityMonths),
          });
          // The logged-out buyer's account opens through its set-password mail, sent once this commits.
          if (payment.checkoutType === CheckoutType.LoggedOutEnterprisePurchase)
            await deps.queueAccountSetupIn?.(tx, email, payment.organizationName);
          return {
            subscriptionId: null,
            patch: { organizationSubscriptionId: created.subscriptionId },
          };
        }
        default:
          throw CommerceErrors.notOnSale();
      }
    },

    /** Takes back what a refund in full or a chargeback ends; once per payment, however often reported. */
    async revokeIn(tx, payment: PaymentRow, now: Date, cause) {
      if (payment.grantRevokedAt !== null || payment.status !== 'succeeded') return;
      switch (payment.checkoutType) {
        case CheckoutType.Gift:
          await deps.gifts.revokeIn(tx, payment, now);
          break;
        case CheckoutType.Certificate:
          if (payment.collectionId !== null)
            await deps.certificates.revokeCertificateIn(
              tx,
              payment.userId,
              payment.collectionId,
              cause === 'refund' ? CertificateState.RevokedReturn : CertificateState.RevokedChargeback,
              now,
            );
          break;
        case CheckoutType.EnterpriseSeats:
          if (payment.organizationSubscriptionId !== null && payment.seatCount !== null)
            await deps.organizations.changeSeatsIn(
              tx,
              payment.organizationSubscriptionId,
              -payment.seatCount,
            );
          break;
        case CheckoutType.EnterpriseBuy:
        case CheckoutType.LoggedOutEnterprisePurchase:
        case CheckoutType.EnterpriseUpgrade:
        case CheckoutType.EnterpriseReactivation:
          if (payment.organizationSubscriptionId !== null)
            await deps.organizations.endSubscriptionIn(
              tx,
              payment.organizationSubscriptionId,
              SubscriptionStatus.Returned,
              now,
            );
          break;
        default:
          // Reactivation: settlement returns (refund) or suspends (dispute) the subscription it names.
          return;
      }
      await repo.updatePayment(tx, payment.id, { grantRevokedAt: now, updatedAt: now });
    },
  };

  return {
    settlement,
    async resolve(caller: number | null, type: CheckoutType, target: OrderTarget): Promise<Order> {
      // Only the logged-out enterprise purchase is priced without a buyer's account.
      if (caller === null && type !== CheckoutType.LoggedOutEnterprisePurchase)
        throw refuse(ErrorStatus.OperationNotAllowed, CommerceMessages.NotOnSale);
      const userId = caller ?? 0;
      switch (type) {
        case CheckoutType.Gift:
          return deps.gifts.order(userId, target);
        case CheckoutType.Reactivation:
          return reactivationOrder(userId, target);
        case CheckoutType.Certificate:
          return certificateOrder(userId, target);
        case CheckoutType.EnterpriseSeats:
          return seatsOrder(userId, target);
        case CheckoutType.EnterpriseBuy:
        case CheckoutType.LoggedOutEnterprisePurchase:
          return enterpriseOrder(type, target);
        case CheckoutType.EnterpriseUpgrade:
          return enterpriseUpgradeOrder(userId, target);
        case CheckoutType.EnterpriseReactivation:
          return enterpriseReactivationOrder(userId, target);
        default:
          throw refuse(ErrorStatus.OperationNotAllowed, CommerceMessages.NotOnSale);
      }
    },
  };
}

export type ExtendedCheckoutsService = ReturnType<typeof createExtendedCheckoutsService>;
