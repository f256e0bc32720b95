import { type SidebarKind, sidebarWidthLimits } from '@coderoom/domain';

/** Keeps a sidebar width (rem) inside its kind's limits; a kind whose max is small stays usable. */
export function clampSidebarWidth(kind: SidebarKind, width: number): number {
  const { min, max } = sidebarWidthLimits(kind);
  if (!Number.isFinite(width)) return max;
  return Math.min(max, Math.max(min, Math.round(width * 2) / 2));
}
