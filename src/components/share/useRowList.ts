import { useCallback, useEffect, useState } from 'react';
import type { ResourceDef } from '@domain/resource/types';

/**
 * A list that belongs to one row (its share links, its files), read when the dialog's content mounts and
 * again after each change. A failed read keeps what was shown: the error mapper has said why.
 */
export function useRowList<T>(read: (def: ResourceDef, rowId: number) => Promise<T[]>, def: ResourceDef, rowId: number) {
  const [items, setItems] = useState<T[]>([]);
  const [loading, setLoading] = useState(false);

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setItems(await read(def, rowId));
    } catch {
      // Shown by the error mapper.
    } finally {
      setLoading(false);
    }
  }, [read, def, rowId]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { items, loading, reload };
}
