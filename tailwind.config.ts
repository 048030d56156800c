import type { Config } from "tailwindcss";

// Semantic colours for the cache-prefix bar are shared with the charts through CSS variables in
// app/globals.css, so a segment and its legend swatch can never disagree.
const config: Config = {
  content: ["./app/**/*.{ts,tsx}", "./components/**/*.{ts,tsx}"],
  darkMode: "class",
  theme: {
    extend: {
      colors: {
        cache: {
          read: "var(--cache-read)",
          write: "var(--cache-write)",
          uncached: "var(--cache-uncached)",
          invalidated: "var(--cache-invalidated)",
        },
      },
      fontFamily: {
        sans: ["var(--font-sans)", "system-ui", "sans-serif"],
        mono: ["var(--font-mono)", "ui-monospace", "monospace"],
      },
    },
  },
};

export default config;
