/**
 * Calls made in the same turn of the event loop, run as one: `run` gets every item asked for
 * since the last flush (at `setImmediate`) and answers one result per item, in the same order.
 * A failed run fails every call of it. For the delivery workers, whose batch of jobs starts at
 * once: on PGlite's one connection every statement costs a turn, so N rows in one statement
 * beat N statements (webhook bench, decision 028).
 */
export function coalesced<T, R>(run: (items: T[]) => Promise<R[]>): (item: T) => Promise<R> {
  let pending: Array<{ item: T; resolve: (result: R) => void; reject: (error: unknown) => void }> = [];
  const flush = () => {
    const batch = pending;
    pending = [];
    Promise.resolve()
      .then(() => run(batch.map((entry) => entry.item)))
      .then(
        (results) => batch.forEach((entry, i) => entry.resolve(results[i] as R)),
        (error: unknown) => batch.forEach((entry) => entry.reject(error)),
      );
  };
  return (item) =>
    new Promise<R>((resolve, reject) => {
      if (pending.length === 0) setImmediate(flush);
      pending.push({ item, resolve, reject });
    });
}
