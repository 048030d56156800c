"use client";
import { useEffect, useState } from "react";
import { loadCatalogParser, loadedCatalogParser, type ParseCatalogText } from "@/lib/catalog/lazy-parser";

/** The catalog parser once loaded (null until then); it is only fetched when `needed`. */
export function useCatalogParser(needed: boolean): ParseCatalogText | null {
  const [parse, setParse] = useState<ParseCatalogText | null>(loadedCatalogParser);
  useEffect(() => {
    if (!needed || parse) return;
    let current = true;
    void loadCatalogParser().then((loaded) => {
      if (current) setParse(() => loaded);
    });
    return () => {
      current = false;
    };
  }, [needed, parse]);
  return parse;
}
