/**
 * An MCP reply captured from the wire over Streamable HTTP is often an event stream (`Content-Type:
 * text/event-stream`): `event: message` and `data: {"jsonrpc":"2.0",…}` lines, one event per reply. These read the
 * JSON of each event's data, so `curl` output opens like the reply it carries.
 */

/** The JSON value of each event's `data`, in order; undefined when the text is no event stream or a data is no JSON. */
export function readEventStreamData(text: string): unknown[] | undefined {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const first = lines.find((line) => line.trim() !== "");
  if (first === undefined || !/^(event|data|id|retry):/.test(first)) return undefined;
  const values: unknown[] = [];
  let data: string[] = [];
  const flush = (): boolean => {
    if (data.length === 0) return true;
    try {
      values.push(JSON.parse(data.join("\n")));
    } catch {
      return false;
    }
    data = [];
    return true;
  };
  for (const line of lines) {
    if (line.trim() === "") {
      if (!flush()) return undefined;
    } else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
    else if (!/^(event|id|retry):|^:/.test(line)) return undefined;
  }
  if (!flush() || values.length === 0) return undefined;
  return values;
}
