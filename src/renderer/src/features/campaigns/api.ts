import { isAxiosError } from 'axios'
import type {
  CampaignDto,
  CampaignPage,
  CampaignSettingRows,
  SaveCampaignBody,
  ShippingPage,
  ShippingState,
  WhatsappTemplateList,
  WhatsappTemplatesQuery,
} from '@shared/contracts/campaigns'
import type { ContactListList } from '@shared/contracts/contact-lists'
import type { QueueDto } from '@shared/contracts/queues'
import type { TagDto } from '@shared/contracts/tags'
import type { ListUsersResponse } from '@shared/contracts/users'
import type { ErrorCode } from '@shared/errors'
import { http } from '@renderer/lib/http'
import { readFieldError, type FieldError } from '@renderer/lib/server-refusal'

export interface ListCampaignsParams {
  searchParam: string
  /** 1-based. */
  pageNumber: number
}

/** GET /campaigns/: one page of 20, by status then the latest scheduled, searched by name. */
export const listCampaigns = async (
  { searchParam, pageNumber }: ListCampaignsParams,
  signal?: AbortSignal,
): Promise<CampaignPage> =>
  (
    await http.get<CampaignPage>('/campaigns/', {
      params: { searchParam: searchParam || undefined, pageNumber },
      signal,
    })
  ).data

/** GET /campaigns/{id}: the campaign with its report's figures. */
export const getCampaign = async (id: number, signal?: AbortSignal): Promise<CampaignDto> =>
  (await http.get<CampaignDto>(`/campaigns/${id}`, { signal })).data

/** POST /campaigns: a scheduled time makes it PROGRAMADA, none leaves it a draft (INATIVA). */
export const createCampaign = async (body: SaveCampaignBody): Promise<CampaignDto> =>
  (await http.post<CampaignDto>('/campaigns', body)).data

/** PUT /campaigns/{id}: refused with 409 ERR_CAMPAIGN_NOT_EDITABLE once it may not change. */
export const updateCampaign = async (id: number, body: SaveCampaignBody): Promise<CampaignDto> =>
  (await http.put<CampaignDto>(`/campaigns/${id}`, body)).data

/** DELETE /campaigns/{id}: refused with 409 ERR_CAMPAIGN_IN_PROGRESS while it runs. */
export const deleteCampaign = async (id: number): Promise<void> => {
  await http.delete(`/campaigns/${id}`)
}

/**
 * POST /campaigns/{id}/media-upload (multipart `file`): the attachment sent with the message as
 * its caption. `onProgress` hears the sent share, from 0 to 1.
 */
export const uploadCampaignMedia = async (
  id: number,
  file: File,
  onProgress?: (share: number) => void,
): Promise<CampaignDto> => {
  const form = new FormData()
  form.append('file', file)
  return (
    await http.post<CampaignDto>(`/campaigns/${id}/media-upload`, form, {
      onUploadProgress: (event) => {
        const total = event.total ?? file.size
        if (total > 0) onProgress?.(Math.min(1, event.loaded / total))
      },
    })
  ).data
}

/** DELETE /campaigns/{id}/media-upload: the attachment removed. */
export const removeCampaignMedia = async (id: number): Promise<CampaignDto> =>
  (await http.delete<CampaignDto>(`/campaigns/${id}/media-upload`)).data

/** POST /campaigns/{id}/cancel: EM_ANDAMENTO → CANCELADA (409 ERR_CAMPAIGN_STATUS otherwise). */
export const cancelCampaign = async (id: number): Promise<void> => {
  await http.post(`/campaigns/${id}/cancel`)
}

/** POST /campaigns/{id}/restart: CANCELADA → EM_ANDAMENTO (409 ERR_CAMPAIGN_STATUS otherwise). */
export const restartCampaign = async (id: number): Promise<void> => {
  await http.post(`/campaigns/${id}/restart`)
}

export interface ListShippingParams {
  /** 1-based. */
  pageNumber: number
  /** Only the recipients in this state; null for all. */
  state: ShippingState | null
}

/** GET /campaigns/{id}/shipping: one page of the recipients, in sending order. */
export const listShipping = async (
  id: number,
  { pageNumber, state }: ListShippingParams,
  signal?: AbortSignal,
): Promise<ShippingPage> =>
  (
    await http.get<ShippingPage>(`/campaigns/${id}/shipping`, {
      params: { pageNumber, state: state ?? undefined },
      signal,
    })
  ).data

