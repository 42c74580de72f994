import { serveThreadTask } from '@server/lib/thread-task'
import { readSheet } from './contacts.sheet.read'

/** The sheet worker's entry (contacts.sheet.ts starts it; built to out/server beside the bundle). */
serveThreadTask(readSheet)
