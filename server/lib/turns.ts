/**
 * Long work done in slices (a large upload's decoding and hashing) gives the event loop back between
 * slices. With setImmediate alone, eight uploads at once each queued a slice for the same turn, and the
 * turn ran all eight back to back before any other request was heard. Here the slices of everyone take
 * turns instead: one slice per turn of the event loop, oldest waiter first, with I/O polled in between.
 */
const waiting: Array<() => void> = [];
let scheduled = false;

function runOne(): void {
  scheduled = false;
  waiting.shift()?.();
  if (waiting.length) schedule();
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  setImmediate(runOne);
}

/** Resolves at a later turn of the event loop, when it is this caller's turn for one slice of work. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    schedule();
  });
}
