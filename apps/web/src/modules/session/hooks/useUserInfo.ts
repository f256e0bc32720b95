import { loadsUserInfoAtStart } from '@coderoom/domain';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { fetchUserInfo, USER_INFO_KEY } from './userInfoQuery';

/** The signed-in user, or null when logged out. Not loaded on token pages (spec 002 §2.2). */
export function useUserInfo() {
  const { pathname } = useLocation();
  return useQuery({
    queryKey: USER_INFO_KEY,
    queryFn: fetchUserInfo,
    enabled: loadsUserInfoAtStart(pathname),
    staleTime: 60_000,
  });
}
