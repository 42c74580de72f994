import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import type { FlowGraph } from '@shared/contracts/flows'
import { createdAt, timestamps } from '@server/db/columns'
import { tenantKey } from '../companies/companies.table'

/**
 * 002 §3.10 Flow: a conversation drawn on the canvas. Its graph lives in `flow_versions`, one
 * row per save: a conversation keeps running on the version it started on (issue 18). `version`
 * is the current one, 0 before the first save.
 */
export const flows = pgTable(
  'flows',
  {
    id: serial('id').primaryKey(),
    companyId: tenantKey(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    version: integer('version').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    // Reference §5: a name is unique within the company, whatever its case.
    uniqueIndex('flows_company_name_key').on(t.companyId, sql`lower(${t.name})`),
    index('flows_company_name_idx').on(t.companyId, t.name, t.id),
  ],
)

export type FlowRow = typeof flows.$inferSelect

/** A saved graph of a flow; never changed once written. */
export const flowVersions = pgTable(
  'flow_versions',
  {
    companyId: tenantKey(),
    flowId: integer('flowId')
      .notNull()
      .references(() => flows.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    graph: jsonb('graph').$type<FlowGraph>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.flowId, t.version] })],
)

/**
 * A file uploaded for flows (reference §5 "Flow media"): under the company's media with a
 * generated name; a graph may name only its company's files.
 */
export const flowMedia = pgTable(
  'flow_media',
  {
    id: serial('id').primaryKey(),
    companyId: tenantKey(),
    /** Relative to the company's media; what the graph stores. */
    path: text('path').notNull(),
    mime: text('mime').notNull(),
    originalName: text('originalName').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('flow_media_company_path_key').on(t.companyId, t.path)],
)
