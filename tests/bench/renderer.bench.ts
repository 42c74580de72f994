import { readFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'
import { COMPANY_ID } from './lib/renderer-data'
import {
  PROBE_SCRIPT,
  type BenchWindow,
  type FirstRow,
  type FrameRecord,
} from './lib/renderer-probe'
import {
  CHROMIUM,
  CHROMIUM_ARGS,
  ensureFreshBuild,
  repositoryRoot as root,
  webRoot,
} from './lib/renderer-build'
import { startRendererServer, type RendererServer } from './lib/renderer-server'
import { report, summarise } from './lib/stats'

/**
 * Renderer (issue requirement): 10k tickets in the list, first paint ≤ 300 ms after the data,
 * no frame over 50 ms while scrolling or while 50 updates/s arrive.
 *
 * The built renderer (out/renderer, rebuilt first when the sources are newer) runs in headless
 * Chromium against a fake API and Socket.IO server in this process (lib/renderer-server.ts), as
 * a signed-in admin on /#/tickets whose open list holds 10,000 tickets. Figures only: a missed
 * goal is printed, not a failure; only a crash exits non-zero.
 *
 * - First paint after data: from the end of the GET /tickets?status=open answer (Resource
 *   Timing `responseEnd`, page clock) to the paint of the first ticket row (Element Timing
 *   `renderTime` of the row; without it, the task queued from the drawing frame's rAF). Fresh
 *   page loads, first with the server's pages of 40, then with all 10,000 in one answer.
 * - Frames: requestAnimationFrame deltas in the page, with the Long Tasks and Long Animation
 *   Frames Chromium reports in the same window, while infinite scroll loads the 10,000 rows 40
 *   at a time, while the loaded list scrolls top to bottom in 5 s and at a wheel pace, while 50
 *   `company-{id}-ticket` updates a second arrive over the real socket (list at its top), both
 *   at once, and the updates again with the 10,000 rows in one cached page.
 *
 * BENCH_RUNS (default 5) loads per first-paint figure; BENCH_NO_BUILD=1 skips the rebuild;
 * BENCH_WEB_ROOT=dir measures another build of the renderer (to compare a change).
 */
const TICKETS = 10_000
const PAGE_SIZE = 40
const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const SCROLL_MS = 5_000
const UPDATE_RATE = 50
const UPDATE_MS = 5_000
/** A steady mouse-wheel pace: about 30 rows a second. */
const WHEEL_PX_PER_S = 3_000
const FRAME_GOAL_MS = 50
const PAINT_GOAL_MS = 300
/**
 * rAF timestamps are vsync times, so frames last whole vsyncs (16.7 ms): one of three vsyncs
 * measures 50 ms give or take a few µs and meets the goal.
 */
const VSYNC_SLACK_MS = 0.5
const VIEWPORT = { width: 1280, height: 800 }

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))
const ms = (value: number) => `${value.toFixed(0)} ms`

/** Frame statistics of a recording: rAF deltas, and what Chromium flagged as long. */
function frameStats(record: FrameRecord) {
  const deltas = record.times.slice(1).map((time, index) => time - record.times[index]!)
  const { p50, p99 } = summarise(deltas)
  return {
    frames: deltas.length,
    p50,
    p99,
    max: Math.max(0, ...deltas),
    over: deltas.filter((delta) => delta > FRAME_GOAL_MS + VSYNC_SLACK_MS).length,
    longTasks: record.longTasks.length,
    longestTask: Math.max(0, ...record.longTasks.map((task) => task.duration)),
    longFrames: record.longFrames.length,
    longestFrame: Math.max(0, ...record.longFrames.map((frame) => frame.duration)),
  }
}

function reportFrames(label: string, record: FrameRecord) {
  const stats = frameStats(record)
  report(
    `renderer: ${label}: max frame`,
    `${ms(stats.max)} (p99 ${ms(stats.p99)}, p50 ${ms(stats.p50)})`,
    `≤ ${FRAME_GOAL_MS} ms`,
    stats.max <= FRAME_GOAL_MS + VSYNC_SLACK_MS,
  )
  report(
    `renderer: ${label}: frames > ${FRAME_GOAL_MS} ms`,
    `${stats.over} of ${stats.frames}`,
    '0',
    stats.over === 0,
  )
  console.log(
    `  Chromium: ${stats.longTasks} long tasks (longest ${ms(stats.longestTask)}), ` +
      `${stats.longFrames} long animation frames (longest ${ms(stats.longestFrame)})`,
  )
}

interface PaintRun {
  firstPaint: number
  toDom: number
  domToPaint: number
  /** The after-paint task's estimate of the same, as a cross-check. */
  domToAfterPaint: number
  bytes: number
  source: 'element timing' | 'after-paint task'
}

