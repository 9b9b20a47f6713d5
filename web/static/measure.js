// measure.js — "This computer on the roofline": a short benchmark of the visitor's
// own machine, started only by the visitor (the card's button or
// tokenJourney.measureComputer(true)), never on load; a few seconds; nothing is sent
// anywhere. The app keeps the result (app/token/measured_card.h) and makes it the
// token scene's preset hw.measured.
//   With WebGPU: the GPU's sustained bandwidth (compute shaders streaming through a
//   buffer of up to 256 MiB, far above a GPU's caches) and its arithmetic rate (loops of
//   f32 fused multiply-adds, and f16 where the adapter has shader-f16), each the best
//   of three timed runs after a warm-up, with the adapter's name.
//   Without WebGPU (none, or no adapter): one WebAssembly thread streaming through
//   256 MiB and running scalar multiply-adds (js_api.cpp: tj_measure_cpu_*).
// A hidden page (the browser slows its timers and GPU work) stops the run; the last
// good figures stay. The reasons the page gives are string-table keys (measured.why_*)
// where it knows them, else the browser's own words.
'use strict';
window.TJMeasure = (function () {
  const MiB = 1 << 20;
  const kRuns = 3;            // timed runs per figure, the best kept
  const kTargetS = 0.08;      // a timed run lasts at least this long, so the clock's grain does not count
  const kBudgetS = 1.2;       // a figure's timed runs stop past this (a software GPU is slow)
  let run = null;             // {stopped: why or ''} while a measurement is under way

  const C = (name, ret, types, args) => Module.ccall(name, ret, types, args);
  // The note is a string-table key (assets/strings_measured.json), shown in the language shown.
  const progress = (share, note) => C('tj_measure_progress', null, ['number', 'string'], [share, note]);
  const nextTurn = () => new Promise((r) => setTimeout(r, 0));
  function check() {
    if (document.visibilityState === 'hidden' && !run.stopped)
      run.stopped = 'measured.why_hidden';
    if (run.stopped) throw new Error(run.stopped);
  }
  function memoryGb() {
    const m = Number(navigator.deviceMemory);  // rounded, and capped by the browser (often at 8)
    return Number.isFinite(m) && m > 0 ? m : 0;  // absent (Firefox, Safari): 0, not reported
  }

  // ---- WebGPU ----
  const readShader = `
@group(0) @binding(0) var<storage, read> src: array<vec4<f32>>;
@group(0) @binding(1) var<storage, read_write> dst: array<f32>;
@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
  let n = arrayLength(&src);
  let stride = nwg.x * 256u;
  var acc = vec4<f32>(0.0);
  for (var i = gid.x; i < n; i += stride) { acc += src[i]; }
  dst[gid.x] = acc.x + acc.y + acc.z + acc.w;
}`;
  // 4 independent chains of 4 lanes: 32 FLOPs an iteration.
  const fmaShader = (t) => `${t === 'f16' ? 'enable f16;' : ''}
struct P { iters: u32 }
@group(0) @binding(0) var<storage, read_write> dst: array<f32>;
@group(0) @binding(1) var<uniform> p: P;
@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  var a = vec4<${t}>(${t}(gid.x & 7u) * ${t}(0.001), ${t}(1.0), ${t}(0.5), ${t}(0.25));
  var b = a + vec4<${t}>(${t}(0.1));
  var c = a + vec4<${t}>(${t}(0.2));
  var d = a + vec4<${t}>(${t}(0.3));
  let m = vec4<${t}>(${t}(0.999));
  let k = vec4<${t}>(${t}(0.001));
  for (var i = 0u; i < p.iters; i++) {
    a = fma(a, m, k); b = fma(b, m, k); c = fma(c, m, k); d = fma(d, m, k);
  }
  let s = a + b + c + d;
  dst[gid.x] = f32(s.x + s.y + s.z + s.w);
}`;

  async function timeSubmits(device, encode, reps) {
    const t0 = performance.now();
    const enc = device.createCommandEncoder();
    for (let r = 0; r < reps; r++) encode(enc);
    device.queue.submit([enc.finish()]);
    await device.queue.onSubmittedWorkDone();
    return (performance.now() - t0) / 1000;
  }
  // The best rate of up to kRuns timed runs of `reps` passes (reps grown until a run
  // lasts kTargetS), fewer when a slow device would pass kBudgetS (two at least).
  async function bestRate(device, encode, workPerPass, from, to, label) {
    await timeSubmits(device, encode, 1);  // warm-up: pipelines built, pages touched
    check();
    const start = performance.now();
    let reps = 1, t = await timeSubmits(device, encode, reps);
    while (t < kTargetS && reps < 4096) {
      reps = Math.min(4096, reps * Math.max(2, Math.ceil(kTargetS / Math.max(t, 1e-4))));
      check();
      t = await timeSubmits(device, encode, reps);
    }
    let best = t;
    for (let r = 1; r < kRuns && (r < 2 || performance.now() - start < kBudgetS * 1000); r++) {
      check();
      progress(from + (to - from) * r / kRuns, label);
      best = Math.min(best, await timeSubmits(device, encode, reps));
    }
    return workPerPass * reps / best;
  }

  async function measureGpu() {
    const adapter = await navigator.gpu.requestAdapter();
    if (!adapter) return null;
    const info = adapter.info || {};
    const name = [info.vendor, info.architecture, info.device, info.description].filter(Boolean).join(' ') ||
      'WebGPU adapter';
    const lim = adapter.limits;
    const bytes = Math.floor(Math.min(256 * MiB, lim.maxStorageBufferBindingSize, lim.maxBufferSize) / MiB) * MiB;
    const hasF16 = adapter.features.has('shader-f16');
    const device = await adapter.requestDevice({
      requiredLimits: {maxStorageBufferBindingSize: bytes, maxBufferSize: bytes},
      requiredFeatures: hasF16 ? ['shader-f16'] : [],
    });
    let lost = '';
    device.lost.then((l) => { lost = l.message || 'the GPU device was lost'; if (run) run.stopped = lost; });
    try {
      progress(0.05, 'measured.note_gpu_buffer');
      const src = device.createBuffer({size: bytes, usage: GPUBufferUsage.STORAGE, mappedAtCreation: true});
      new Uint32Array(src.getMappedRange()).fill(0x3f800000);  // 1.0f everywhere: real bytes to read
      src.unmap();
      const groups = 1024, dst = device.createBuffer({size: groups * 256 * 4, usage: GPUBufferUsage.STORAGE});
      const read = device.createComputePipeline({layout: 'auto',
        compute: {module: device.createShaderModule({code: readShader}), entryPoint: 'main'}});
      const readBind = device.createBindGroup({layout: read.getBindGroupLayout(0),
        entries: [{binding: 0, resource: {buffer: src}}, {binding: 1, resource: {buffer: dst}}]});
      const readPass = (enc) => {
        const p = enc.beginComputePass();
        p.setPipeline(read); p.setBindGroup(0, readBind); p.dispatchWorkgroups(groups); p.end();
      };
      const bw = await bestRate(device, readPass, bytes, 0.1, 0.5, 'measured.note_gpu_read');
      src.destroy();
      // Iterations grown (from 8, x4) until one dispatch of 1024 workgroups lasts kTargetS: a
      // software GPU does few, a large one many; the timed runs then repeat that dispatch.
      const rate = async (type, from, to) => {
        const uni = device.createBuffer({size: 16, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST});
        const pipe = device.createComputePipeline({layout: 'auto',
          compute: {module: device.createShaderModule({code: fmaShader(type)}), entryPoint: 'main'}});
        const bind = device.createBindGroup({layout: pipe.getBindGroupLayout(0),
          entries: [{binding: 0, resource: {buffer: dst}}, {binding: 1, resource: {buffer: uni}}]});
        const pass = (enc) => {
          const p = enc.beginComputePass();
          p.setPipeline(pipe); p.setBindGroup(0, bind); p.dispatchWorkgroups(groups); p.end();
        };
        let iters = 8;
        device.queue.writeBuffer(uni, 0, new Uint32Array([iters, 0, 0, 0]));
        await timeSubmits(device, pass, 1);  // warm-up: the pipeline built
        for (let t = await timeSubmits(device, pass, 1); t < kTargetS && iters < (1 << 20);
          t = await timeSubmits(device, pass, 1)) {
          check();
          iters *= 4;
          device.queue.writeBuffer(uni, 0, new Uint32Array([iters, 0, 0, 0]));
        }
        return bestRate(device, pass, groups * 256 * iters * 32, from, to, `measured.note_gpu_${type}`);
      };
      const flops = await rate('f32', 0.5, hasF16 ? 0.75 : 0.95);
      const f16 = hasF16 ? await rate('f16', 0.75, 0.95) : 0;
      return {bandwidth_gbs: bw / 1e9, flops, flops_f16: f16, memory_gb: memoryGb(), adapter: name, path: 'webgpu'};
    } finally {
      device.destroy();
    }
  }

  // ---- WebAssembly, one thread ----
  async function measureCpu() {
    try {
      const bytes = C('tj_measure_cpu_bytes', 'number', [], []);
      progress(0.05, 'measured.note_cpu_buffer');
      await nextTurn();
      if (C('tj_measure_cpu_read', 'number', [], []) < 0) throw new Error('the 256 MiB buffer could not be allocated');
      let best = Infinity;
      for (let r = 0; r < kRuns; r++) {
        check();
        progress(0.1 + 0.5 * (r + 1) / kRuns, 'measured.note_cpu_read');
        await nextTurn();
        best = Math.min(best, C('tj_measure_cpu_read', 'number', [], []));
      }
      const bw = bytes / best;
      let iters = 1 << 16, t = C('tj_measure_cpu_fma', 'number', ['number'], [iters]);
      while (t < kTargetS && iters < 2 ** 30) {
        iters *= Math.max(2, Math.ceil(kTargetS / Math.max(t, 1e-4)));
        t = C('tj_measure_cpu_fma', 'number', ['number'], [iters]);
      }
      let bestF = t;
      for (let r = 1; r < kRuns; r++) {
        check();
        progress(0.65 + 0.3 * r / kRuns, 'measured.note_cpu_fma');
        await nextTurn();
        bestF = Math.min(bestF, C('tj_measure_cpu_fma', 'number', ['number'], [iters]));
      }
      const ua = navigator.userAgentData && navigator.userAgentData.platform;
      return {bandwidth_gbs: bw / 1e9, flops: iters * 16 / bestF, flops_f16: 0, memory_gb: memoryGb(),
        adapter: `WebAssembly, 1 thread (navigator.hardwareConcurrency ${navigator.hardwareConcurrency || '?'}${ua ? ', ' + ua : ''})`,
        path: 'wasm'};
    } finally {
      C('tj_measure_cpu_release', null, [], []);
    }
  }

  async function measure() {
    let fig = null;
    if (navigator.gpu) {
      try { fig = await measureGpu(); } catch (e) { if (run.stopped) throw e; fig = null; }
    }
    check();
    if (!fig) fig = await measureCpu();
    check();
    return fig;
  }

  function onHidden() { if (run && document.visibilityState === 'hidden') run.stopped = 'measured.why_hidden'; }

  return {
    // '' when a run starts, else why not (one is under way).
    start() {
      if (!C('tj_measure_start', 'number', [], [])) return 'a measurement is already under way';
      run = {stopped: ''};
      document.addEventListener('visibilitychange', onHidden);
      measure().then((f) => {
        const why = C('tj_measure_finish', 'string',
          ['number', 'number', 'number', 'number', 'string', 'string'],
          [f.bandwidth_gbs, f.flops, f.flops_f16, f.memory_gb, f.adapter.slice(0, 200), f.path]);
        if (why) console.warn('measurement refused: ' + why);
      }).catch((e) => {
        C('tj_measure_fail', null, ['string'], [String((e && e.message) || e).slice(0, 300)]);
      }).finally(() => {
        document.removeEventListener('visibilitychange', onHidden);
        run = null;
      });
      return '';
    },
    stop() { if (run) run.stopped = 'measured.why_stopped'; return ''; },
    running() { return !!run; },
  };
})();
