import { PRODUCT_NAME, pageTitleFor } from '@coderoom/domain';
import { useEffect } from 'react';
import { useLocation } from 'react-router';

const TEAM_HOSTS = (import.meta.env.VITE_TEAM_HOSTS ?? '')
  .split(',')
  .map((host: string) => host.trim())
  .filter(Boolean);

/** "Page · Coderoom — site title", with the workspace title on /work pages and team hosts. */
export function usePageTitle(page?: string): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const site = `${PRODUCT_NAME} — ${pageTitleFor({ pathname, host: window.location.host, teamHosts: TEAM_HOSTS })}`;
    document.title = page ? `${page} · ${site}` : site;
  }, [page, pathname]);
}
