/** Query keys of the commerce module. */
export const commerceKeys = {
  all: ['commerce'] as const,
  plans: ['commerce', 'plans'] as const,
  offer: (authorId: number, collectionId: number) => ['commerce', 'offer', authorId, collectionId] as const,
  quote: (checkoutType: string, search: string) => ['commerce', 'quote', checkoutType, search] as const,
  payment: (paymentId: string) => ['commerce', 'payment', paymentId] as const,
  subscriptions: ['commerce', 'subscriptions'] as const,
  paymentMethods: ['commerce', 'payment-methods'] as const,
  billingHistory: ['commerce', 'billing-history'] as const,
  siteCoupon: ['commerce', 'site-coupon'] as const,
  adminPayments: (query: string) => ['commerce', 'admin-payments', query] as const,
  adminPayment: (paymentId: string) => ['commerce', 'admin-payment', paymentId] as const,
  authorPayouts: ['commerce', 'author-payouts'] as const,
};
