"use client";
import { useId, useState } from "react";
import { useTranslations } from "use-intl";
import { chipClass, inputClass } from "./lab-styles";

export type ExpectedToolsInputProps = {
  toolNames: readonly string[];
  value: readonly string[];
  onChange: (names: string[]) => void;
  testId?: string;
  /** Accessible name of the text field. */
  label?: string;
  /**
   * The name being typed, when the parent needs it: a form counts a typed, known name as chosen, so "Add query"
   * works without pressing Enter first.
   */
  text?: string;
  onTextChange?: (text: string) => void;
};

/**
 * The expected tools of a query, chosen from the catalog: type to filter the catalog's names (a native datalist, so
 * it works with the keyboard and screen readers), Enter adds, × removes.
 */
export function ExpectedToolsInput({
  toolNames,
  value,
  onChange,
  testId,
  label,
  text: controlledText,
  onTextChange,
}: ExpectedToolsInputProps) {
  const listId = useId();
  const t = useTranslations("lab.expected");
  const [ownText, setOwnText] = useState("");
  const text = controlledText ?? ownText;
  const setText = (next: string) => (onTextChange ? onTextChange(next) : setOwnText(next));
  const known = new Set(toolNames);
  const add = () => {
    const name = text.trim();
    if (!known.has(name) || value.includes(name)) return;
    onChange([...value, name]);
    setText("");
  };
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-1.5">
      {value.map((name) => (
        <span key={name} className={chipClass} data-testid="expected-tool-chip">
          {name}
          <button
            type="button"
            className="rounded px-0.5 text-muted hover:text-danger"
            aria-label={t("remove", { name })}
            onClick={() => onChange(value.filter((other) => other !== name))}
          >
            ×
          </button>
        </span>
      ))}
      <input
        className={`${inputClass} h-8 w-56 min-w-0 font-mono text-[13px] ${text !== "" && !known.has(text.trim()) ? "border-danger" : ""}`}
        list={listId}
        value={text}
        placeholder={value.length === 0 ? t("placeholder") : t("another")}
        aria-label={label ?? t("label")}
        data-testid={testId}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== "Enter") return;
          event.preventDefault();
          add();
        }}
        onBlur={add}
      />
      <datalist id={listId}>
        {toolNames.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
    </div>
  );
}
