import { pathKindOf, siteCouponBannerShows } from '@coderoom/domain';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useSiteCoupon } from '../api/useSiteCoupon';
import { dismissCouponBanner, isCouponBannerDismissed } from '../utils/couponBannerFlag';

/**
 * The site coupon's banner (spec 001 §2): shown on discovery and content pages, hidden while authoring,
 * at checkout and on enterprise pages (pathKindOf), and to a learner who already has a plan or closed it.
 */
export function SiteCouponBanner({ subscribed }: { subscribed: boolean }) {
  const { pathname } = useLocation();
  const shows = siteCouponBannerShows(pathKindOf(pathname)) && !subscribed;
  const site = useSiteCoupon(shows);
  const [closed, setClosed] = useState<string | null>(null);
  const banner = site.data?.banner;
  if (!shows || !banner || closed === banner.coupon_code || isCouponBannerDismissed(banner.coupon_code))
    return null;
  return (
    <aside className="site-coupon-banner" aria-label="Offer">
      <p>{banner.text}</p>
      <Link className="btn btn-primary site-coupon-action" to={banner.checkout_url}>
        Use code {banner.coupon_code}
      </Link>
      <button
        type="button"
        className="banner-close"
        onClick={() => {
          dismissCouponBanner(banner.coupon_code);
          setClosed(banner.coupon_code);
        }}
      >
        <span aria-hidden="true">×</span>
        <span className="visually-hidden">Close the offer</span>
      </button>
    </aside>
  );
}
