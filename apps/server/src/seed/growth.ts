import { randomBytes } from 'node:crypto';
import { AFFILIATE_COMMISSION_PERCENT, CheckoutType } from '@coderoom/domain';
import { createCoreServices } from '../coreServices.js';
import { findUserByEmail, insertUser } from '../modules/accounts/accounts.repository.js';
import { createCheckoutService } from '../modules/commerce/checkout.service.js';
import { createCouponsService } from '../modules/commerce/coupons.service.js';
import { createSandboxProcessor } from '../modules/commerce/payments.processor.js';
import { createSettlementService } from '../modules/commerce/settlement.service.js';
import * as growthRepo from '../modules/growth/growth.repository.js';
import { hashPassword } from '../platform/auth/password.js';
import type { Clock } from '../platform/clock.js';
import type { Database } from '../platform/db/database.js';

// Demo customers for the admin revenue page and the affiliate's sales (docs/growth.md "Demo data"). Each
// buys through the real checkout with the sandbox processor, on a clock set back to the day of the
// purchase, so payments, subscriptions and the ledger are what a real checkout writes. No renewal is
// scheduled for them (the seed runs no worker): a plan whose term has ended simply lapsed.

const DAY_MS = 86_400_000;

export const DEMO_AFFILIATE_EMAIL = 'author@coderoom.dev';

interface DemoCustomer {
  email: string;
  fullName: string;
  type: string;
  plan: string;
  card: string;
  daysAgo: number;
  /** Came through the demo affiliate's link the day before buying. */
  viaAffiliate?: boolean;
}

export const DEMO_CUSTOMERS: readonly DemoCustomer[] = [
  {
    email: 'ana.annual@example.com',
    fullName: 'Ana Annual',
    type: CheckoutType.SubscriptionBuy,
    plan: '300-12-6000',
    card: '4242424242424242',
    daysAgo: 60,
  },
  // A monthly plan bought 45 days ago and never renewed: a customer lost in the last 30 days.
  {
    email: 'ben.basic@example.com',
    fullName: 'Ben Basic',
    type: CheckoutType.SubscriptionBuy,
    plan: '100-1-6000',
    card: '5555555555554444',
    daysAgo: 45,
  },
  {
    email: 'sam.standard@example.com',
    fullName: 'Sam Standard',
    type: CheckoutType.SubscriptionBuy,
    plan: '200-12-6000',
    card: '378282246310005',
    daysAgo: 10,
    viaAffiliate: true,
  },
  {
    email: 'paz.plus@example.com',
    fullName: 'Paz Plus',
    type: CheckoutType.SubscriptionBuy,
    plan: '400-1-6000',
    card: '6011111111111117',
    daysAgo: 5,
  },
  {
    email: 'tia.trial@example.com',
    fullName: 'Tia Trial',
    type: CheckoutType.TrialAvail,
    plan: '200-1-6000',
    card: '4000056655665556',
    daysAgo: 3,
  },
  // A trial that ended without a charge.
  {
    email: 'tom.trial@example.com',
    fullName: 'Tom Trial',
    type: CheckoutType.TrialAvail,
    plan: '300-1-6000',
    card: '5200828282828210',
    daysAgo: 20,
  },
];

const shiftedClock = (daysAgo: number): Clock => ({ now: () => new Date(Date.now() - daysAgo * DAY_MS) });

/** Returns true when it made the customers (false when they exist already: running it again changes nothing). */
export async function seedRevenueDemo(database: Database, password: string): Promise<boolean> {
  const { db } = database;
  if (await findUserByEmail(db, DEMO_CUSTOMERS[0]!.email)) return false;
  const affiliate = await findUserByEmail(db, DEMO_AFFILIATE_EMAIL);
  if (affiliate) {
    await growthRepo.insertAffiliate(db, {
      userId: affiliate.id,
      commissionPercent: AFFILIATE_COMMISSION_PERCENT,
      createdAt: new Date(Date.now() - 90 * DAY_MS),
    });
  }
  for (const customer of DEMO_CUSTOMERS) {
    const user = await insertUser(db, {
      email: customer.email,
      fullName: customer.fullName,
      passwordHash: await hashPassword(password),
    });
    if (!user) continue;
    const clock = shiftedClock(customer.daysAgo);
    if (customer.viaAffiliate && affiliate) {
      const at = new Date(clock.now().getTime() - DAY_MS);
      const click = await growthRepo.insertAffiliateClick(db, {
        token: randomBytes(16).toString('base64url'),
        affiliateId: affiliate.id,
        context: 'default',
        referralSite: 'https://dev-blog.example/best-go-courses',
        createdAt: at,
      });
      await growthRepo.upsertAttribution(db, user.id, {
        affiliateId: affiliate.id,
        affiliateClickId: click.id,
        affiliatedAt: at,
        referralSite: click.referralSite,
        updatedAt: at,
      });
    }
    const { content, entitlements } = createCoreServices({ db, clock });
    const checkout = createCheckoutService({
      db,
      clock,
      processor: createSandboxProcessor(),
      entitlements,
      content,
      fingerprintSecret: 'coderoom-demo-seed',
      settlement: createSettlementService({ db, clock }),
      coupons: createCouponsService({ db, clock }),
    });
    await checkout.pay(user.id, customer.type, {
      idempotency_key: `demo-seed-${customer.email}`,
      plan: customer.plan,
      card: { number: customer.card, exp_month: 12, exp_year: 2099, cvc: '123', name: customer.fullName },
    });
  }
  return true;
}
