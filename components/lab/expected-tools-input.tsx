"use client";
import { useId, useState } from "react";
import { chipClass, inputClass } from "./lab-styles";

export type ExpectedToolsInputProps = {
  toolNames: readonly string[];
  value: readonly string[];
  onChange: (names: string[]) => void;
  testId?: string;
  /** Accessible name of the text field. */
  label?: string;
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
  label = "Expected tool",
}: ExpectedToolsInputProps) {
  const listId = useId();
  const [text, setText] = useState("");
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
            aria-label={`Remove ${name}`}
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
        placeholder={value.length === 0 ? "expected tool…" : "another tool…"}
        aria-label={label}
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
