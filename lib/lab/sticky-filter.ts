/**
 * A filter whose rows stay put while the user works on them. "Missed by a search" lists the queries some search
 * missed; when the user then edits a description and the miss is fixed (or is being measured again), the row would
 * vanish under their cursor, with its open "why" panel. So a row that has matched the filter once stays listed
 * until the filter is chosen again or changed, the way mail clients keep a read message in an "unread" view.
 */
export type StickyFilter<F extends string> = { filter: F; ids: ReadonlySet<number> };

/**
 * The rows to keep for `filter`: those matching now plus those kept before, when the filter is the same one.
 * Returns `previous` itself when nothing was added, so React state holding it does not change needlessly.
 */
export function stickyFilterIds<F extends string>(
  previous: StickyFilter<F> | undefined,
  filter: F,
  matchingIds: readonly number[],
): StickyFilter<F> {
  if (previous === undefined || previous.filter !== filter) return { filter, ids: new Set(matchingIds) };
  if (matchingIds.every((id) => previous.ids.has(id))) return previous;
  return { filter, ids: new Set([...previous.ids, ...matchingIds]) };
}
