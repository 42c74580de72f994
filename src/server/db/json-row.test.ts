import { eq, sql } from 'drizzle-orm'
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openDatabase, type DatabaseHandle } from './client'
import { jsonRow } from './json-row'

const things = pgTable('json_row_things', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  ownerId: integer('ownerId'),
  at: timestamp('at', { withTimezone: true }).notNull(),
})
const owners = pgTable('json_row_owners', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
})

const thingWithOwner = jsonRow(
  {
    thing: { id: things.id, name: things.name, at: things.at },
    owner: { id: owners.id, name: owners.name },
    more: { shout: sql<string>`upper(${things.name})` },
  },
  ['owner'],
)

describe('reading a row', () => {
  test('values fill the groups in layout order; a joined group whose id is null is null', () => {
    expect(thingWithOwner.read([1, 'lamp', 1_700_000_000_000, 7, 'Ana', 'LAMP'])).toEqual({
      thing: { id: 1, name: 'lamp', at: 1_700_000_000_000 },
      owner: { id: 7, name: 'Ana' },
      more: { shout: 'LAMP' },
    })
    expect(thingWithOwner.read([1, 'lamp', 0, null, null, 'LAMP']).owner).toBeNull()
  })

  test('a group not named as joined stays an object even when its id is null', () => {
    expect(thingWithOwner.read([null, null, null, null, null, null]).thing).toEqual({
      id: null,
      name: null,
      at: null,
    })
  })

  test('names are only keys of the compiled reader, never code', () => {
    const odd = jsonRow({ 'a"b': { id: things.id, "c'}; throw 1; //": things.name } }, [])
    expect(odd.read([3, 'x'])).toEqual({ 'a"b': { id: 3, "c'}; throw 1; //": 'x' } })
  })
})

describe('the SQL side, on PostgreSQL (embedded)', () => {
  let handle: DatabaseHandle
  beforeAll(async () => {
    handle = await openDatabase({ databaseUrl: null, pgliteDir: null })
    await handle.db.execute(
      sql`CREATE TABLE json_row_owners (id integer PRIMARY KEY, name text NOT NULL)`,
    )
    await handle.db.execute(sql`CREATE TABLE json_row_things (id integer PRIMARY KEY,
      name text NOT NULL, "ownerId" integer, at timestamptz NOT NULL)`)
    await handle.db.insert(owners).values({ id: 7, name: 'Ana' })
    await handle.db.insert(things).values([
      { id: 1, name: 'lamp', ownerId: 7, at: new Date('2026-11-20T10:00:00.123Z') },
      { id: 2, name: 'chair', ownerId: null, at: new Date('1969-12-31T23:59:59.999Z') },
    ])
    // Microseconds the driver would drop as well: the reader must agree with `new Date(row.at)`.
    await handle.db.execute(
      sql`UPDATE json_row_things SET at = at + interval '456 microseconds' WHERE id = 1`,
    )
    await handle.db.execute(
      sql`UPDATE json_row_things SET at = at + interval '500 microseconds' WHERE id = 2`,
    )
  })
  afterAll(() => handle.close())

  test('one JSON array per row; timestamps as epoch milliseconds, microseconds floored, before 1970 too', async () => {
    const rows = await handle.db
      .select({ values: thingWithOwner.sql })
      .from(things)
      .leftJoin(owners, eq(owners.id, things.ownerId))
      .orderBy(things.id)
    expect(rows.map(({ values }) => thingWithOwner.read(values))).toEqual([
      {
        thing: { id: 1, name: 'lamp', at: Date.parse('2026-11-20T10:00:00.123Z') },
        owner: { id: 7, name: 'Ana' },
        more: { shout: 'LAMP' },
      },
      {
        thing: { id: 2, name: 'chair', at: Date.parse('1969-12-31T23:59:59.999Z') },
        owner: null,
        more: { shout: 'CHAIR' },
      },
    ])
    const direct = await handle.db.select({ at: things.at }).from(things).orderBy(things.id)
    expect(direct.map((row) => row.at.getTime())).toEqual(
      rows.map(({ values }) => thingWithOwner.read(values).thing.at),
    )
  })
})
