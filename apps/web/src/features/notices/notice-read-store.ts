import { create } from 'zustand';

/**
 * Bumped when a notice detail was opened (the server marked it read). The list lives in a
 * kept-alive tab that does not refetch when shown again; it keys its load on this version so
 * the read mark is current when the user returns to it.
 */
export const useNoticeReadStore = create<{ version: number; markRead: () => void }>((set) => ({
  version: 0,
  markRead: () => set((s) => ({ version: s.version + 1 })),
}));
