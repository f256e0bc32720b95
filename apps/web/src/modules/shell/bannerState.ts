export interface Banner {
  id: string;
  tone: 'info' | 'warning';
  text: string;
}

export interface BannerState {
  banners: Banner[];
  /** Banners the user closed for good in this page session; show() leaves them hidden. */
  forceHidden: string[];
}

export type BannerAction =
  | { type: 'show'; banner: Banner }
  | { type: 'hide'; id: string }
  | { type: 'forceHide'; id: string };

/** Spec 002 §4.6: show only if not already visible, hide, force-hide. */
export function bannerReducer(state: BannerState, action: BannerAction): BannerState {
  switch (action.type) {
    case 'show':
      if (state.forceHidden.includes(action.banner.id)) return state;
      if (state.banners.some((banner) => banner.id === action.banner.id)) return state;
      return { ...state, banners: [...state.banners, action.banner] };
    case 'hide':
      return { ...state, banners: state.banners.filter((banner) => banner.id !== action.id) };
    case 'forceHide':
      return {
        banners: state.banners.filter((banner) => banner.id !== action.id),
        forceHidden: [...state.forceHidden, action.id],
      };
  }
}
