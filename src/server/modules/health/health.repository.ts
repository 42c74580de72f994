import { sql } from 'drizzle-orm'
import type { Database } from '@server/db/client'

export function healthRepository(db: Database) {
  return {
    /** One round trip to the database. */
    async ping(): Promise<void> {
      await db.execute(sql`SELECT 1`)
    },
  }
}
