import { describe, expect, it } from 'vitest';
import { attributionRequest, captureAttribution } from './attribution';

const DAY = 86_400_000;
const NOW = 1_700_000_000_000;
const page = (query: string) => new URL(`https://coderoom.dev/explore${query}`);

describe('captureAttribution', () => {
  it('keeps the first UTM as utm_init and the latest as utm', () => {
    const first = captureAttribution({}, page('?utm_source=news&utm_medium=email'), '', NOW);
    const second = captureAttribution(first, page('?utm_source=ads'), '', NOW + 1);
    expect(second.utm).toEqual({ utm_source: 'ads' });
    expect(second.utm_init).toEqual({ utm_source: 'news', utm_medium: 'email' });
  });

  it('cuts referrer text at 512 characters and ignores our own pages as referrers', () => {
    const long = `https://blog.example/${'a'.repeat(700)}`;
    const captured = captureAttribution({}, page(''), long, NOW);
    expect(captured.referral_site).toHaveLength(512);
    const later = captureAttribution(captured, page(''), 'https://news.example/', NOW);
    expect(later.referral_site).toHaveLength(512);
    expect(later.last_referral_site).toBe('https://news.example/');
    expect(captureAttribution({}, page(''), 'https://coderoom.dev/learn', NOW).referral_site).toBeUndefined();
  });

  it('keeps a click id for 7 days, then removes it', () => {
    const captured = captureAttribution({}, page('?gclid=abc'), '', NOW);
    expect(attributionRequest(captured, NOW + DAY)?.click_id).toBe('abc');
    expect(attributionRequest(captured, NOW + 7 * DAY)).toBeNull();
    expect(captureAttribution(captured, page(''), '', NOW + 7 * DAY).click_id).toBeUndefined();
  });

  it('keeps a well-formed referral code from ?ref=', () => {
    expect(captureAttribution({}, page('?ref=ada2024x'), '', NOW).referral_code).toBe('ADA2024X');
    expect(captureAttribution({}, page('?ref=<script>'), '', NOW).referral_code).toBeUndefined();
  });
});
