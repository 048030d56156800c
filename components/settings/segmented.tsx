"use client";
/** A small radio group drawn as segments; arrow keys move between options (native radio behaviour). */
export function Segmented<T extends string>({
  name,
  value,
  options,
  onChange,
}: {
  name: string;
  value: T;
  options: ReadonlyArray<{ value: T; label: string }>;
  onChange(value: T): void;
}) {
  return (
    <div role="radiogroup" aria-label={name} className="inline-flex rounded-lg border border-line bg-panel-muted p-0.5">
      {options.map((option) => (
        <label
          key={option.value}
          className={`cursor-pointer rounded-md px-2.5 py-1 text-xs font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-[var(--focus)] ${value === option.value ? "bg-panel text-ink shadow-sm" : "text-muted hover:text-ink"}`}
        >
          <input
            type="radio"
            className="sr-only"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          {option.label}
        </label>
      ))}
    </div>
  );
}
