import type { QuickMessageDto } from '@shared/contracts/quick-messages'

const STAMP = '2026-01-01T00:00:00.000Z'

/**
 * A quick message as the server answers it: created by user 1 (Ana, the session fixture's user),
 * visible to everyone, not shared, active, without a file; `overrides` change any field.
 */
export const quickMessage = (id: number, overrides: Partial<QuickMessageDto> = {}) =>
  ({
    id,
    shortcode: `atalho${id}`,
    message: `Mensagem ${id}`,
    geral: false,
    visao: true,
    status: true,
    userId: 1,
    userName: 'Ana',
    mediaPath: null,
    mediaName: null,
    mediaMime: null,
    mediaUrl: null,
    createdAt: STAMP,
    updatedAt: STAMP,
    ...overrides,
  }) satisfies QuickMessageDto

/** The fields of a stored file, as the server presents them, for a row named after `name`. */
export const quickMessageMedia = (
  id: number,
  name: string,
  mime: string,
): Pick<QuickMessageDto, 'mediaPath' | 'mediaName' | 'mediaMime' | 'mediaUrl'> => {
  const path = `quickMessage/${id}-${name}`
  return {
    mediaPath: path,
    mediaName: name,
    mediaMime: mime,
    mediaUrl: `/media/1/${path}?expires=4102444800&signature=abc`,
  }
}
