import { AppError } from '@server/lib/app-error'
import { serveThreadTask } from '@server/lib/thread-task'

/** A worker for lib/thread-task.test.ts: does what each task asks. */
export type ThreadTaskProbe =
  | { kind: 'echo'; text: string }
  | { kind: 'appError' }
  | { kind: 'crash' }
  | { kind: 'busy'; ms: number }
  | { kind: 'exhaustHeap' }

serveThreadTask(async (task: ThreadTaskProbe) => {
  switch (task.kind) {
    case 'echo':
      return task.text.toUpperCase()
    case 'appError':
      throw new AppError('ERR_SHEET_TOO_MANY_ROWS')
    case 'crash':
      throw new Error('broken on purpose')
    case 'busy': {
      const started = Date.now()
      while (Date.now() - started < task.ms);
      return [started, Date.now()]
    }
    case 'exhaustHeap': {
      const hoard: string[][] = []
      for (;;) hoard.push(Array.from({ length: 100_000 }, (_, index) => `cell ${index}`))
    }
  }
})
