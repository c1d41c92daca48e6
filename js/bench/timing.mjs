// The timing loop the benchmarks share (js/bench/*.mjs and tests/wasm/curve_bench.mjs):
// calibrate a batch of calls that takes about 20 ms, then 7 runs of about seconds/7
// each, each run repeating whole batches.
//
// time(fn, seconds) -> { median, min, max }: nanoseconds per call of fn (the 4th,
// 1st and 7th of the 7 runs sorted). timeAsync(fn, seconds): the same for a fn that
// returns a promise (awaited call by call). fn gets the call's number (0, 1, ...).
// Wall clock (performance.now()) of the batches; no warm-up beyond the calibration.

// The schedule: yields a batch size, takes back the batch's milliseconds.
function* schedule(seconds) {
  let n = 1;
  while ((yield n) <= 20) n *= 2;
  const runs = [];
  for (let r = 0; r < 7; ++r) {
    let calls = 0, ms = 0;
    while (ms < (seconds * 1000) / 7) {
      ms += yield n;
      calls += n;
    }
    runs.push((ms * 1e6) / calls);
  }
  runs.sort((a, b) => a - b);
  return { median: runs[3], min: runs[0], max: runs[6] };
}

export function time(fn, seconds) {
  const plan = schedule(seconds);
  let call = 0;
  for (let step = plan.next(); ; ) {
    if (step.done) return step.value;
    const t = performance.now();
    for (let i = 0; i < step.value; ++i) fn(call++);
    step = plan.next(performance.now() - t);
  }
}

export async function timeAsync(fn, seconds) {
  const plan = schedule(seconds);
  let call = 0;
  for (let step = plan.next(); ; ) {
    if (step.done) return step.value;
    const t = performance.now();
    for (let i = 0; i < step.value; ++i) await fn(call++);
    step = plan.next(performance.now() - t);
  }
}