/** A downloaded file and the name the server suggests for it. */
export interface DownloadedFile {
  blob: Blob
  fileName: string
}

/** The file name a Content-Disposition suggests: its UTF-8 `filename*` first, else `filename`. */
const fileNameOf = (disposition: unknown, fallback: string): string => {
  if (typeof disposition !== 'string') return fallback
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1]
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim())
    } catch {
      // A malformed escape: the plain name below still serves.
    }
  }
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? fallback
}

/** GET /campaigns/{id}/failures: every failed recipient as an .xlsx the server builds. */
export const downloadCampaignFailures = async (id: number): Promise<DownloadedFile> => {
  try {
    const response = await http.get<Blob>(`/campaigns/${id}/failures`, { responseType: 'blob' })
    return {
      blob: response.data,
      fileName: fileNameOf(response.headers['content-disposition'], `campanha-${id}-falhas.xlsx`),
    }
  } catch (error) {
    // A refusal arrives as a Blob too: read its `{ error }` so the toast can translate it.
    if (isAxiosError(error) && error.response?.data instanceof Blob) {
      const body = parseJson(await error.response.data.text())
      if (body !== null) error.response.data = body
    }
    throw error
  }
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/**
 * GET /campaigns/whatsapp-templates: the approved templates of a Cloud API connection, asked of
 * Meta (502/503 ERR_PROVIDER_UNAVAILABLE, ERR_WAPP_CREDENTIALS; 400 ERR_CAMPAIGN_TEMPLATE_CHANNEL
 * for a connection of another kind or without its business account id).
 */
export const listWhatsappTemplates = async (
  { whatsappId }: WhatsappTemplatesQuery,
  signal?: AbortSignal,
): Promise<WhatsappTemplateList> =>
  (
    await http.get<WhatsappTemplateList>('/campaigns/whatsapp-templates', {
      params: { whatsappId },
      signal,
    })
  ).data

/** GET /campaign-settings: the company's stored rows, folded by the caller. */
export const listCampaignSettings = async (signal?: AbortSignal): Promise<CampaignSettingRows> =>
  (await http.get<CampaignSettingRows>('/campaign-settings', { signal })).data

/** GET /contact-lists/list: every contact list of the company, for the audience picker. */
export const listContactListOptions = async (signal?: AbortSignal): Promise<ContactListList> =>
  (await http.get<ContactListList>('/contact-lists/list', { signal })).data

/** GET /tags/list: every tag of the company, for the audience picker. */
export const listTagOptions = async (signal?: AbortSignal): Promise<TagDto[]> =>
  (await http.get<TagDto[]>('/tags/list', { signal })).data

/** GET /queue: the company's queues, for the queue of the tickets a campaign opens. */
export const listQueueOptions = async (signal?: AbortSignal): Promise<QueueDto[]> =>
  (await http.get<QueueDto[]>('/queue', { signal })).data

/** GET /users/: the first page of users whose name has `searchParam`. */
export const searchUsers = async (
  searchParam: string,
  signal?: AbortSignal,
): Promise<ListUsersResponse['users']> =>
  (
    await http.get<ListUsersResponse>('/users/', {
      params: { searchParam, pageNumber: 1 },
      signal,
    })
  ).data.users

/** Whether a read failed because the campaign does not exist (or is another company's). */
export const isNotFound = (error: unknown): boolean =>
  isAxiosError(error) && error.response?.status === 404

/** The refusals of a template, shown on the template's picker. */
const TEMPLATE_REFUSALS = {
  ERR_CAMPAIGN_TEMPLATE_NOT_FOUND: 'templateName',
  ERR_CAMPAIGN_TEMPLATE_PARAMS: 'templateParams',
  ERR_CAMPAIGN_TEMPLATE_CHANNEL: 'templateName',
} as const satisfies Partial<Record<ErrorCode, keyof SaveCampaignBody>>

/**
 * The field a failed save points at, or null: ERR_VALIDATION names it, a template's refusal
 * implies it.
 */
export const readCampaignFieldError = (error: unknown): FieldError | null =>
  readFieldError(error, TEMPLATE_REFUSALS)
