import type { UsedBy } from '@shared/contracts/common'
import type { FlowProblem } from '@shared/contracts/flows'
import { errorStatus, type ErrorCode } from '@shared/errors'

/** A failure the client may see: a catalogue code, its HTTP status, optionally the bad field. */
export class AppError extends Error {
  override name = 'AppError'
  readonly status: number

  constructor(
    readonly code: ErrorCode,
    readonly details: {
      field?: string
      usedBy?: UsedBy
      detail?: string
      problems?: FlowProblem[]
    } = {},
  ) {
    super(code)
    this.status = errorStatus[code]
  }
}

export const validationError = (field: string) => new AppError('ERR_VALIDATION', { field })