/** A fresh load of /#/tickets: from the open list's data arriving to its first row painted. */
async function measureFirstPaint(page: Page, server: RendererServer): Promise<PaintRun> {
  await page.addInitScript({ content: PROBE_SCRIPT })
  await page.goto(`${server.url}/#/tickets`)
  await page.waitForFunction(
    () => (globalThis as unknown as BenchWindow).__bench.firstRow?.afterPaint !== undefined,
    undefined,
    { timeout: 60_000 },
  )
  // Element Timing entries are delivered after the frame is presented.
  await page
    .waitForFunction(() => (globalThis as unknown as BenchWindow).__bench.rowTimings.length > 0, {
      timeout: 2_000,
    })
    .catch(() => undefined)
  const probe = await page.evaluate(() => {
    const bench = (globalThis as unknown as BenchWindow).__bench
    return {
      firstRow: bench.firstRow,
      rowTimings: bench.rowTimings,
      data: bench.dataArrived(['status=open', 'pageNumber=1']),
    }
  })
  const firstRow = probe.firstRow as Required<FirstRow>
  const data = probe.data
  if (!data) throw new Error('no GET /tickets?status=open answer before the first row')
  const rendered = probe.rowTimings.filter((time) => time > 0)
  const paint = rendered.length > 0 ? Math.min(...rendered) : firstRow.afterPaint
  return {
    firstPaint: paint - data.responseEnd,
    toDom: firstRow.domTime - data.responseEnd,
    domToPaint: paint - firstRow.domTime,
    domToAfterPaint: firstRow.afterPaint - firstRow.domTime,
    bytes: data.bytes,
    source: rendered.length > 0 ? 'element timing' : 'after-paint task',
  }
}

function reportFirstPaint(label: string, runs: PaintRun[]) {
  const paints = runs.map((run) => run.firstPaint)
  const max = Math.max(...paints)
  report(
    `renderer: first paint after data, ${label}`,
    `p50 ${ms(summarise(paints).p50)}, max ${ms(max)} (${runs.length} loads)`,
    `≤ ${PAINT_GOAL_MS} ms`,
    max <= PAINT_GOAL_MS,
  )
  const median = (values: number[]) => ms(summarise(values).p50)
  const kb = runs[0]!.bytes / 1024
  console.log(
    `  answer ${kb >= 1024 ? `${(kb / 1024).toFixed(1)} MB` : `${kb.toFixed(0)} KB`}; medians: ` +
      `responseEnd → row in DOM ${median(runs.map((run) => run.toDom))}, → painted ` +
      `${median(runs.map((run) => run.domToPaint))} (${[...new Set(runs.map((run) => run.source))].join(' / ')}; ` +
      `after-paint task ${median(runs.map((run) => run.domToAfterPaint))})`,
  )
}

/** Counts the ticket events that reach the page's WebSocket. */
function countTicketEvents(page: Page) {
  const counter = { received: 0 }
  const event = `company-${COMPANY_ID}-ticket`
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      if (typeof payload === 'string' && payload.includes(event)) counter.received += 1
    }),
  )
  return counter
}

/** Several fresh loads; the last page stays open for the frame measurements. */
async function firstPaintRuns(browser: Browser, server: RendererServer) {
  const runs: PaintRun[] = []
  let last: { page: Page; events: { received: number } } | null = null
  for (let i = 0; i < RUNS; i++) {
    if (last) await last.page.close()
    const page = await browser.newPage({ viewport: VIEWPORT })
    const events = countTicketEvents(page)
    runs.push(await measureFirstPaint(page, server))
    last = { page, events }
  }
  return { runs, ...last! }
}

async function waitForSocket(server: RendererServer) {
  for (let waited = 0; server.connectedSockets() === 0; waited += 100) {
    if (waited > 10_000) throw new Error('the renderer never connected its company socket')
    await sleep(100)
  }
}

const scrollFrames = (page: Page, duration: number, pxPerSecond?: number) =>
  page.evaluate(
    ([duration, pxPerSecond]) => {
      const bench = (globalThis as unknown as BenchWindow).__bench
      return bench.frames(0, () => bench.scrollThrough(duration, pxPerSecond))
    },
    [duration, pxPerSecond] as const,
  )

const scrollToTop = (page: Page) =>
  page.evaluate(() => {
    const scroller = (globalThis as unknown as BenchWindow).__bench.scroller()
    if (scroller) scroller.scrollTop = 0
  })

