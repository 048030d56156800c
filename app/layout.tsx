import { headers } from "next/headers";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { IntlRoot } from "@/components/i18n/intl-root";
import { ServerProtections } from "@/components/security/server-protections";
import { translatorFor } from "@/lib/i18n/translator";
import { requestLocale } from "./request-locale";
import { securityStatus } from "@/lib/server/exposure";
import { serverSecret } from "@/lib/server/request-guard";
import "./globals.css";

export async function generateMetadata() {
  const t = translatorFor(await requestLocale(), "common");
  return { title: t("appTitle"), description: t("appDescription") };
}

/**
 * Applies the saved theme before the first paint, so a dark-mode reload does not flash white. It reads the same
 * localStorage key as state/persistence.ts and nothing else.
 */
const THEME_SCRIPT = `try{var p=JSON.parse(localStorage.getItem("tool-disclosure-playground:preferences")||"{}");var d=p.theme?p.theme==="dark":window.matchMedia("(prefers-color-scheme: dark)").matches;if(d)document.documentElement.classList.add("dark")}catch(e){}`;

/**
 * The per-start secret goes into the page so only this app's own page can call its API routes (MCP import,
 * short links, live providers). The layout is rendered per request (`connection()`), never prerendered at
 * build time, so the token is the running server's; proxy.ts refuses a foreign Host before this runs.
 * proxy.ts also hands over the per-request CSP nonce (x-nonce), which the theme script needs to run.
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  const { exposure, protections } = securityStatus();
  const locale = await requestLocale();
  return (
    <html lang={locale} suppressHydrationWarning>
      <head>
        <meta name="playground-token" content={serverSecret()} />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
      </head>
      <body className="min-h-screen antialiased">
        <IntlRoot locale={locale}>
          {children}
          <ServerProtections
            exposed={exposure.exposed}
            listening={exposure.listening}
            reasons={exposure.reasons}
            protections={protections}
            locale={locale}
          />
        </IntlRoot>
      </body>
    </html>
  );
}
