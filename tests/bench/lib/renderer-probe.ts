/**
 * What the renderer benchmark runs inside the page. Kept as plain JavaScript text: tests/ is
 * type-checked without the DOM library, and none of this is the app's code.
 *
 * Installed with `addInitScript`, before the app's own scripts, it keeps `window.__bench`:
 *  - `firstRow`: when the first ticket row entered the DOM (`domTime`), the start of the frame
 *    that drew it (`frameTime`) and a task queued from that frame's rAF, which runs once the
 *    frame is painted (`afterPaint`). The row and its descendants get an `elementtiming`
 *    attribute before that paint, so Chromium's Element Timing also reports its `renderTime`.
 *  - `longTasks` and `longFrames`: every long task and long animation frame (≥ 50 ms) seen.
 *  - `dataArrived(match)`: Resource Timing of the GET /tickets answer that fed the first row.
 *  - `frames(ms, during)`: requestAnimationFrame timestamps over `ms` while `during` runs.
 *  - `scrollThrough(ms, pxPerSecond?)`: scrolls the ticket list from its top at an even pace,
 *    to the bottom, or at `pxPerSecond`.
 *  - `fillList(target, ms)`: keeps the list scrolled to its end until `target` rows are loaded.
 */
export const PROBE_SCRIPT = String.raw`
(() => {
  const bench = (window.__bench = {
    firstRow: null,
    rowTimings: [],
    longTasks: [],
    longFrames: [],
  })
  const observe = (type, push) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(push)).observe({ type, buffered: true })
      return true
    } catch {
      return false
    }
  }
  bench.supports = {
    element: observe('element', (entry) => {
      if (entry.identifier === 'bench-row') bench.rowTimings.push(entry.renderTime || entry.loadTime)
    }),
    longtask: observe('longtask', (entry) =>
      bench.longTasks.push({ start: entry.startTime, duration: entry.duration }),
    ),
    loaf: observe('long-animation-frame', (entry) =>
      bench.longFrames.push({
        start: entry.startTime,
        duration: entry.duration,
        blocking: entry.blockingDuration,
      }),
    ),
  }

  const markFirstRow = (row) => {
    const first = (bench.firstRow = { domTime: performance.now() })
    for (const element of [row, ...row.querySelectorAll('*')])
      element.setAttribute('elementtiming', 'bench-row')
    requestAnimationFrame((frameTime) => {
      first.frameTime = frameTime
      const channel = new MessageChannel()
      channel.port1.onmessage = () => {
        first.afterPaint = performance.now()
      }
      channel.port2.postMessage(0)
    })
  }
  const watcher = new MutationObserver(() => {
    const row = document.querySelector('[data-ticket-row]')
    if (!row) return
    watcher.disconnect()
    markFirstRow(row)
  })
  watcher.observe(document, { childList: true, subtree: true })

  /** The latest matching /tickets answer that ended before the first row entered the DOM. */
  bench.dataArrived = (match) => {
    const before = bench.firstRow ? bench.firstRow.domTime : Infinity
    const entries = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.includes('/tickets?') && match.every((part) => entry.name.includes(part)))
      .filter((entry) => entry.responseEnd <= before)
    const entry = entries.sort((a, b) => a.responseEnd - b.responseEnd).at(-1)
    return entry
      ? {
          name: entry.name,
          requestStart: entry.requestStart,
          responseStart: entry.responseStart,
          responseEnd: entry.responseEnd,
          bytes: entry.encodedBodySize,
        }
      : null
  }

  bench.scroller = () => {
    const row = document.querySelector('[data-ticket-row]')
    return row ? row.closest('[role="list"]') : null
  }

  /** Row count the list holds: one past the highest index drawn once scrolled to the end. */
  bench.rowsInList = async () => {
    const scroller = bench.scroller()
    const top = scroller.scrollTop
    scroller.scrollTop = scroller.scrollHeight
    for (let i = 0; i < 3; i++) await new Promise((resolve) => requestAnimationFrame(resolve))
    const indexes = [...scroller.querySelectorAll('[data-ticket-row]')].map((row) => Number(row.dataset.index))
    scroller.scrollTop = top
    for (let i = 0; i < 3; i++) await new Promise((resolve) => requestAnimationFrame(resolve))
    return Math.max(...indexes) + 1
  }

  bench.topRowText = () => {
    const scroller = bench.scroller()
    const row = scroller && scroller.querySelector('[data-ticket-row][data-index="0"]')
    return row ? row.textContent : null
  }

  bench.idle = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

  /** rAF timestamps from the call until ms have passed and during() (if any) has settled. */
  bench.frames = async (ms, during) => {
    const times = []
    let running = true
    const loop = (time) => {
      times.push(time)
      if (running) requestAnimationFrame(loop)
    }
    requestAnimationFrame(loop)
    const start = performance.now()
    const result = await Promise.all([during ? during() : null, bench.idle(ms)])
    running = false
    await new Promise((resolve) => requestAnimationFrame(resolve))
    const end = performance.now()
    const within = (entry) => entry.start >= start && entry.start < end
    return {
      start,
      end,
      times,
      longTasks: bench.longTasks.filter(within),
      longFrames: bench.longFrames.filter(within),
      result: result[0],
    }
  }

  /** Top to bottom in ms at an even pace, or at pxPerSecond for ms from the top. */
  bench.scrollThrough = (ms, pxPerSecond) =>
    new Promise((resolve) => {
      const scroller = bench.scroller()
      scroller.scrollTop = 0
      // Read once: reading it every frame would force a layout the frame does not need.
      const range = scroller.scrollHeight - scroller.clientHeight
      const distance = pxPerSecond ? Math.min(range, (pxPerSecond * ms) / 1000) : range
      let start = null
      const step = (time) => {
        start ??= time
        const progress = Math.min(1, (time - start) / ms)
        scroller.scrollTop = progress * distance
        if (progress < 1) requestAnimationFrame(step)
        else resolve({ distance, viewport: scroller.clientHeight })
      }
      requestAnimationFrame(step)
    })

  bench.fillList = (target, ms) =>
    new Promise((resolve) => {
      const started = performance.now()
      const step = () => {
        const scroller = bench.scroller()
        scroller.scrollTop = scroller.scrollHeight
        const rows = [...scroller.querySelectorAll('[data-ticket-row]')]
        const loaded = rows.length ? Math.max(...rows.map((row) => Number(row.dataset.index))) + 1 : 0
        const busy = scroller.getAttribute('aria-busy') === 'true'
        const elapsed = performance.now() - started
        if ((loaded >= target && !busy) || elapsed > ms) resolve({ loaded, elapsed })
        else requestAnimationFrame(step)
      }
      requestAnimationFrame(step)
    })
})()
`

