import { randomBytes } from 'node:crypto';
import type {
  CheckoutQuery,
  CheckoutQuote,
  CourseOffer,
  Payment,
  PayRequest,
  PlansResponse,
  SubscriptionsStatus,
} from '@coderoom/contracts';
import {
  CallToAction,
  CheckoutType,
  CommerceMessages,
  checkoutTypeFor,
  EXTENDED_CHECKOUT_TYPES,
  FeatureSet,
  FeatureSetName,
  firstStageFor,
  formatPlanKey,
  isUpgrade,
  mailboxOf,
  normaliseCouponCode,
  planCheckoutType,
  prorationCreditCents,
  SELLABLE_CHECKOUT_TYPES,
  Term,
  TRIAL_CHECKOUT_TYPES,
  TRIAL_KINDS,
  TrialDays,
  TrialMessages,
  TrialOutcome,
  totalPrice,
  UserPlanType,
  validateEmail,
  workEmail,
} from '@coderoom/domain';
import type { PaymentRow, SubscriptionPlanRow, SubscriptionRow } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { Db, DbExecutor } from '../../platform/db/database.js';
import type { RateLimiter } from '../../platform/http/rateLimit.js';
import type { ContentService } from '../content/content.service.js';
import { CommerceErrors } from './commerce.errors.js';
import {
  planTitle,
  presentLedgerEntry,
  presentPayment,
  presentPlan,
  presentSubscription,
  usd,
} from './commerce.presenter.js';
import * as repo from './commerce.repository.js';
import type { AppliedCoupon, CouponsService } from './coupons.service.js';
import type { EntitlementsService } from './entitlements.service.js';
import {
  type CardDetails,
  cardBrandOf,
  cardFingerprintOf,
  digitsOf,
  isLuhnValid,
  type PaymentProcessorAdapter,
} from './payments.processor.js';
import type { SettlementService } from './settlement.service.js';

// Checkout: quotes, paying through the configured processor, the 3-D Secure step and the receipt. The
// processor is asked outside any transaction; what it answers is recorded, and a success is granted in
// one transaction with its ledger row (docs/commerce.md).

/** Logged-out purchase attempts one client address may make in an hour (card testing needs many). */
const LOGGED_OUT_PURCHASES_PER_IP = { limit: 20, windowSeconds: 60 * 60 } as const;

export interface CheckoutDeps {
  db: Db;
  clock: Clock;
  processor: PaymentProcessorAdapter;
  entitlements: EntitlementsService;
  content: Pick<ContentService, 'viewById'>;
  /** Keys card fingerprints; a secret of the deployment. */
  fingerprintSecret: string;
  /** Grants a succeeded payment with its ledger row (shared with the webhooks and refunds). */
  settlement: SettlementService;
  /** Coupon rules and redemptions (coupons.service). */
  coupons: CouponsService;
  /**
   * Gifts, reactivation, certificate purchases, seats and enterprise purchases (extendedCheckouts.service):
   * their orders; absent, those checkouts are not on sale.
   */
  extended?: { resolve: (userId: number | null, type: CheckoutType, target: OrderTarget) => Promise<Order> };
  /**
   * The accounts a logged-out enterprise purchase makes (accounts.service); absent, that checkout needs a
   * signed-in buyer like every other.
   */
  buyerAccounts?: {
    createPurchaseAccountIn(
      tx: DbExecutor,
      input: { email: string; fullName: string },
    ): Promise<{ userId: number; passwordHash: string } | undefined>;
  };
  rateLimiter?: RateLimiter;
  /** Tests inject a crash between the processor's charge and the grant. */
  afterCharge?: (paymentId: string) => Promise<void>;
  /**
   * The payer's referral credit this order takes off (growth's referrals, docs/growth.md); it is marked
   * used with the payment's ledger row (settlement). Absent, no order takes any.
   */
  referralCredit?: (userId: number, totalCents: number) => Promise<number>;
}

export interface OrderTarget {
  plan?: string | undefined;
  author_id?: number | undefined;
  collection_id?: number | undefined;
  action_id?: string | undefined;
  coupon_code?: string | undefined;
  gift_email?: string | undefined;
  subscription_id?: number | undefined;
  seats?: number | undefined;
  company_name?: string | undefined;
}