/** Frames while `UPDATE_RATE` ticket updates a second arrive, the list at its top. */
async function updateFrames(
  page: Page,
  server: RendererServer,
  events: { received: number },
  label: string,
) {
  await waitForSocket(server)
  await scrollToTop(page)
  await sleep(1_000)
  const before = events.received
  const recording = page.evaluate(
    (duration) => (globalThis as unknown as BenchWindow).__bench.frames(duration),
    UPDATE_MS + 500,
  )
  await sleep(100)
  const emitted = await server.emitUpdates(UPDATE_RATE, UPDATE_MS)
  const record = await recording
  await sleep(500)
  const top = await page.evaluate(() => (globalThis as unknown as BenchWindow).__bench.topRowText())
  const shown = top?.includes(`bench update #${emitted.lastSerial}`) ?? false
  reportFrames(label, record)
  console.log(
    `  ${emitted.sent} updates sent in ${UPDATE_MS / 1000} s, ${events.received - before} reached ` +
      `the page's socket; the last one ${shown ? 'is' : 'is NOT'} the top row after 0.5 s`,
  )
}

ensureFreshBuild()
const version = (
  JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }
).version
const server = await startRendererServer({ webRoot, tickets: TICKETS, version })
let browser: Browser | null = null
const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')
try {
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true })
  console.log(
    `Chromium ${browser.version()} headless, software rendering (--disable-gpu); ` +
      `${cpus().length} CPU cores, load average ${load()} at start; ` +
      `viewport ${VIEWPORT.width}×${VIEWPORT.height}; ${TICKETS} open tickets of the signed-in admin; ` +
      `renderer from ${webRoot}`,
  )

  // As the server answers: pages of 40, the rest loaded by infinite scroll.
  server.setOpenPageSize(PAGE_SIZE)
  const paged = await firstPaintRuns(browser, server)
  reportFirstPaint(`page of ${PAGE_SIZE}`, paged.runs)
  const { page, events } = paged
  await sleep(1_000)
  const fill = await page.evaluate(
    ([target, timeout]) => {
      const bench = (globalThis as unknown as BenchWindow).__bench
      return bench.frames(0, () => bench.fillList(target, timeout))
    },
    [TICKETS, 180_000] as const,
  )
  reportFrames(`infinite scroll to ${TICKETS / 1000}k`, fill)
  console.log(
    `  loaded ${fill.result.loaded} rows (${Math.ceil(fill.result.loaded / PAGE_SIZE)} pages of ` +
      `${PAGE_SIZE}) in ${(fill.result.elapsed / 1000).toFixed(1)} s, the list held at its end ` +
      `(${((fill.result.loaded / PAGE_SIZE / fill.result.elapsed) * 1000).toFixed(1)} pages/s)`,
  )

  await sleep(1_000)
  const rows = await page.evaluate(() =>
    (globalThis as unknown as BenchWindow).__bench.rowsInList(),
  )
  console.log(`  rows in the list: ${rows} (one past the last row index drawn at the end)`)
  if (rows !== TICKETS) console.log(`  ✘ expected ${TICKETS} rows in the list`)

  await sleep(500)
  const scroll = await scrollFrames(page, SCROLL_MS)
  reportFrames(`scroll ${TICKETS / 1000}k in ${SCROLL_MS / 1000} s`, scroll)
  console.log(
    `  ${(scroll.result.distance / 1e6).toFixed(2)} Mpx in ${((scroll.end - scroll.start) / 1000).toFixed(1)} s: ` +
      `${(scroll.result.distance / Math.max(1, scroll.times.length - 1)).toFixed(0)} px a frame ` +
      `through a list ${scroll.result.viewport} px tall`,
  )
  await sleep(500)
  const wheel = await scrollFrames(page, SCROLL_MS, WHEEL_PX_PER_S)
  reportFrames(`scroll ${WHEEL_PX_PER_S} px/s`, wheel)

  await updateFrames(page, server, events, `${UPDATE_RATE} updates/s`)

  // Both at once: not asked for separately, but it is what a busy inbox does.
  await sleep(1_000)
  const both = scrollFrames(page, SCROLL_MS)
  await server.emitUpdates(UPDATE_RATE, SCROLL_MS)
  reportFrames(`scroll + ${UPDATE_RATE} updates/s`, await both)
  await page.close()

  // All 10,000 in one answer (the real server pages by 40): the whole list from the first paint.
  server.setOpenPageSize(TICKETS)
  const whole = await firstPaintRuns(browser, server)
  reportFirstPaint(`${TICKETS / 1000}k at once`, whole.runs)
  await sleep(1_000)
  await updateFrames(
    whole.page,
    server,
    whole.events,
    `${UPDATE_RATE} updates/s, ${TICKETS / 1000}k in 1 page`,
  )
  await whole.page.close()

  console.log(`  load average ${load()} at the end`)
  if (server.unknownRequests.size > 0)
    console.log(`  requests the fake API does not know: ${[...server.unknownRequests].join(', ')}`)
} finally {
  await browser?.close()
  await server.close()
}
