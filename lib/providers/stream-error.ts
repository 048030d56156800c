/** An error the provider reported inside a stream that had started (OpenAI `error` / `response.failed`). */
export class ProviderStreamError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = "ProviderStreamError";
  }
}
