/**
 * Where a press's time goes, read from a Chrome trace (first-press bench, BENCH_TRACE): the
 * renderer main thread's own time by trace event (script, style, layout, paint…) and, from the V8
 * sampling profiler, by JavaScript function, between the press's pointerdown and the painted
 * answer. Self times: a parent's figure leaves out its children's.
 */
type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's own CPU time in the span: unlike `dur`, not lengthened by a busy host. */
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: { name?: string; data?: Record<string, unknown> & { type?: string; cpuProfile?: CpuProfileChunk; timeDeltas?: number[] } };
};
type CpuProfileNode = { id: number; callFrame: { functionName: string; url?: string; lineNumber?: number }; parent?: number };
type CpuProfileChunk = { nodes?: CpuProfileNode[]; samples?: number[] };

/**
 * `cpuMs`: the main thread's own CPU time (trace `tdur`) from the pointerdown to the end of the
 * first commit to the compositor after the click's handlers: the press's work without the waits a
 * shared host adds, so two builds can be compared on a busy machine. `rasterMs`: the CPU time of
 * the tiles rastered for that commit before it could be shown, which `cpuMs` leaves out.
 */
export type PressBreakdown = { windowMs: number; cpuMs: number; rasterMs: number; byEvent: [string, number][]; byFunction: [string, number][] };

const ms = (us: number) => us / 1000;

function top(map: Map<string, number>, count: number): [string, number][] {
  return [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, count);
}

/** `windowMs` from the press's pointerdown; the events of the renderer that dispatched it. */
export function pressBreakdown(events: TraceEvent[], windowMs: number, count = 12): PressBreakdown | undefined {
  const press = events.find((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'pointerdown');
  if (!press) return undefined;
  const { pid, tid } = press;
  const start = press.ts;
  const end = start + windowMs * 1000;

  // Self time by event name, clipped to the window.
  const spans = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.dur !== undefined && e.ts < end && e.ts + e.dur! > start).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const byEvent = new Map<string, number>();
  const clip = (from: number, to: number) => Math.max(0, Math.min(to, end) - Math.max(from, start));
  // Walk the nesting; each span's self time is its length less its children's.
  const self = new Map<TraceEvent, number>();
  const parents: TraceEvent[] = [];
  for (const span of spans) {
    while (parents.length && parents.at(-1)!.ts + parents.at(-1)!.dur! <= span.ts) parents.pop();
    const own = clip(span.ts, span.ts + span.dur!);
    self.set(span, (self.get(span) ?? 0) + own);
    const parent = parents.at(-1);
    if (parent) self.set(parent, (self.get(parent) ?? 0) - own);
    parents.push(span);
  }
  for (const [span, time] of self) byEvent.set(span.name, (byEvent.get(span.name) ?? 0) + ms(time));

  // Sampled JavaScript by function, from the profile chunks of the same thread.
  const nodes = new Map<number, CpuProfileNode>();
  const byFunction = new Map<string, number>();
  const profileStart = events.find((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid);
  let clock = (profileStart?.args?.data as { startTime?: number } | undefined)?.startTime ?? 0;
  const chunks = events.filter((e) => e.name === 'ProfileChunk' && e.pid === pid && e.id === profileStart?.id);
  for (const chunk of chunks) {
    const data = chunk.args?.data;
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const samples = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    samples.forEach((nodeId, i) => {
      const delta = deltas[i] ?? 0;
      clock += delta;
      if (clock < start || clock > end) return;
      const node = nodes.get(nodeId);
      if (!node) return;
      const file = (node.callFrame.url ?? '').split('/').at(-1) ?? '';
      const key = `${node.callFrame.functionName || '(anonymous)'} ${file}${node.callFrame.lineNumber !== undefined ? `:${node.callFrame.lineNumber + 1}` : ''}`;
      byFunction.set(key, (byFunction.get(key) ?? 0) + ms(deltas[i + 1] ?? delta));
    });
  }
  const click = events.find((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'click' && e.pid === pid && e.tid === tid && e.ts >= start);
  const afterClick = click ? click.ts + (click.dur ?? 0) : start;
  const commit = events.find((e) => e.name === 'Commit' && e.pid === pid && e.tid === tid && e.ts >= afterClick);
  const cpuEnd = commit ? commit.ts + (commit.dur ?? 0) : end;
  let cpu = 0;
  let coveredUntil = 0;
  for (const span of events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.ts >= start && e.ts < cpuEnd).sort((a, b) => a.ts - b.ts)) {
    if (span.ts < coveredUntil) continue;
    coveredUntil = span.ts + (span.dur ?? 0);
    cpu += span.tdur ?? 0;
  }
  // The tiles that frame waited for: raster work (worker threads, not slowed by the CPU throttling)
  // from that commit until its layer tree is activated, which comes before the frame is drawn.
  // A change that lays the whole page out again also rasters the whole page again here.
  const activation = commit && events.find((e) => e.name === 'ActivateLayerTree' && e.pid === pid && e.ts >= commit.ts);
  const raster = activation ? events.filter((e) => e.name === 'RasterTask' && e.pid === pid && e.ts >= commit!.ts && e.ts <= activation.ts).reduce((sum, e) => sum + (e.tdur ?? e.dur ?? 0), 0) : 0;
  return { windowMs, cpuMs: ms(cpu), rasterMs: ms(raster), byEvent: top(byEvent, count), byFunction: top(byFunction, count) };
}

/**
 * The sampling profiler (`withJavaScript`) names the functions but slows the page's script;
 * `withLayers` records the compositor's layers (their names, and when one is created anew).
 */
export function traceCategories(withJavaScript: boolean, withLayers = false): string[] {
  const categories = [...(withLayers ? ['disabled-by-default-devtools.timeline.layers', 'disabled-by-default-cc.debug'] : []), 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.frame', 'v8.execute', 'blink.user_timing', 'toplevel'];
  return withJavaScript ? [...categories, 'disabled-by-default-v8.cpu_profiler'] : categories;
}
