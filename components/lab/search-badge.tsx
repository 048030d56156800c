import type { SearchId } from "@/lib/search/types";
import { SEARCH_DESCRIPTIONS } from "@/lib/lab/search-labels";

/** "Emulated" for Anthropic's searches, "Ours" for the client search: an author must see which is which. */
export function SearchBadge({ id }: { id: SearchId }) {
  const { emulated } = SEARCH_DESCRIPTIONS[id];
  return (
    <span
      className={`rounded px-1.5 py-0.5 text-[11px] font-bold uppercase tracking-wide ${emulated ? "bg-warning-soft text-warning" : "bg-accent-soft text-accent"}`}
      data-testid={`search-badge-${id}`}
      title={
        emulated
          ? "An emulation of Anthropic's server-side tool search, written from its documentation; it does not call Anthropic."
          : "The playground's own client-side search, which the client controls."
      }
    >
      {emulated ? "Emulated" : "Ours"}
    </span>
  );
}
