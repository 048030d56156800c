"use client";
/**
 * The header's dialogs, loaded when first opened rather than with the page: importing parses and validates catalogs
 * (Ajv), sharing compresses (fflate), and none of it is needed to show a scenario. Each dialog mounts open, so its
 * first frame is the dialog itself.
 */
import dynamic from "next/dynamic";

export const ImportDialog = dynamic(
  () => import("@/components/import/import-dialog").then((module) => module.ImportDialog),
  {
    ssr: false,
  },
);

export const ShareDialog = dynamic(
  () => import("@/components/share/share-dialog").then((module) => module.ShareDialog),
  {
    ssr: false,
  },
);

export const SavedScenarios = dynamic(
  () => import("@/components/share/saved-scenarios").then((module) => module.SavedScenarios),
  { ssr: false },
);

export const ExportPanel = dynamic(
  () => import("@/components/share/export-panel").then((module) => module.ExportPanel),
  {
    ssr: false,
  },
);
