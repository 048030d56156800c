"use client";
import { DialogFrame } from "@/components/ui/dialog-frame";
import { GLOSSARY, TERM_IDS } from "@/lib/view/glossary";
import { usePlayground } from "@/state/playground-provider";
import { buttonClass, iconButtonClass } from "./control-styles";

const SHORTCUTS: ReadonlyArray<[string, string]> = [
  ["← / →", "previous / next request"],
  ["Home / End", "first / last request"],
  ["Tab", "move between controls (keys above work when no input or editor has focus)"],
];

export function HelpButton() {
  const setHelpOpen = usePlayground((state) => state.setHelpOpen);
  return (
    <button
      type="button"
      className={`${iconButtonClass} h-9 w-9 border border-line font-semibold`}
      aria-label="Help"
      title="Help"
      data-testid="help-button"
      onClick={() => setHelpOpen(true)}
    >
      ?
    </button>
  );
}

export function HelpDialog() {
  const open = usePlayground((state) => state.helpOpen);
  const setHelpOpen = usePlayground((state) => state.setHelpOpen);
  const setTourOpen = usePlayground((state) => state.setTourOpen);
  return (
    <DialogFrame
      open={open}
      onClose={() => setHelpOpen(false)}
      title="How to read this page"
      testId="help-dialog"
      width="max-w-xl"
    >
      <p className="text-sm leading-relaxed text-ink-soft">
        An agent with many tools pays for every tool definition on every request, and the <code>tools</code> array sits
        at the very front of the prompt-cache prefix. Each strategy is a different answer to one question:{" "}
        <strong>does loading a tool change the request prefix?</strong>
      </p>
      <p className="mt-3 text-sm leading-relaxed text-ink-soft">
        Pick a strategy and step through the same conversation one request at a time. The bar shows the request in cache
        order: green is read from cache, blue written to it, grey not cached, red a prefix the cache lost. Everything
        runs offline on a simulated model.
      </p>
      <h3 className="mt-5 text-sm font-semibold">Keyboard</h3>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {SHORTCUTS.map(([keys, action]) => (
          <div key={keys} className="contents">
            <dt className="font-mono text-xs text-ink">{keys}</dt>
            <dd className="text-ink-soft">{action}</dd>
          </div>
        ))}
      </dl>
      <h3 className="mt-5 text-sm font-semibold" id="glossary-title">
        Glossary
      </h3>
      <dl className="mt-2 space-y-2 text-sm" aria-labelledby="glossary-title" data-testid="glossary">
        {TERM_IDS.map((id) => (
          <div key={id} data-term={id}>
            <dt className={`font-semibold text-ink ${GLOSSARY[id].code ? "font-mono text-[0.92em]" : ""}`}>
              {GLOSSARY[id].term}
            </dt>
            <dd className="text-ink-soft">{GLOSSARY[id].definition}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-6 flex justify-end gap-2">
        <button type="button" className={buttonClass} onClick={() => setTourOpen(true)} data-testid="start-tour">
          Take the guided tour
        </button>
        <button type="button" className={buttonClass} onClick={() => setHelpOpen(false)} autoFocus>
          Close
        </button>
      </div>
    </DialogFrame>
  );
}
