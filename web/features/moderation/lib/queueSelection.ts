import { useEffect, useMemo, useRef, useState } from 'react';
import type { ModerationItem } from '../../../../common/schemas/moderation';
import { useClaim } from '../api/queue';
import { bulkSelectable } from '../components/QueueCardExtras';
import { shortcutsOff } from './shortcuts';

/** The key that puts the selected event in the bulk selection, or takes it out. */
export const BULK_KEY = 's';

/**
 * The events chosen for a bulk decision, among those of this page (a page change or a refreshed list
 * drops the others); S toggles the selected event, as the other keys act on it.
 */
export function useBulkSelection(items: ModerationItem[], selected: ModerationItem | null) {
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const checked = useMemo(() => {
    const here = new Set(items.filter(bulkSelectable).map((i) => i.event.id));
    return new Set([...chosen].filter((id) => here.has(id)));
  }, [chosen, items]);
  const toggle = (id: string, on: boolean) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (shortcutsOff(e) || e.shiftKey || e.key.toLowerCase() !== BULK_KEY) return;
      if (!selected || !bulkSelectable(selected)) return;
      e.preventDefault();
      const id = selected.event.id;
      setChosen((prev) => {
        const next = new Set(prev);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      });
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [selected]);
  return { checked, setChecked: setChosen, toggle };
}

/**
 * "I'm looking at this" (docs/PRODUCT.md#moderation): the event selected in Pending or Reported is
 * claimed for ten minutes, and let go when another is selected or the list is left. Failures are
 * silent: a claim only informs other moderators.
 */
export function useClaimSelected(selected: ModerationItem | null) {
  const { mutate } = useClaim();
  const mutateRef = useRef(mutate);
  mutateRef.current = mutate;
  const id = selected && selected.category !== 'approved' ? selected.event.id : null;
  useEffect(() => {
    if (!id) return;
    mutateRef.current({ eventId: id });
    return () => mutateRef.current({ eventId: id, release: true });
  }, [id]);
}