/** What `window.__bench.frames` answers. */
export interface FrameRecord<T = unknown> {
  start: number
  end: number
  times: number[]
  longTasks: { start: number; duration: number }[]
  longFrames: { start: number; duration: number; blocking: number }[]
  result: T
}

export interface FirstRow {
  domTime: number
  frameTime?: number
  afterPaint?: number
}

export interface DataArrival {
  name: string
  requestStart: number
  responseStart: number
  responseEnd: number
  bytes: number
}

/** `window.__bench`, as the functions handed to `page.evaluate` see it through `globalThis`. */
export interface BenchProbe {
  firstRow: FirstRow | null
  rowTimings: number[]
  supports: { element: boolean; longtask: boolean; loaf: boolean }
  dataArrived: (match: string[]) => DataArrival | null
  rowsInList: () => Promise<number>
  topRowText: () => string | null
  scroller: () => { scrollTop: number } | null
  frames: <T>(ms: number, during?: () => Promise<T>) => Promise<FrameRecord<T>>
  scrollThrough: (
    ms: number,
    pxPerSecond?: number,
  ) => Promise<{ distance: number; viewport: number }>
  fillList: (target: number, ms: number) => Promise<{ loaded: number; elapsed: number }>
}
export type BenchWindow = { __bench: BenchProbe }
