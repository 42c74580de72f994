import { act } from '@testing-library/react'
import {
  AxiosError,
  type AxiosAdapter,
  type AxiosProgressEvent,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios'
import type { Socket } from 'socket.io-client'
import {
  CONTACT_LIST_PAGE_SIZE,
  type ContactListDto,
  type ContactListItemDto,
  type ContactListItemPage,
  type ContactListPage,
  type ContactListUploadResult,
} from '@shared/contracts/contact-lists'
import type { ErrorBody } from '@shared/errors'
import { companyEvent, type CompanyEventPayloads } from '@shared/realtime/events'
import { http } from '@renderer/lib/http'

const STAMP = '2026-01-01T00:00:00.000Z'

/** A contact list as GET /contact-lists/{id} answers it; `overrides` change any field. */
export const contactList = (id: number, overrides: Partial<ContactListDto> = {}) =>
  ({
    id,
    name: `Lista ${id}`,
    contactsCount: 0,
    validCount: 0,
    invalidCount: 0,
    uncheckedCount: 0,
    createdAt: STAMP,
    updatedAt: STAMP,
    ...overrides,
  }) satisfies ContactListDto

/** A contact of list 1, its number not checked yet; `overrides` change any field. */
export const contactListItem = (id: number, overrides: Partial<ContactListItemDto> = {}) =>
  ({
    id,
    contactListId: 1,
    name: `Contato ${id}`,
    number: `55119888870${String(id).padStart(2, '0')}`,
    email: '',
    isWhatsappValid: null,
    isGroup: false,
    createdAt: STAMP,
    updatedAt: STAMP,
    ...overrides,
  }) satisfies ContactListItemDto

export type Refusal = { status: number; body: ErrorBody & Record<string, unknown> }
/** A write the fake server received: its JSON body, or an upload's file name. */
export type Write = { method: string; url: string; body?: unknown; file?: string }
/** A page read: the path and its query. */
export type Read = { url: string; params: Record<string, string | number | undefined> }

export interface ServeOptions {
  /** Answers every JSON write (POST, PUT, DELETE) with this error. */
  refuse?: Refusal
  /** What an upload answers: its result, or a refusal. */
  upload?: ContactListUploadResult | Refusal
  /** Holds the upload, after its first half is sent, until the promise settles. */
  holdUpload?: Promise<void>
  /** Rows per page; the server's by default. */
  pageSize?: number
}

const byName = (a: { name: string; id: number }, b: { name: string; id: number }) =>
  a.name.localeCompare(b.name) || a.id - b.id

const isRefusal = (answer: ContactListUploadResult | Refusal): answer is Refusal =>
  'status' in answer

/**
 * The server of the contact list calls at the axios edge: it holds the lists and their contacts
 * (`state`, which a test may change between reads), searches and pages them as the server does,
 * and records every write and page read.
 */
export const serveContactLists = (
  state: { lists: ContactListDto[]; items: ContactListItemDto[] },
  options: ServeOptions = {},
) => {
  const writes: Write[] = []
  const reads: Read[] = []
  let nextId = 900
  const pageSize = options.pageSize ?? CONTACT_LIST_PAGE_SIZE
  const page = <T>(rows: T[], pageNumber: number) => ({
    rows: rows.slice((pageNumber - 1) * pageSize, pageNumber * pageSize),
    count: rows.length,
    hasMore: rows.length > pageNumber * pageSize,
  })

  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const method = config.method ?? 'get'
    const url = config.url ?? ''
    const params = (config.params ?? {}) as Record<string, string | number | undefined>
    const answer = (status: number, data: unknown): Promise<AxiosResponse> => {
      const response = { status, data, statusText: '', headers: {}, config }
      if (status < 400) return Promise.resolve(response)
      return Promise.reject(new AxiosError('failed', 'ERR_BAD_REQUEST', config, null, response))
    }
    const search = String(params.searchParam ?? '').toLowerCase()
    const pageNumber = Number(params.pageNumber ?? 1)

    if (method === 'get' && url === '/contact-lists/') {
      reads.push({ url, params })
      const found = state.lists.filter((list) => list.name.toLowerCase().includes(search))
      const { rows, count, hasMore } = page(found.sort(byName), pageNumber)
      return answer(200, { records: rows, count, hasMore } satisfies ContactListPage)
    }
    if (method === 'get' && url === '/contact-lists/example-sheet') {
      return answer(200, new TextEncoder().encode('PK-xlsx').buffer)
    }
    if (method === 'get' && url === '/contact-list-items') {
      reads.push({ url, params })
      const found = state.items.filter(
        (item) =>
          item.contactListId === Number(params.contactListId) &&
          (item.name.toLowerCase().includes(search) || item.number.includes(search)),
      )
      const { rows, count, hasMore } = page(found.sort(byName), pageNumber)
      return answer(200, { contacts: rows, count, hasMore } satisfies ContactListItemPage)
    }

    const upload = /^\/contact-lists\/(\d+)\/upload$/.exec(url)
    if (method === 'post' && upload) {
      const file = (config.data as FormData).get('file') as File
      writes.push({ method, url, file: file.name })
      config.onUploadProgress?.({ loaded: file.size / 2, total: file.size } as AxiosProgressEvent)
      await options.holdUpload
      config.onUploadProgress?.({ loaded: file.size, total: file.size } as AxiosProgressEvent)
      const result = options.upload ?? { total: 0, added: 0, existing: 0, rejected: [] }
      return isRefusal(result) ? answer(result.status, result.body) : answer(200, result)
    }

    const listId = Number(/^\/contact-lists\/(\d+)$/.exec(url)?.[1])
    const itemId = Number(/^\/contact-list-items\/(\d+)$/.exec(url)?.[1])
    const storedList = state.lists.find((list) => list.id === listId)
    const storedItem = state.items.find((item) => item.id === itemId)
    if (method === 'get' && listId) {
      return storedList
        ? answer(200, storedList)
        : answer(404, { error: 'ERR_NO_CONTACTLIST_FOUND' })
    }
    if (method === 'get' && itemId) {
      return storedItem
        ? answer(200, storedItem)
        : answer(404, { error: 'ERR_NO_CONTACTLISTITEM_FOUND' })
    }

    const body: unknown = typeof config.data === 'string' ? JSON.parse(config.data) : undefined
    writes.push({ method, url, body })
    if (options.refuse) return answer(options.refuse.status, options.refuse.body)
    if (url === '/contact-lists' && method === 'post') {
      const created = contactList(nextId++, { name: (body as { name: string }).name })
      state.lists = [...state.lists, created]
      return answer(200, created)
    }
    if (storedList && method === 'put') {
      const updated = { ...storedList, name: (body as { name: string }).name }
      state.lists = state.lists.map((list) => (list.id === listId ? updated : list))
      return answer(200, updated)
    }
    if (storedList && method === 'delete') {
      state.lists = state.lists.filter((list) => list.id !== listId)
      state.items = state.items.filter((item) => item.contactListId !== listId)
      return answer(200, { message: 'Contact list deleted' })
    }
    if (url === '/contact-list-items' && method === 'post') {
      const sent = body as ContactListItemDto
      const existing = state.items.find(
        (item) => item.contactListId === sent.contactListId && item.number === sent.number,
      )
      if (existing) return answer(200, existing)
      const created = contactListItem(nextId++, {
        contactListId: sent.contactListId,
        name: sent.name,
        number: sent.number,
        email: sent.email,
      })
      state.items = [...state.items, created]
      return answer(200, created)
    }
    if (storedItem && method === 'put') {
      const updated = { ...storedItem, ...(body as Partial<ContactListItemDto>) }
      state.items = state.items.map((item) => (item.id === itemId ? updated : item))
      return answer(200, updated)
    }
    if (storedItem && method === 'delete') {
      state.items = state.items.filter((item) => item.id !== itemId)
      return answer(200, { message: 'Contact deleted' })
    }
    return Promise.reject(new Error(`not served: ${method} ${url}`))
  }
  http.defaults.adapter = adapter
  return { writes, reads }
}

type Listener = (payload: unknown) => void

/** The company socket as the pages hear it: `emit` delivers a `company-1-{kind}` event. */
export const fakeCompanySocket = () => {
  const listeners = new Map<string, Set<Listener>>()
  const socket = {
    on: (name: string, listener: Listener) => {
      const set = listeners.get(name) ?? new Set<Listener>()
      set.add(listener)
      listeners.set(name, set)
    },
    off: (name: string, listener: Listener) => listeners.get(name)?.delete(listener),
  } as unknown as Socket
  const emit = <K extends 'ContactList' | 'ContactListItem'>(
    kind: K,
    payload: CompanyEventPayloads[K],
  ) =>
    act(() => {
      for (const listener of listeners.get(companyEvent(1, kind)) ?? []) listener(payload)
    })
  /** Whether a screen listens to `kind` yet. */
  const hears = (kind: 'ContactList' | 'ContactListItem') =>
    (listeners.get(companyEvent(1, kind))?.size ?? 0) > 0
  return { socket, emit, hears }
}
