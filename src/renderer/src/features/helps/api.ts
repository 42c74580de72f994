import type { CreateHelpBody, HelpDto, UpdateHelpBody } from '@shared/contracts/helps'
import { http } from '@renderer/lib/http'

/** GET /helps/list: every help by title. */
export const listHelps = async (signal?: AbortSignal): Promise<HelpDto[]> =>
  (await http.get<HelpDto[]>('/helps/list', { signal })).data

/** POST /helps (super user). */
export const createHelp = async (body: CreateHelpBody): Promise<HelpDto> =>
  (await http.post<HelpDto>('/helps', body)).data

/** PUT /helps/{id} (super user). */
export const updateHelp = async (id: number, body: UpdateHelpBody): Promise<HelpDto> =>
  (await http.put<HelpDto>(`/helps/${id}`, body)).data

/** DELETE /helps/{id} (super user). */
export const deleteHelp = async (id: number): Promise<void> => {
  await http.delete(`/helps/${id}`)
}
