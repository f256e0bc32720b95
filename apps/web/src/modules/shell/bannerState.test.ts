import { describe, expect, it } from 'vitest';
import { bannerReducer } from './bannerState';

const banner = { id: 'offline', tone: 'warning' as const, text: 'You are offline.' };

describe('bannerReducer', () => {
  it('shows a banner once, hides it, and keeps a force-hidden banner away', () => {
    let state = bannerReducer({ banners: [], forceHidden: [] }, { type: 'show', banner });
    state = bannerReducer(state, { type: 'show', banner });
    expect(state.banners).toHaveLength(1);
    state = bannerReducer(state, { type: 'hide', id: 'offline' });
    expect(state.banners).toHaveLength(0);
    state = bannerReducer(state, { type: 'show', banner });
    state = bannerReducer(state, { type: 'forceHide', id: 'offline' });
    state = bannerReducer(state, { type: 'show', banner });
    expect(state.banners).toHaveLength(0);
  });
});
