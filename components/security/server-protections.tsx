import type { Protection } from "@/lib/server/exposure";

type Props = { exposed: boolean; listening: string[] | null; reasons: string[]; protections: Protection[] };

/**
 * One line at the foot of every page: whether other machines can reach this server and which protections are on
 * (docs/SECURITY.md). Presentational: app/layout.tsx computes the values with lib/server/exposure.ts, the same
 * functions the routes use.
 */
export function ServerProtections({ exposed, listening, reasons, protections }: Props) {
  const where = exposed
    ? `Reachable from the network (${reasons.join("; ")})`
    : `This machine only (listening on ${listening?.length ? listening.join(", ") : "loopback"})`;
  return (
    <footer
      data-testid="server-protections"
      data-exposed={exposed ? "true" : "false"}
      data-listening={(listening ?? []).join(",")}
      className="border-t border-line px-4 py-1.5 text-xs text-muted"
    >
      <span className={exposed ? "font-semibold text-ink" : undefined}>Server: {where}</span>
      {protections.map((protection) => (
        <span key={protection.id} data-protection={protection.id} data-on={protection.on ? "true" : "false"}>
          {" · "}
          {protection.label}
        </span>
      ))}
      {" · "}
      <span>see docs/SECURITY.md</span>
    </footer>
  );
}
