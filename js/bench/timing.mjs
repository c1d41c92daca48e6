// The timing loop both benchmarks share (js/bench/bench.mjs and
// tests/wasm/curve_bench.mjs): calibrate a batch of calls that takes about 20 ms,
// then 7 runs of about seconds/7 each, each run repeating whole batches.
//
// time(fn, seconds) -> { median, min, max }: nanoseconds per call of fn (the 4th,
// 1st and 7th of the 7 runs sorted). Wall clock (performance.now()); no warm-up
// beyond the calibration.
export function time(fn, seconds) {
  let n = 1;
  for (;;) {
    const t = performance.now();
    for (let i = 0; i < n; ++i) fn();
    if (performance.now() - t > 20) break;
    n *= 2;
  }
  const runs = [];
  for (let r = 0; r < 7; ++r) {
    let calls = 0;
    const t = performance.now();
    while (performance.now() - t < (seconds * 1000) / 7) {
      for (let i = 0; i < n; ++i) fn();
      calls += n;
    }
    runs.push(((performance.now() - t) * 1e6) / calls);
  }
  runs.sort((a, b) => a - b);
  return { median: runs[3], min: runs[0], max: runs[6] };
}
