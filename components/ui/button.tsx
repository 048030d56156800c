import type { ButtonHTMLAttributes } from "react";

export type ButtonVariant = "primary" | "secondary" | "ghost";
export type ButtonSize = "sm" | "md";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-accent text-white hover:opacity-90 dark:text-[#0d1016] shadow-sm",
  secondary: "border border-line bg-panel text-ink shadow-sm hover:border-line-strong hover:bg-panel-muted",
  ghost: "text-muted hover:bg-panel-muted hover:text-ink",
};

const SIZES: Record<ButtonSize, string> = {
  sm: "h-8 px-2.5 text-sm",
  md: "h-9 px-3 text-sm",
};

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Pressed state for toggle buttons (sets aria-pressed and the selected look). */
  pressed?: boolean;
};

/** The one button of the run panels. `type="button"` by default so it never submits a surrounding form. */
export function Button({
  variant = "secondary",
  size = "md",
  pressed,
  className = "",
  type = "button",
  ...rest
}: ButtonProps) {
  // Pressed replaces the variant's colours rather than adding to them: two Tailwind background utilities on one
  // element are decided by stylesheet order, not by class order, so the pressed look would not reliably win.
  const look = pressed ? "border border-accent/40 bg-accent-soft text-accent shadow-sm" : VARIANTS[variant];
  return (
    <button
      type={type}
      aria-pressed={pressed}
      className={`inline-flex items-center justify-center gap-1.5 rounded-lg font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-40 ${look} ${SIZES[size]} ${className}`}
      {...rest}
    />
  );
}
