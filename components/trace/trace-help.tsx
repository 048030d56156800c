import { useTranslations } from "use-intl";

const strong = (chunks: React.ReactNode) => <strong>{chunks}</strong>;
const code = (chunks: React.ReactNode) => <code>{chunks}</code>;

/** How to capture a trace, in the three ways most agents allow. */
export function TraceHelp() {
  const t = useTranslations("trace");
  return (
    <div className="space-y-2 text-sm text-ink-soft" data-testid="trace-help">
      <p>{t.rich("help.intro", { strong, code })}</p>
      <ul className="list-disc space-y-1 pl-5">
        <li>{t.rich("help.devtools", { strong })}</li>
        <li>{t.rich("help.mitmproxy", { strong, code })}</li>
        <li>{t.rich("help.sdk", { strong, code })}</li>
      </ul>
      <p data-testid="trace-help-not-traces">{t.rich("help.notTraces", { code })}</p>
    </div>
  );
}
