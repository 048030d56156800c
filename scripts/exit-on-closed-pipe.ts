/**
 * `npm run simulate -- … --json | head`: the reader closes the pipe once it has what it wants, and the next write
 * fails with EPIPE. That is the reader's choice, not an error of ours, so the CLI stops writing and exits 0 instead
 * of printing Node's unhandled 'error' stack. Any other write error is still thrown.
 */
export function exitQuietlyOnClosedPipe(stream: NodeJS.WriteStream = process.stdout): void {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(typeof process.exitCode === "number" ? process.exitCode : 0);
    throw error;
  });
}
