export const growthKeys = {
  referral: ['growth', 'referral'] as const,
  affiliateSales: (userId: number) => ['growth', 'affiliate-sales', userId] as const,
  revenue: ['growth', 'revenue'] as const,
  referralCheck: (code: string) => ['growth', 'referral-check', code] as const,
  studentStatus: ['growth', 'student-status'] as const,
};