/** What a payment records beyond a plan or a course (migration 0108). */
export type OrderExtras = Partial<
  Pick<
    repo.NewPayment,
    | 'giftEmail'
    | 'targetSubscriptionId'
    | 'organizationSubscriptionId'
    | 'seatCount'
    | 'organizationName'
    // A business plan code (300-12-6003): not a catalogue row, so not the order's `plan`.
    | 'planKey'
  >
>;

export interface Order {
  type: CheckoutType;
  itemTitle: string;
  plan: SubscriptionPlanRow | null;
  collectionId: number | null;
  authorId: number | null;
  priceCents: number;
  creditCents: number;
  coupon: AppliedCoupon | null;
  totalCents: number;
  /** Referral credit taken off the total (part of credit_amount_usd). */
  referralCreditCents: number;
  replaces: SubscriptionRow | null;
  extras?: OrderExtras;
}

/** The coupon an order names: coupon_code, or a coupon purchase's action_id (spec 001 §2). */
function couponCodeOf(type: CheckoutType, target: OrderTarget): string | null {
  if (type === CheckoutType.CouponPurchase) {
    if (!target.action_id) throw CommerceErrors.couponRequired();
    if (
      target.coupon_code &&
      normaliseCouponCode(target.coupon_code) !== normaliseCouponCode(target.action_id)
    )
      throw CommerceErrors.couponRequired();
    return target.action_id;
  }
  return target.coupon_code ?? null;
}

function presentAppliedCoupon(coupon: AppliedCoupon | null) {
  return coupon
    ? {
        coupon_code: coupon.code,
        description: coupon.description,
        discount_never_expires: coupon.neverExpires,
        coupon_discount_usd: -usd(coupon.discountCents),
      }
    : null;
}

/** The subscription a request named (reactivation, seats); an enterprise purchase names none. */
function targetOf(payment: PaymentRow): number | null {
  if (
    payment.checkoutType === CheckoutType.EnterpriseSeats ||
    payment.checkoutType === CheckoutType.EnterpriseUpgrade ||
    payment.checkoutType === CheckoutType.EnterpriseReactivation
  )
    return payment.organizationSubscriptionId;
  return payment.targetSubscriptionId;
}

/** A signed-in buyer of the logged-out enterprise purchase buys the enterprise plan as themselves. */
function signedInType(type: CheckoutType): CheckoutType {
  return type === CheckoutType.LoggedOutEnterprisePurchase ? CheckoutType.EnterpriseBuy : type;
}

function parseCheckoutType(value: string): CheckoutType {
  try {
    return checkoutTypeFor(value);
  } catch {
    throw CommerceErrors.unexpectedCheckoutType();
  }
}

/** Field errors of a card, checked before any processor sees it; the expiry against the clock. */
export function cardErrors(card: CardDetails, now: Date): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!isLuhnValid(digitsOf(card.number))) errors.number = CommerceMessages.InvalidCardNumber;
  const validExpiry =
    card.exp_month >= 1 && card.exp_month <= 12 && card.exp_year >= 2000 && card.exp_year <= 2100;
  if (!validExpiry) errors.expiry = CommerceMessages.InvalidExpiry;
  else if (card.exp_year * 12 + card.exp_month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) {
    errors.expiry = CommerceMessages.CardExpired;
  }
  if (!/^\d{3,4}$/.test(card.cvc)) errors.cvc = CommerceMessages.InvalidCvc;
  return errors;
}

