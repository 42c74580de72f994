import { useServerBase } from '@renderer/hooks/useServerBase'
import { useMediaUrls } from './media-urls'

/**
 * Where a stored media file can be shown, or null when the editor has no address for it. An
 * address the server gives as a path is prefixed with the server (the desktop app's pages are
 * not served by it).
 */
export const useMediaAddress = (name: string): string | null => {
  const urls = useMediaUrls()
  const base = useServerBase()
  const url = urls.get(name)
  if (!url) return null
  return url.startsWith('/') ? `${base ?? ''}${url}` : url
}
