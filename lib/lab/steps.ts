/**
 * Long computations as step generators: each `yield` is a point where the lab worker may stop to answer something
 * more urgent (an edit while the compression curve is being measured), or drop the job when a newer one came.
 */
export type Steps<T> = Generator<void, T>;

/** Runs a step generator to its end. */
export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
