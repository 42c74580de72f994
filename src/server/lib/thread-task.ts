import { Worker, parentPort } from 'node:worker_threads'
import { isErrorCode } from '@shared/errors'
import { AppError } from './app-error'

/**
 * CPU-heavy work (reading an uploaded sheet) off the event loop that HTTP, sockets and webhooks
 * share: one worker thread runs one task at a time, the others wait their turn. A task that
 * outlives its time or its heap is ended with its thread and answers the caller's `overrun`
 * error; the next task starts a new thread. An idle thread ends after a while and never keeps
 * the process alive.
 *
 * The worker's module sits beside the module that starts it: `x.worker.ts` in the sources
 * (run through tsx, as under Vitest and `tsx`), `x.worker.js` beside the bundle in out/server
 * (an entry of scripts/build-server.mjs).
 */
export interface ThreadTaskOptions {
  /** `import.meta.url` of the module that starts the task. */
  from: string
  /** The worker module beside it, without its extension: `./contacts.sheet.worker`. */
  worker: string
  timeoutMs: number
  maxHeapMb: number
  /** What a task that ran out of time or memory answers. */
  overrun: () => Error
}

/** A task's answer from the worker: its output, or the error it threw. */
type Answer<O> = { ok: true; output: O } | { ok: false; code?: string; message: string }

const IDLE_MS = 30_000

function startWorker(options: ThreadTaskOptions): Worker {
  const limits = { resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb } }
  if (!options.from.endsWith('.ts'))
    return new Worker(new URL(`${options.worker}.js`, options.from), limits)
  // Node does not apply tsx's loader hooks to a worker's entry: the worker imports it through
  // tsx's API instead (development and tests only; the bundle has plain JavaScript).
  const source = new URL(`${options.worker}.ts`, options.from).href
  return new Worker(
    `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(source)}, ${JSON.stringify(source)}))`,
    { ...limits, eval: true },
  )
}

/** Runs `(input) => output` on a worker thread (the worker calls serveThreadTask). */
export function threadTask<I, O>(options: ThreadTaskOptions): (input: I) => Promise<O> {
  let worker: Worker | null = null
  let idle: NodeJS.Timeout | null = null
  let queue: Promise<unknown> = Promise.resolve()

  const stop = (ending: Worker) => {
    if (worker === ending) worker = null
    void ending.terminate()
  }

  const spawn = () => {
    const started = startWorker(options)
    // An idle thread that fails or ends is forgotten; a busy one's task hears it (runOne).
    started
      .on('error', () => undefined)
      .once('exit', () => {
        if (worker === started) worker = null
      })
    return started
  }

  function runOne(input: I): Promise<O> {
    if (idle) clearTimeout(idle)
    const current = (worker ??= spawn())
    current.ref()
    return new Promise<O>((resolve, reject) => {
      const timer = setTimeout(() => fail(options.overrun()), options.timeoutMs)
      const settle = () => {
        clearTimeout(timer)
        current.off('message', onMessage).off('error', onError).off('exit', onExit)
      }
      const fail = (error: Error) => {
        settle()
        stop(current)
        reject(error)
      }
      const onMessage = (answer: Answer<O>) => {
        settle()
        current.unref()
        idle = setTimeout(() => stop(current), IDLE_MS).unref()
        if (answer.ok) resolve(answer.output)
        else
          reject(
            answer.code && isErrorCode(answer.code)
              ? new AppError(answer.code)
              : new Error(answer.message),
          )
      }
      const onError = (error: Error & { code?: string }) =>
        fail(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? options.overrun() : error)
      const onExit = (code: number) => fail(new Error(`worker thread exited with ${code}`))
      current.on('message', onMessage).on('error', onError).on('exit', onExit)
      current.postMessage(input)
    })
  }

  return (input) => {
    const run = queue.then(() => runOne(input))
    queue = run.catch(() => undefined)
    return run
  }
}

/** The worker's side: answers each task with `handler`'s output or its error. */
export function serveThreadTask<I, O>(handler: (input: I) => Promise<O>): void {
  const port = parentPort
  if (!port) throw new Error('serveThreadTask runs in a worker thread')
  port.on('message', (input: I) => {
    handler(input).then(
      (output) => port.postMessage({ ok: true, output } satisfies Answer<O>),
      (error: unknown) =>
        port.postMessage({
          ok: false,
          ...(error instanceof AppError ? { code: error.code } : {}),
          message: error instanceof Error ? error.message : String(error),
        } satisfies Answer<O>),
    )
  })
}
