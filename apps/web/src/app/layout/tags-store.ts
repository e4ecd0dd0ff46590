import { create } from 'zustand';
import { LEAF_ROUTES, findRoute } from '../route-table';

export interface TagView {
  /** Route path as written in the route table: the tab's identity and keep-alive key. */
  key: string;
  /** Last URL seen in this tab (pathname + search), where a click on the tab returns. */
  fullPath: string;
  titleKey: string;
  affix: boolean;
}

const affixViews = (): TagView[] =>
  LEAF_ROUTES.filter((r) => r.affix).map((r) => ({
    key: r.path,
    fullPath: r.path,
    titleKey: r.titleKey,
    affix: true,
  }));

interface TagsState {
  views: TagView[];
  /** Bumped by "refresh" to remount a tab's page. */
  versions: Record<string, number>;
  /** Adds or updates the tab of a location; unknown paths get no tab. */
  visit: (pathname: string, search: string) => void;
  refresh: (key: string) => void;
  /** Each close returns the tabs left, so the caller can pick where to go. */
  close: (key: string) => TagView[];
  closeOthers: (key: string) => TagView[];
  closeAll: () => TagView[];
  reset: () => void;
}

export const useTagsStore = create<TagsState>((set, get) => ({
  views: affixViews(),
  versions: {},
  visit: (pathname, search) => {
    const route = findRoute(pathname);
    if (!route) return;
    const fullPath = pathname + search;
    const { views } = get();
    const existing = views.find((v) => v.key === route.path);
    if (existing) {
      if (existing.fullPath !== fullPath)
        set({ views: views.map((v) => (v === existing ? { ...v, fullPath } : v)) });
      return;
    }
    set({
      views: [...views, { key: route.path, fullPath, titleKey: route.titleKey, affix: route.affix ?? false }],
    });
  },
  refresh: (key) => set(({ versions }) => ({ versions: { ...versions, [key]: (versions[key] ?? 0) + 1 } })),
  close: (key) => {
    const views = get().views.filter((v) => v.affix || v.key !== key);
    set({ views });
    return views;
  },
  closeOthers: (key) => {
    const views = get().views.filter((v) => v.affix || v.key === key);
    set({ views });
    return views;
  },
  closeAll: () => {
    const views = get().views.filter((v) => v.affix);
    set({ views });
    return views;
  },
  reset: () => set({ views: affixViews(), versions: {} }),
}));
