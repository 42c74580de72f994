/** A foreign key refused the write or delete (drizzle wraps the driver's error in `cause`). */
export const isForeignKeyViolation = (error: unknown): boolean =>
  [error, (error as { cause?: unknown } | null)?.cause].some(
    (candidate) => (candidate as { code?: string } | null)?.code === '23503',
  )
