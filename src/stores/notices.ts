import { create } from 'zustand';

/**
 * Where the notice bell and the notice pages meet without importing each other: whoever changes a
 * notice's read state calls invalidate(), and the bell reloads its counts when `version` moves.
 */
export interface NoticeSignal {
  version: number;
  invalidate(): void;
}

export const useNoticeSignal = create<NoticeSignal>()((set, get) => ({
  version: 0,
  invalidate() {
    set({ version: get().version + 1 });
  },
}));
