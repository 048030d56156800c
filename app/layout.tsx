import type { ReactNode } from "react";
import "./globals.css";

export const metadata = { title: "Tool Disclosure Playground" };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
