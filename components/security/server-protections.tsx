import { translatorFor } from "@/lib/i18n/translator";
import type { Locale } from "@/lib/i18n/locales";
import { ALLOW_PRIVATE_URLS_ENV, ALLOW_SERVER_KEYS_ENV, type Protection } from "@/lib/server/exposure";

type Props = {
  exposed: boolean;
  listening: string[] | null;
  reasons: string[];
  protections: Protection[];
  /** The reader's language, resolved by app/layout.tsx (this is a server component). */
  locale: Locale;
};

/** ICU select keys cannot hold a hyphen: "private-urls" is selected as "privateUrls". */
const selectKey = (id: string) => id.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());

/**
 * One line at the foot of every page: whether other machines can reach this server and which protections are on
 * (docs/SECURITY.md). Presentational: app/layout.tsx computes the values with lib/server/exposure.ts, the same
 * functions the routes use; each protection is worded here from its id and whether it is on.
 */
export function ServerProtections({ exposed, listening, reasons, protections, locale }: Props) {
  const t = translatorFor(locale, "security");
  const where = exposed
    ? t("reachable", { reasons: reasons.join("; ") })
    : listening?.length
      ? t("thisMachine", { listening: listening.join(", ") })
      : t("thisMachineLoopback");
  return (
    <footer
      data-testid="server-protections"
      data-exposed={exposed ? "true" : "false"}
      data-listening={(listening ?? []).join(",")}
      className="border-t border-line px-4 py-1.5 text-xs break-words text-muted"
    >
      <span className={exposed ? "font-semibold text-ink" : undefined}>{t("server", { where })}</span>
      {protections.map((protection) => (
        <span key={protection.id} data-protection={protection.id} data-on={protection.on ? "true" : "false"}>
          {" · "}
          {t("protection", {
            id: selectKey(protection.id),
            on: String(protection.on),
            privateUrlsEnv: ALLOW_PRIVATE_URLS_ENV,
            serverKeysEnv: ALLOW_SERVER_KEYS_ENV,
          })}
        </span>
      ))}
      {" · "}
      <span>{t("seeDocs")}</span>
    </footer>
  );
}
