import type {
  AdminConnectionDto,
  ConnectionDto,
  ConnectionMessage,
  CreateConnectionBody,
  UpdateConnectionBody,
} from '@shared/contracts/connections'
import type { QueueDto } from '@shared/contracts/queues'
import { http } from '@renderer/lib/http'

/** GET /whatsapp/?session=0: the company's connections with their queues. */
export const listConnections = async (signal?: AbortSignal): Promise<ConnectionDto[]> =>
  (await http.get<ConnectionDto[]>('/whatsapp/', { params: { session: 0 }, signal })).data

/** GET /whatsapp/all/?session=0 (super): every company's connections. */
export const listAllConnections = async (signal?: AbortSignal): Promise<AdminConnectionDto[]> =>
  (await http.get<AdminConnectionDto[]>('/whatsapp/all/', { params: { session: 0 }, signal })).data

/** GET /whatsapp/{id}?session=0. */
export const getConnection = async (id: number, signal?: AbortSignal): Promise<ConnectionDto> =>
  (await http.get<ConnectionDto>(`/whatsapp/${id}`, { params: { session: 0 }, signal })).data

/** POST /whatsapp. */
export const createConnection = async (body: CreateConnectionBody): Promise<ConnectionDto> =>
  (await http.post<ConnectionDto>('/whatsapp', body)).data

/** PUT /whatsapp/{id}. */
export const updateConnection = async (
  id: number,
  body: UpdateConnectionBody,
): Promise<ConnectionDto> => (await http.put<ConnectionDto>(`/whatsapp/${id}`, body)).data

/** DELETE /whatsapp/{id}. */
export const deleteConnection = async (id: number): Promise<ConnectionMessage> =>
  (await http.delete<ConnectionMessage>(`/whatsapp/${id}`)).data

/** POST /whatsapp/{id}/media-upload (multipart `file`): the greeting's image or video. */
export const uploadGreetingMedia = async (id: number, file: File): Promise<ConnectionDto> => {
  const form = new FormData()
  form.append('file', file)
  return (await http.post<ConnectionDto>(`/whatsapp/${id}/media-upload`, form)).data
}

/** DELETE /whatsapp/{id}/media-upload. */
export const removeGreetingMedia = async (id: number): Promise<ConnectionDto> =>
  (await http.delete<ConnectionDto>(`/whatsapp/${id}/media-upload`)).data

/** POST /whatsappsession/{id}: try again with the stored pairing. */
export const retrySession = async (id: number): Promise<ConnectionMessage> =>
  (await http.post<ConnectionMessage>(`/whatsappsession/${id}`)).data

/** PUT /whatsappsession/{id}: a new QR code. */
export const requestNewQr = async (id: number): Promise<ConnectionMessage> =>
  (await http.put<ConnectionMessage>(`/whatsappsession/${id}`)).data

/** DELETE /whatsappsession/{id}: disconnect. */
export const disconnectSession = async (id: number): Promise<ConnectionMessage> =>
  (await http.delete<ConnectionMessage>(`/whatsappsession/${id}`)).data

/** POST /whatsapp-restart/: every WhatsApp session of the company starts again. */
export const restartConnections = async (): Promise<ConnectionMessage> =>
  (await http.post<ConnectionMessage>('/whatsapp-restart/')).data

/** POST /closedimported/{id}: closes the tickets a history import left pending. */
export const closeImportedTickets = async (id: number): Promise<void> => {
  await http.post(`/closedimported/${id}`)
}

/** GET /queue: the queue picker's choices. */
export const listQueues = async (signal?: AbortSignal): Promise<QueueDto[]> =>
  (await http.get<QueueDto[]>('/queue', { signal })).data

/** DELETE /whatsapp-admin/{id} (super): a connection of any company. */
export const operatorDeleteConnection = async (id: number): Promise<ConnectionMessage> =>
  (await http.delete<ConnectionMessage>(`/whatsapp-admin/${id}`)).data

/** DELETE /whatsappsession/admin/{id} (super): disconnects a session of any company. */
export const operatorDisconnectSession = async (id: number): Promise<ConnectionMessage> =>
  (await http.delete<ConnectionMessage>(`/whatsappsession/admin/${id}`)).data
