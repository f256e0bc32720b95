import { PROGRESS_BAR_SPEED_MS } from '@coderoom/domain';
import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';

/** The thin bar at the top while a route (and its lazy code) loads. */
export function LoadingBar() {
  const navigation = useNavigation();
  const loading = navigation.state !== 'idle';
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (loading) {
      setVisible(true);
      return;
    }
    const timer = window.setTimeout(() => setVisible(false), 200);
    return () => window.clearTimeout(timer);
  }, [loading]);
  if (!visible) return null;
  return (
    <div
      className={`loading-bar${loading ? ' loading-bar-active' : ' loading-bar-done'}`}
      style={{ transitionDuration: `${PROGRESS_BAR_SPEED_MS}ms` }}
      role="progressbar"
      aria-label="Loading page"
    />
  );
}