export function createCheckoutService(deps: CheckoutDeps) {
  const { db, clock, processor, entitlements, content } = deps;
  const isOnSale = (type: CheckoutType) =>
    SELLABLE_CHECKOUT_TYPES.includes(type) ||
    (Boolean(deps.extended) && EXTENDED_CHECKOUT_TYPES.includes(type));

  async function findSellablePlan(planKey: string): Promise<SubscriptionPlanRow> {
    const plan = await repo.findPlan(db, planKey);
    if (!plan?.isActive || plan.planType !== UserPlanType) throw CommerceErrors.unknownPlan();
    return plan;
  }

  async function courseOrder(userId: number, target: OrderTarget): Promise<Order> {
    if (target.author_id === undefined || target.collection_id === undefined)
      throw CommerceErrors.notPriced();
    const view = await content.viewById(userId, target.author_id, target.collection_id, false);
    const price = await repo.findCoursePrice(db, view.collection.id);
    if (view.card.is_free || !price?.priceCents) throw CommerceErrors.notPriced();
    // A live purchase, even one suspended by a dispute, is not bought twice.
    if (
      (await repo.findLivePurchase(db, userId, view.collection.id)) ||
      (await entitlements.hasAccess(userId, { id: view.collection.id, isFree: false }))
    ) {
      throw CommerceErrors.alreadyOwned();
    }
    const code = couponCodeOf(CheckoutType.Course, target);
    const coupon = code
      ? await deps.coupons.apply(userId, code, {
          type: CheckoutType.Course,
          planKey: null,
          isCourse: true,
          priceCents: price.priceCents,
        })
      : null;
    return {
      type: CheckoutType.Course,
      itemTitle: view.card.title,
      plan: null,
      collectionId: view.collection.id,
      authorId: view.collection.authorId,
      priceCents: price.priceCents,
      creditCents: 0,
      coupon,
      totalCents: Math.max(
        0,
        totalPrice({
          price: price.priceCents,
          credit: 0,
          couponDiscount: -(coupon?.discountCents ?? 0),
          couponNeverExpires: false,
          upgradeDiscount: 0,
        }),
      ),
      referralCreditCents: 0,
      replaces: null,
    };
  }

  async function planOrder(userId: number, type: CheckoutType, target: OrderTarget): Promise<Order> {
    const planKey = target.plan ?? '';
    const plan = await findSellablePlan(planKey);
    const current = (await entitlements.currentSubscriptions(userId))[0] ?? null;
    let creditCents = 0;
    if (TRIAL_CHECKOUT_TYPES.includes(type)) {
      if (current) throw CommerceErrors.alreadySubscribed();
      const availed = (await repo.findSubscriptionsOf(db, userId)).some((row) =>
        TRIAL_KINDS.includes(row.kind),
      );
      if (availed) throw CommerceErrors.trialAvailed();
      if (target.coupon_code) throw CommerceErrors.couponNotForCheckout();
      // Nothing is charged today; the plan's price is charged when the trial ends (renewals.service).
      return {
        type,
        itemTitle: `${planTitle(plan)}, ${TrialDays.B2c}-day free trial`,
        plan,
        collectionId: null,
        authorId: null,
        priceCents: plan.priceCents,
        creditCents: 0,
        coupon: null,
        totalCents: 0,
        referralCreditCents: 0,
        replaces: null,
      };
    }
    if (type === CheckoutType.Upgrade) {
      const now = clock.now();
      const offered = {
        featureSet: plan.featureSet,
        validityMonths: plan.validityMonths,
        planType: plan.planType,
      };
      const held = current && {
        featureSet: current.featureSet,
        validityMonths: current.validityMonths,
        expired: current.expiresAt <= now,
      };
      if (!current || !isUpgrade(held, offered)) throw CommerceErrors.notAnUpgrade();
      creditCents = prorationCreditCents({
        paidCents: current.priceCents,
        startsAt: current.startsAt,
        expiresAt: current.expiresAt,
        now,
      });
    } else if (current) {
      throw CommerceErrors.alreadySubscribed();
    }
    const code = couponCodeOf(type, target);
    const coupon = code
      ? await deps.coupons.apply(userId, code, {
          type,
          planKey: plan.planKey,
          isCourse: false,
          priceCents: plan.priceCents,
        })
      : null;
    // A lasting coupon (never expires) lowers the plan's price itself, this term and every renewal, so
    // spec 001 §5 leaves it out of the total; any other coupon is taken off today's total once.
    const priceCents = coupon?.neverExpires ? plan.priceCents - coupon.discountCents : plan.priceCents;
    // Spec 001 §5: the credit and the coupon count against the price (negative in the sum).
    const total = totalPrice({
      price: priceCents,
      credit: -creditCents,
      couponDiscount: -(coupon?.discountCents ?? 0),
      couponNeverExpires: coupon?.neverExpires ?? false,
      upgradeDiscount: 0,
    });
    return {
      type,
      itemTitle: planTitle(plan),
      plan,
      collectionId: null,
      authorId: null,
      priceCents,
      creditCents: Math.min(creditCents, priceCents),
      coupon,
      totalCents: Math.max(0, total),
      referralCreditCents: 0,
      replaces: type === CheckoutType.Upgrade ? current : null,
    };
  }

  async function resolveOrder(
    userId: number | null,
    type: CheckoutType,
    target: OrderTarget,
  ): Promise<Order> {
    if (deps.extended && EXTENDED_CHECKOUT_TYPES.includes(type)) {
      const order = await deps.extended.resolve(userId, type, target);
      // A logged-out buyer has no account yet, so no referral credit either.
      return userId === null ? order : withReferralCredit(userId, order);
    }
    if (userId === null) throw CommerceErrors.signInRequired();
    if (!SELLABLE_CHECKOUT_TYPES.includes(type)) throw CommerceErrors.notOnSale();
    if (type === CheckoutType.Course) return withReferralCredit(userId, await courseOrder(userId, target));
    if (!target.plan) throw CommerceErrors.unknownPlan();
    return withReferralCredit(userId, await planOrder(userId, type, target));
  }

  /** A trial charges nothing today, so it takes no referral credit; any other paid order may. */
  async function withReferralCredit(userId: number, order: Order): Promise<Order> {
    if (!deps.referralCredit || order.totalCents <= 0 || TRIAL_CHECKOUT_TYPES.includes(order.type))
      return order;
    const referralCreditCents = await deps.referralCredit(userId, order.totalCents);
    return { ...order, referralCreditCents, totalCents: order.totalCents - referralCreditCents };
  }

  /** Spec 001 §4 trials: one per mailbox (no +tag trick) and one per card. */
  async function assertTrialAllowed(userId: number, fingerprint: string): Promise<void> {
    const email = (await repo.findUserEmail(db, userId)) ?? '';
    const mailbox = mailboxOf(email);
    if (
      mailbox !== email.toLowerCase() &&
      (await repo.countOtherAccountsOfMailbox(db, mailbox, userId)) > 0
    ) {
      throw CommerceErrors.trialRefused(TrialOutcome.EmailPlusOneTrick, TrialMessages.EmailPlusOneTrick);
    }
    if (await repo.cardHadTrial(db, fingerprint, TRIAL_CHECKOUT_TYPES)) {
      throw CommerceErrors.trialRefused(TrialOutcome.CardReused, TrialMessages.CardReused);
    }
  }

  /** Records a processor failure: nothing charged, nothing granted; the learner sees the processor's message. */
  async function fail(
    payment: PaymentRow,
    code: string,
    message: string,
    retryable: boolean,
  ): Promise<never> {
    await db.transaction((tx) => deps.settlement.failIn(tx, payment.id, code, message));
    throw retryable
      ? CommerceErrors.processorUnavailable(message, code)
      : CommerceErrors.declined(message, code);
  }

  async function answer(payment: PaymentRow): Promise<Payment> {
    if (payment.status === 'failed') {
      const message = payment.failureMessage ?? CommerceMessages.CouldNotProcess;
      const code = payment.failureCode ?? '';
      throw code === String(3000)
        ? CommerceErrors.processorUnavailable(message, code)
        : CommerceErrors.declined(message, code);
    }
    return presentPayment(payment);
  }

  function paymentValues(
    userId: number,
    type: CheckoutType,
    order: Order,
    input: PayRequest,
  ): repo.NewPayment {
    const digits = digitsOf(input.card.number);
    const now = clock.now();
    return {
      id: `pay_${randomBytes(12).toString('hex')}`,
      userId,
      idempotencyKey: input.idempotency_key,
      checkoutType: type,
      itemTitle: order.itemTitle,
      planKey: order.plan?.planKey ?? null,
      collectionId: order.collectionId,
      amountCents: order.totalCents,
      creditCents: order.creditCents,
      referralCreditCents: order.referralCreditCents,
      status: 'processing',
      processor: processor.name,
      cardBrand: cardBrandOf(digits),
      cardLast4: digits.slice(-4),
      cardFingerprint: cardFingerprintOf(digits, deps.fingerprintSecret),
      cardExpMonth: input.card.exp_month,
      cardExpYear: input.card.exp_year,
      couponCode: order.coupon?.code ?? null,
      couponDiscountCents: order.coupon?.discountCents ?? 0,
      couponNeverExpires: order.coupon?.neverExpires ?? false,
      ...order.extras,
      createdAt: now,
      updatedAt: now,
    };
  }

  /** Asks the processor (outside any transaction) and records its answer; a success is granted with its ledger row. */
  async function chargeAndGrant(inserted: PaymentRow, order: Order, input: PayRequest): Promise<Payment> {
    const result = await processor.charge({
      paymentId: inserted.id,
      amountCents: order.totalCents,
      idempotencyKey: input.idempotency_key,
      card: input.card,
      // A plan renews: a processor with rules of its own for recurring payments (PayPal) checks it.
      ...(order.plan
        ? {
            recurring: {
              planType: order.plan.planType === UserPlanType ? 'user' : 'enterprise_team',
              validityMonths: order.plan.validityMonths,
              priceCents: order.plan.priceCents,
            },
          }
        : {}),
    });
    if (result.status === 'failed') return fail(inserted, result.code, result.message, result.retryable);
    if (result.status === 'requires_action') {
      const waiting = await repo.updatePayment(db, inserted.id, {
        status: 'requires_action',
        processorRef: result.ref,
        updatedAt: clock.now(),
      });
      return answer(waiting);
    }
    await deps.afterCharge?.(inserted.id);
    return answer(await deps.settlement.grant(inserted.id, result.ref, result.methodRef));
  }

  const service = {
    async plans(): Promise<PlansResponse> {
      return {
        plans: (await repo.findActivePlans(db))
          .filter((plan) => plan.planType === UserPlanType)
          .map(presentPlan),
      };
    },

    /** What opens a course for the caller, with the calls to action of spec 001 §4 "Purchases". */
    async offer(userId: number | null, authorId: number, collectionId: number): Promise<CourseOffer> {
      const view = await content.viewById(userId, authorId, collectionId, false);
      const price = await repo.findCoursePrice(db, view.collection.id);
      const minFeatureSet = price?.minFeatureSet ?? FeatureSet.Basic;
      const isFree = view.card.is_free;
      const hasAccess =
        isFree ||
        (userId !== null && (await entitlements.hasAccess(userId, { id: view.collection.id, isFree })));
      const current = userId === null ? null : ((await entitlements.currentSubscriptions(userId))[0] ?? null);
      // A 24-month subscriber is offered the 24-month premium-plus plan; others the annual plan of the tier.
      const offeredKey =
        current?.validityMonths === Term.Biennial
          ? formatPlanKey({
              featureSet: FeatureSet.PremiumPlus,
              validityMonths: Term.Biennial,
              planType: UserPlanType,
            })
          : formatPlanKey({
              featureSet: minFeatureSet,
              validityMonths: current?.validityMonths ?? Term.Annual,
              planType: UserPlanType,
            });
      const offeredPlan = await repo.findPlan(db, offeredKey);
      const actions: CourseOffer['actions'] = [];
      if (!isFree && !hasAccess && offeredPlan) {
        const type = planCheckoutType(current !== null, false);
        actions.push({
          label: type === CheckoutType.Upgrade ? CallToAction.Upgrade : CallToAction.Buy,
          checkout_url: `/checkout/${type}?plan=${offeredKey}`,
        });
      }
      const availedTrial =
        userId !== null &&
        (await repo.findSubscriptionsOf(db, userId)).some((row) => TRIAL_KINDS.includes(row.kind));
      if (!isFree && !hasAccess && offeredPlan && current === null && userId !== null && !availedTrial) {
        actions.push({
          label: CallToAction.StartTrial,
          checkout_url: `/checkout/${CheckoutType.TrialAvail}?plan=${offeredKey}`,
        });
      }
      if (!isFree && !hasAccess && price?.priceCents) {
        actions.push({
          label: CallToAction.Buy,
          checkout_url: `/checkout/${CheckoutType.Course}?author_id=${authorId}&collection_id=${collectionId}`,
        });
      }
      return {
        course_title: view.card.title,
        is_free: isFree,
        is_priced: Boolean(price?.priceCents),
        has_access: hasAccess,
        course_price_usd: price?.priceCents ? usd(price.priceCents) : null,
        min_feature_set: minFeatureSet,
        min_feature_set_name: FeatureSetName[minFeatureSet] ?? String(minFeatureSet),
        offered_plan: offeredPlan ? presentPlan(offeredPlan) : null,
        actions,
      };
    },

    async quote(userId: number | null, rawType: string, query: CheckoutQuery): Promise<CheckoutQuote> {
      const parsed = parseCheckoutType(rawType);
      const type = userId === null ? parsed : signedInType(parsed);
      const onSale = isOnSale(type);
      const hasTarget =
        Boolean(query.plan) || query.collection_id !== undefined || query.subscription_id !== undefined;
      const stage = firstStageFor(type, hasTarget);
      if (!onSale || !hasTarget) {
        const plan = query.plan ? await repo.findPlan(db, query.plan) : undefined;
        return {
          checkout_type: type,
          stage,
          is_on_sale: onSale,
          item_title: plan ? planTitle(plan) : '',
          plan: plan ? presentPlan(plan) : null,
          collection_id: null,
          author_id: null,
          price_usd: 0,
          credit_amount_usd: 0,
          coupon: null,
          total_price_usd: 0,
        };
      }
      const order = await resolveOrder(userId, type, query);
      return {
        checkout_type: type,
        stage,
        is_on_sale: true,
        item_title: order.itemTitle,
        plan: order.plan ? presentPlan(order.plan) : null,
        collection_id: order.collectionId,
        author_id: order.authorId,
        price_usd: usd(order.priceCents),
        credit_amount_usd: -usd(order.creditCents + order.referralCreditCents),
        coupon: presentAppliedCoupon(order.coupon),
        total_price_usd: usd(order.totalCents),
        seats: order.extras?.seatCount ?? null,
        subscription_id:
          order.extras?.targetSubscriptionId ?? order.extras?.organizationSubscriptionId ?? null,
      };
    },

    async pay(userId: number, rawType: string, input: PayRequest): Promise<Payment> {
      const type = signedInType(parseCheckoutType(rawType));
      const previous = await repo.findPaymentByKey(db, userId, input.idempotency_key);
      if (previous) {
        const code =
          input.coupon_code ?? (type === CheckoutType.CouponPurchase ? input.action_id : undefined);
        const same =
          previous.checkoutType === type &&
          targetOf(previous) === (input.subscription_id ?? null) &&
          previous.planKey === (input.plan ?? null) &&
          previous.collectionId === (input.collection_id ?? null) &&
          previous.couponCode === (code ? normaliseCouponCode(code) : null);
        if (!same) throw CommerceErrors.idempotencyConflict();
        return answer(previous);
      }
      const errors = cardErrors(input.card, clock.now());
      if (Object.keys(errors).length > 0) throw CommerceErrors.invalidCard(errors);
      const order = await resolveOrder(userId, type, input);
      const values = paymentValues(userId, type, order, input);
      if (TRIAL_CHECKOUT_TYPES.includes(type)) await assertTrialAllowed(userId, values.cardFingerprint ?? '');
      const { coupon } = order;
      // With a coupon, the payment and its reserved redemption are written together (limits re-checked
      // with the coupon row locked); a payment that loses a race for its key reserves nothing.
      const inserted = coupon
        ? await db.transaction(async (tx) => {
            const row = await repo.insertPayment(tx, values);
            if (row) await deps.coupons.reserveIn(tx, userId, row.id, coupon);
            return row;
          })
        : await repo.insertPayment(db, values);
      // Two requests with one key at once: the second answers whatever the first recorded.
      if (!inserted) {
        const winner = await repo.findPaymentByKey(db, userId, input.idempotency_key);
        if (!winner) throw CommerceErrors.paymentNotFound();
        return answer(winner);
      }
      return chargeAndGrant(inserted, order, input);
    },

    /**
     * The logged-out enterprise purchase (spec 001 §2): the buyer names a work e-mail instead of signing in.
     * An address whose account is verified (anyone has set its password) is refused (001 §5: log in, or use
     * another work e-mail). Otherwise the buyer's account is made, or an earlier logged-out purchase's
     * unclaimed one is used, in the same transaction as the payment row; the organization and its seats
     * are created with the ledger charge when the payment is granted, and the account's set-password link
     * is mailed then. The buyer gets no session: the link proves the mailbox.
     */
    async payLoggedOut(rawType: string, input: PayRequest, ip: string): Promise<Payment> {
      const type = parseCheckoutType(rawType);
      if (type !== CheckoutType.LoggedOutEnterprisePurchase || !deps.buyerAccounts)
        throw CommerceErrors.signInRequired();
      // Anyone may try cards here without an account: a budget per client address.
      await deps.rateLimiter?.consume(`logged-out-purchase:ip:${ip}`, LOGGED_OUT_PURCHASES_PER_IP);
      const email = (input.email ?? '').trim();
      const emailError = validateEmail(email) ?? workEmail(email);
      const errors: Record<string, string> = emailError ? { email: emailError } : {};
      Object.assign(errors, cardErrors(input.card, clock.now()));
      if (Object.keys(errors).length > 0) throw CommerceErrors.invalidCard(errors);
      const existing = await repo.findBuyerAccount(db, email);
      if (existing?.claimed) throw CommerceErrors.emailAlreadyVerified();
      if (existing) {
        const previous = await repo.findPaymentByKey(db, existing.userId, input.idempotency_key);
        if (previous) {
          if (previous.checkoutType !== type || previous.planKey !== (input.plan ?? null))
            throw CommerceErrors.idempotencyConflict();
          return { ...(await answer(previous)), is_new_user: true };
        }
      }
      // The order does not depend on who buys (a new organization), so it is priced before any row exists.
      const order = await resolveOrder(existing?.userId ?? null, type, input);
      const buyers = deps.buyerAccounts;
      const fullName = (input.full_name ?? '').trim() || (email.split('@')[0] ?? email);
      const inserted = await db.transaction(async (tx) => {
        let userId = existing?.userId;
        if (userId === undefined) {
          const made = await buyers.createPurchaseAccountIn(tx, { email, fullName });
          // Another request made an account for the address first: the buyer starts again from its answer.
          if (!made) throw CommerceErrors.emailAlreadyVerified();
          await repo.insertPurchaseAccount(tx, {
            userId: made.userId,
            initialPasswordHash: made.passwordHash,
            createdAt: clock.now(),
          });
          userId = made.userId;
        }
        return repo.insertPayment(tx, paymentValues(userId, type, order, input));
      });
      if (!inserted) throw CommerceErrors.idempotencyConflict();
      return { ...(await chargeAndGrant(inserted, order, input)), is_new_user: true };
    },

    /** The 3-D Secure step of a logged-out purchase: its payment id, given only to the payer, names it. */
    async confirmLoggedOut(paymentId: string, approved: boolean, proof?: Record<string, string>) {
      const payment = await repo.findPayment(db, paymentId);
      if (!payment || payment.checkoutType !== CheckoutType.LoggedOutEnterprisePurchase)
        throw CommerceErrors.signInRequired();
      return service.confirm(payment.userId, paymentId, approved, proof);
    },

    /** The quote a logged-out visitor may ask for: the logged-out enterprise purchase only. */
    async quoteLoggedOut(rawType: string, query: CheckoutQuery): Promise<CheckoutQuote> {
      const type = parseCheckoutType(rawType);
      if (type !== CheckoutType.LoggedOutEnterprisePurchase || !deps.buyerAccounts)
        throw CommerceErrors.signInRequired();
      return service.quote(null, rawType, query);
    },

    /** The 3-D Secure step: the cardholder approves (charged and granted) or cancels (nothing charged). */
    async confirm(
      userId: number,
      paymentId: string,
      approved: boolean,
      proof?: Record<string, string>,
    ): Promise<Payment> {
      const payment = await repo.findOwnPayment(db, userId, paymentId);
      if (!payment) throw CommerceErrors.paymentNotFound();
      if (payment.status === 'succeeded') return answer(payment);
      if (payment.status !== 'requires_action' || !payment.processorRef)
        throw CommerceErrors.paymentNotPending();
      const result = await processor.confirmAction(payment.processorRef, approved, proof);
      if (result.status === 'failed') return fail(payment, result.code, result.message, result.retryable);
      if (result.status === 'requires_action') return answer(payment);
      return answer(await deps.settlement.grant(payment.id, result.ref, result.methodRef));
    },

    async payment(userId: number, paymentId: string): Promise<Payment> {
      const payment = await repo.findOwnPayment(db, userId, paymentId);
      if (!payment) throw CommerceErrors.paymentNotFound();
      return presentPayment(payment);
    },

    async subscriptionsStatus(userId: number): Promise<SubscriptionsStatus> {
      const subscriptions = await repo.findSubscriptionsOf(db, userId);
      return {
        is_user_subscribed: (await entitlements.currentSubscriptions(userId)).length > 0,
        subscriptions: subscriptions.map(presentSubscription),
        ledger: (await repo.findLedgerOf(db, userId)).map(presentLedgerEntry),
      };
    },
  };
  return service;
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
