import type { InputProblem } from "../core/catalog";

/** Why a link or stored payload could not be opened. The page shows `message`; the current work is untouched. */
export type ShareErrorCode =
  | "empty"
  | "too-long"
  | "bad-format"
  | "unsupported-version"
  | "bad-encoding"
  | "truncated"
  | "corrupt"
  | "too-large"
  | "not-utf8"
  | "bad-json"
  | "too-deep"
  | "huge-string"
  | "invalid-envelope"
  | "invalid-scenario";

/** `message` is the English sentence (CLI, tests); the page words `code` in the reader's language (share-error-text.ts). */
export type ShareError = { code: ShareErrorCode; message: string; problems?: InputProblem[] };

export function shareError(code: ShareErrorCode, message: string, problems?: InputProblem[]): ShareError {
  return problems ? { code, message, problems } : { code, message };
}
