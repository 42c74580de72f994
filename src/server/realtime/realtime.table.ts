import { bigserial, customType, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' })

/**
 * Socket.IO's PostgreSQL adapter sends a broadcast larger than a NOTIFY payload (8,000 bytes)
 * through this table; the adapter names its columns and deletes rows older than 30 s itself.
 */
export const socketIoAttachments = pgTable('socket_io_attachments', {
  id: bigserial('id', { mode: 'number' }).unique().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow(),
  payload: bytea('payload'),
})

/**
 * Every event broadcast to company sockets, kept for the connection-state recovery window: a
 * client that reconnects to any instance gets what it missed since the last event it received
 * (its offset is this id).
 */
export const socketEvents = pgTable(
  'socket_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    namespace: text('namespace').notNull(),
    rooms: text('rooms').array().notNull(),
    exceptRooms: text('exceptRooms').array().notNull(),
    /** The packet's arguments as JSON text (text, not jsonb: any string a DTO holds fits). */
    data: text('data').notNull(),
    emittedAt: timestamp('emittedAt', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('socket_events_namespace_idx').on(t.namespace, t.id),
    index('socket_events_emitted_idx').on(t.emittedAt),
  ],
)

/**
 * The recovery state of each connected socket (its private session id, rooms and who it is),
 * written while it is connected rather than when it closes: an instance killed outright never
 * gets to write it then, and its clients reconnect to another instance.
 */
export const socketSessions = pgTable(
  'socket_sessions',
  {
    pid: text('pid').primaryKey(),
    sid: text('sid').notNull(),
    namespace: text('namespace').notNull(),
    rooms: text('rooms').array().notNull(),
    data: text('data').notNull(),
    updatedAt: timestamp('updatedAt', { withTimezone: true }).notNull().defaultNow(),
    disconnectedAt: timestamp('disconnectedAt', { withTimezone: true }),
  },
  (t) => [index('socket_sessions_updated_idx').on(t.updatedAt)],
)
