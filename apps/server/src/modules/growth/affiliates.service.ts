import { randomBytes } from 'node:crypto';
import type {
  AffiliateCheckLinkResponse,
  AffiliateEncodedIdRequest,
  AffiliateEncodedIdResponse,
  AffiliateSales,
} from '@coderoom/contracts';
import {
  AFFILIATE_ATTRIBUTION_WINDOW_MS,
  capAttributionText,
  PlatformAdminRole,
  parseAffiliatePathId,
  UTM_FIELDS,
} from '@coderoom/domain';
import type { UtmValues } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/database.js';
import type { UsersService } from '../accounts/users.service.js';
import { GrowthErrors } from './growth.errors.js';
import * as repo from './growth.repository.js';

// Affiliates (spec 001 §2, §7; docs/growth.md): a visit through an affiliate's link is recorded as a
// click whose random token is the encoded_affiliate_id the browser keeps; after sign-in the token ties the
// learner to the affiliate (first touch), and the ledger rows of their payments within the window are the
// affiliate's sales.

/** The query parameter of an affiliate link: /?aff=_42 (the id may have an underscore prefix, 001 §7). */
export const AFFILIATE_PARAM = 'aff';
const CONTEXT_PREFIX = 'context';

/** Platform administrators who may read any affiliate's sales. */
const SALES_ADMIN_ROLES: readonly number[] = [
  PlatformAdminRole.SuperAdmin,
  PlatformAdminRole.SubscriptionAdmin,
];

const usd = (cents: number) => Math.round(cents) / 100;

function cleanText(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? capAttributionText(trimmed) : null;
}

export interface AffiliatesDeps {
  db: Db;
  clock: Clock;
  publicUrl: string;
  users: Pick<UsersService, 'findById'>;
}

export function createAffiliatesService({ db, clock, publicUrl, users }: AffiliatesDeps) {
  const base = new URL(publicUrl);
  const linkOf = (affiliateId: number) =>
    `${publicUrl.replace(/\/$/, '')}/?${AFFILIATE_PARAM}=_${affiliateId}`;

  async function liveAffiliate(rawId: string) {
    const id = parseAffiliatePathId(rawId);
    const found = id === null ? undefined : await repo.findAffiliate(db, id);
    return found?.affiliate.isActive ? found : undefined;
  }

  return {
    /** POST /api/affiliate/getencodedid/{id}/context{suffix}: records the visit, answers its token. */
    async encodedId(
      rawId: string,
      context: string,
      input: AffiliateEncodedIdRequest,
    ): Promise<AffiliateEncodedIdResponse> {
      const found = await liveAffiliate(rawId);
      if (!found) throw GrowthErrors.unknownAffiliate();
      const utm: UtmValues = {};
      for (const field of UTM_FIELDS) {
        const value = cleanText(input[field]);
        if (value) utm[field] = value;
      }
      const click = await repo.insertAffiliateClick(db, {
        token: randomBytes(16).toString('base64url'),
        affiliateId: found.affiliate.userId,
        context: context.slice(CONTEXT_PREFIX.length) || 'default',
        refId: cleanText(input.ref_id),
        referralSite: cleanText(input.referral_site),
        lastReferralSite: cleanText(input.last_referral_site),
        utm: Object.keys(utm).length > 0 ? utm : null,
        createdAt: clock.now(),
      });
      return { encoded_affiliate_id: click.token };
    },

    /** GET /api/affiliate/check-link: whether a link is one of our pages carrying a live affiliate's id. */
    async checkLink(link: string): Promise<AffiliateCheckLinkResponse> {
      let url: URL;
      try {
        url = new URL(link, base);
      } catch {
        return { is_affiliate_link: false, is_active: false, affiliate_id: null };
      }
      const raw = url.searchParams.get(AFFILIATE_PARAM);
      const id = raw === null ? null : parseAffiliatePathId(raw);
      if (url.host !== base.host || id === null) {
        return { is_affiliate_link: false, is_active: false, affiliate_id: null };
      }
      const found = await repo.findAffiliate(db, id);
      return {
        is_affiliate_link: found !== undefined,
        is_active: found?.affiliate.isActive ?? false,
        affiliate_id: found ? id : null,
      };
    },

    /** /affiliate/{user_id}/sales: that affiliate or a platform administrator only. */
    async sales(actorId: number, affiliateId: number): Promise<AffiliateSales> {
      if (actorId !== affiliateId) {
        const actor = await users.findById(actorId);
        if (actor?.adminRole == null || !SALES_ADMIN_ROLES.includes(actor.adminRole)) {
          throw GrowthErrors.affiliateSalesDenied();
        }
      }
      const found = await repo.findAffiliate(db, affiliateId);
      if (!found) throw GrowthErrors.unknownAffiliate();
      const { affiliate } = found;
      const [entries, clicks, signUps] = await Promise.all([
        repo.findAffiliateLedger(db, affiliateId, AFFILIATE_ATTRIBUTION_WINDOW_MS),
        repo.countAffiliateClicks(db, affiliateId),
        repo.countAffiliateSignUps(db, affiliateId),
      ]);
      // A refund or chargeback is a negative row: it takes its commission back.
      const commission = (cents: number) => Math.round((cents * affiliate.commissionPercent) / 100);
      const sales = entries.map((entry) => ({
        entry_id: entry.id,
        item_title: entry.description,
        amount_usd: usd(entry.amountCents),
        commission_usd: usd(commission(entry.amountCents)),
        created_at: entry.createdAt.toISOString(),
      }));
      const total = entries.reduce((sum, entry) => sum + entry.amountCents, 0);
      const totalCommission = entries.reduce((sum, entry) => sum + commission(entry.amountCents), 0);
      return {
        affiliate_id: affiliateId,
        affiliate_name: found.fullName,
        commission_percent: affiliate.commissionPercent,
        is_active: affiliate.isActive,
        affiliate_link: linkOf(affiliateId),
        clicks,
        sign_ups: signUps,
        sales,
        total_sales_usd: usd(total),
        total_commission_usd: usd(totalCommission),
      };
    },
  };
}

export type AffiliatesService = ReturnType<typeof createAffiliatesService>;
