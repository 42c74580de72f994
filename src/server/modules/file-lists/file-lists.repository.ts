import { and, asc, count, eq, ilike, inArray, ne, notInArray, sql } from 'drizzle-orm'
import type { Executor } from '@server/db/client'
import { companyRow } from '@server/db/company-scope'
import { escapeLike } from '@server/db/like'
import { chatbots } from '../queues/chatbots.table'
import { queues } from '../queues/queues.table'
import {
  fileListOptions,
  fileLists,
  type FileListOptionRow,
  type FileListRow,
} from './file-lists.table'

/** What holds a file list: it is not deleted while anything does. */
export interface FileListUsage {
  queues: string[]
  options: string[]
}

/** A list and its options in sending order. */
export type FileListWithOptions = FileListRow & { options: FileListOptionRow[] }

export function fileListsRepository(db: Executor) {
  return {
    /** A page of the company's lists by name with how many files each has, and the total. */
    async page(companyId: number, options: { search?: string; limit: number; offset: number }) {
      const where = and(
        eq(fileLists.companyId, companyId),
        options.search ? ilike(fileLists.name, `%${escapeLike(options.search)}%`) : undefined,
      )
      const rows = await db
        .select()
        .from(fileLists)
        .where(where)
        .orderBy(asc(fileLists.name), asc(fileLists.id))
        .limit(options.limit + 1)
        .offset(options.offset)
      const [total] = await db.select({ value: count() }).from(fileLists).where(where)
      const counts = new Map<number, number>()
      if (rows.length > 0)
        for (const row of await db
          .select({ fileListId: fileListOptions.fileListId, value: count() })
          .from(fileListOptions)
          .where(
            and(
              eq(fileListOptions.companyId, companyId),
              inArray(
                fileListOptions.fileListId,
                rows.map((row) => row.id),
              ),
            ),
          )
          .groupBy(fileListOptions.fileListId))
          counts.set(row.fileListId, row.value)
      return {
        rows: rows.map((row) => ({ ...row, optionCount: counts.get(row.id) ?? 0 })),
        count: total?.value ?? 0,
      }
    },

    async findById(companyId: number, id: number): Promise<FileListWithOptions | null> {
      const [list] = await db
        .select()
        .from(fileLists)
        .where(companyRow(fileLists, companyId, id))
      if (!list) return null
      const options = await db
        .select()
        .from(fileListOptions)
        .where(and(eq(fileListOptions.companyId, companyId), eq(fileListOptions.fileListId, id)))
        .orderBy(asc(fileListOptions.position), asc(fileListOptions.id))
      return { ...list, options }
    },

    /** Takes the list for a change; false when it is not the company's. */
    async lock(companyId: number, id: number): Promise<boolean> {
      const [row] = await db
        .select({ id: fileLists.id })
        .from(fileLists)
        .where(companyRow(fileLists, companyId, id))
        .for('update')
      return row !== undefined
    },

    /** Which of `ids` are the company's lists. */
    async existing(companyId: number, ids: number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set()
      const rows = await db
        .select({ id: fileLists.id })
        .from(fileLists)
        .where(and(eq(fileLists.companyId, companyId), inArray(fileLists.id, ids)))
      return new Set(rows.map((row) => row.id))
    },

    async nameTaken(companyId: number, name: string, exceptId?: number): Promise<boolean> {
      const [row] = await db
        .select({ id: fileLists.id })
        .from(fileLists)
        .where(
          and(
            eq(fileLists.companyId, companyId),
            sql`lower(${fileLists.name}) = lower(${name})`,
            exceptId === undefined ? undefined : ne(fileLists.id, exceptId),
          ),
        )
        .limit(1)
      return row !== undefined
    },

    async insert(companyId: number, values: { name: string; message: string }): Promise<number> {
      const [row] = await db
        .insert(fileLists)
        .values({ ...values, companyId })
        .returning({ id: fileLists.id })
      if (!row) throw new Error('file list insert returned nothing')
      return row.id
    },

    async update(companyId: number, id: number, values: { name: string; message: string }) {
      await db
        .update(fileLists)
        .set({ ...values, updatedAt: new Date() })
        .where(companyRow(fileLists, companyId, id))
    },

    /**
     * Makes the list's options `wanted`, in that order: those with an id are renamed, the others
     * created, stored ones left out deleted. Answers the deleted options' files.
     */
    async replaceOptions(
      companyId: number,
      fileListId: number,
      wanted: ReadonlyArray<{ id?: number | undefined; name: string }>,
    ): Promise<string[]> {
      const kept = wanted.flatMap((option) => (option.id === undefined ? [] : [option.id]))
      const listOptions = and(
        eq(fileListOptions.companyId, companyId),
        eq(fileListOptions.fileListId, fileListId),
      )
      const removed = await db
        .delete(fileListOptions)
        .where(and(listOptions, kept.length > 0 ? notInArray(fileListOptions.id, kept) : undefined))
        .returning({ path: fileListOptions.path })
      for (const [position, option] of wanted.entries()) {
        if (option.id === undefined)
          await db
            .insert(fileListOptions)
            .values({ companyId, fileListId, name: option.name, position })
        else
          await db
            .update(fileListOptions)
            .set({ name: option.name, position, updatedAt: new Date() })
            .where(and(listOptions, eq(fileListOptions.id, option.id)))
      }
      return removed.flatMap((row) => (row.path === null ? [] : [row.path]))
    },

    /** Sets an option's file; answers the file it replaced, undefined when no such option. */
    async setOptionFile(
      companyId: number,
      fileListId: number,
      optionId: number,
      file: { path: string; mediaType: string; name?: string },
    ): Promise<string | null | undefined> {
      const where = and(
        eq(fileListOptions.companyId, companyId),
        eq(fileListOptions.fileListId, fileListId),
        eq(fileListOptions.id, optionId),
      )
      const [before] = await db
        .select({ path: fileListOptions.path })
        .from(fileListOptions)
        .where(where)
        .for('update')
      if (!before) return undefined
      await db
        .update(fileListOptions)
        .set({ ...file, updatedAt: new Date() })
        .where(where)
      return before.path
    },

    /** Deletes the list; answers its options' files, or null when it was not the company's. */
    async remove(companyId: number, id: number): Promise<string[] | null> {
      const paths = await db
        .select({ path: fileListOptions.path })
        .from(fileListOptions)
        .where(and(eq(fileListOptions.companyId, companyId), eq(fileListOptions.fileListId, id)))
      const gone = await db
        .delete(fileLists)
        .where(companyRow(fileLists, companyId, id))
        .returning({ id: fileLists.id })
      if (gone.length === 0) return null
      return paths.flatMap((row) => (row.path === null ? [] : [row.path]))
    },

    async usage(companyId: number, id: number): Promise<FileListUsage> {
      const queueRows = await db
        .select({ name: queues.name })
        .from(queues)
        .where(and(eq(queues.companyId, companyId), eq(queues.fileListId, id)))
        .orderBy(asc(queues.name))
      const optionRows = await db
        .select({ name: chatbots.name })
        .from(chatbots)
        .where(and(eq(chatbots.companyId, companyId), eq(chatbots.optFileId, id)))
        .orderBy(asc(chatbots.name))
      return {
        queues: queueRows.map((row) => row.name),
        options: optionRows.map((row) => row.name),
      }
    },
  }
}
