/** A unique index refused the write (drizzle wraps the driver's error in `cause`). */
export const isUniqueViolation = (error: unknown): boolean =>
  [error, (error as { cause?: unknown } | null)?.cause].some(
    (candidate) => (candidate as { code?: string } | null)?.code === '23505',
  )
