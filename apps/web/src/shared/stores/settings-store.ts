import { create } from 'zustand';
import type { Language } from '@partsportal/contract/codes';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@partsportal/contract/codes';
import { COOKIE, FAR_FUTURE_DAYS, getCookie, setCookie } from '../cookies';

export const SIZES = ['large', 'middle', 'small'] as const;
/** antd calls the spec's "medium" size `middle`. */
export type Size = (typeof SIZES)[number];
export const DEFAULT_SIZE: Size = 'middle';

/** Spec §9: the ten theme colours, the first is the default. */
export const THEME_COLORS = [
  '#409EFF',
  '#11a983',
  '#13c2c2',
  '#6959CD',
  '#f5222d',
  '#eb2f96',
  '#DB7093',
  '#e6a23c',
  '#8B8989',
  '#212121',
] as const;
export const DEFAULT_THEME_COLOR = THEME_COLORS[0];

export const MOBILE_BREAKPOINT = 992;

export function parseLanguage(value: string | undefined | null): Language {
  return LANGUAGES.find((l) => l === value) ?? DEFAULT_LANGUAGE;
}

export function parseSize(value: string | undefined | null): Size {
  // Older clients stored "medium" / "mini"; map them onto antd's names.
  if (value === 'medium' || value === 'default') return 'middle';
  if (value === 'mini') return 'small';
  return SIZES.find((s) => s === value) ?? DEFAULT_SIZE;
}

export function parseThemeColor(value: string | undefined | null): string {
  return THEME_COLORS.find((c) => c.toLowerCase() === value?.toLowerCase()) ?? DEFAULT_THEME_COLOR;
}

interface SettingsState {
  language: Language;
  size: Size;
  themeColor: string;
  /** Desktop sidebar expanded (persisted). */
  sidebarOpened: boolean;
  /** Mobile mode below 992 px; the sidebar becomes a drawer that starts closed. */
  isMobile: boolean;
  mobileSidebarOpened: boolean;
  setSize: (size: Size) => void;
  setThemeColor: (color: string) => void;
  toggleSidebar: () => void;
  setMobile: (isMobile: boolean) => void;
  setMobileSidebarOpened: (opened: boolean) => void;
}

const isNarrow = () => typeof window !== 'undefined' && window.innerWidth < MOBILE_BREAKPOINT;

export const useSettingsStore = create<SettingsState>((set, get) => ({
  language: parseLanguage(getCookie(COOKIE.language)),
  size: parseSize(getCookie(COOKIE.size)),
  themeColor: parseThemeColor(getCookie(COOKIE.theme)),
  sidebarOpened: getCookie(COOKIE.sidebar) !== '0',
  isMobile: isNarrow(),
  mobileSidebarOpened: false,
  setSize: (size) => {
    setCookie(COOKIE.size, size, FAR_FUTURE_DAYS);
    set({ size });
  },
  setThemeColor: (themeColor) => {
    setCookie(COOKIE.theme, themeColor, FAR_FUTURE_DAYS);
    set({ themeColor });
  },
  toggleSidebar: () => {
    if (get().isMobile) {
      set({ mobileSidebarOpened: !get().mobileSidebarOpened });
      return;
    }
    const sidebarOpened = !get().sidebarOpened;
    setCookie(COOKIE.sidebar, sidebarOpened ? '1' : '0', FAR_FUTURE_DAYS);
    set({ sidebarOpened });
  },
  setMobile: (isMobile) => set({ isMobile, mobileSidebarOpened: false }),
  setMobileSidebarOpened: (mobileSidebarOpened) => set({ mobileSidebarOpened }),
}));

/** Spec §4: saving the language stores a far-future cookie; the caller reloads the page. */
export function saveLanguage(language: Language): void {
  setCookie(COOKIE.language, language, FAR_FUTURE_DAYS);
}
