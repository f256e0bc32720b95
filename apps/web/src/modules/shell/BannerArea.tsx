import { useEffect, useReducer } from 'react';
import { bannerReducer } from './bannerState';

const OFFLINE = {
  id: 'offline',
  tone: 'warning' as const,
  text: 'You are offline. We will reconnect as soon as you are back online.',
};

/** The banner strip under the header. Today it carries the connection banner. */
export function BannerArea() {
  const [state, dispatch] = useReducer(bannerReducer, { banners: [], forceHidden: [] });

  useEffect(() => {
    const sync = () =>
      dispatch(navigator.onLine ? { type: 'hide', id: OFFLINE.id } : { type: 'show', banner: OFFLINE });
    sync();
    window.addEventListener('online', sync);
    window.addEventListener('offline', sync);
    return () => {
      window.removeEventListener('online', sync);
      window.removeEventListener('offline', sync);
    };
  }, []);

  if (state.banners.length === 0) return null;
  return (
    <div className="banners">
      {state.banners.map((banner) => (
        <div key={banner.id} className={`banner banner-${banner.tone}`} role="status">
          <span>{banner.text}</span>
          <button
            type="button"
            className="banner-close"
            onClick={() => dispatch({ type: 'forceHide', id: banner.id })}
          >
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">Dismiss</span>
          </button>
        </div>
      ))}
    </div>
  );
}
