import { createContext, useContext } from 'react'

/**
 * Where the editor may show each stored media file (name → a short-lived address): the flow
 * detail's `media` map, then every upload's and save's answer. Names without one (an imported
 * flow's) show their name only.
 */
export class MediaUrls {
  readonly #urls = new Map<string, string>()

  constructor(initial: Readonly<Record<string, string>> = {}) {
    this.addAll(initial)
  }

  addAll(urls: Readonly<Record<string, string>>): void {
    for (const [name, url] of Object.entries(urls)) this.#urls.set(name, url)
  }

  add(name: string, url: string): void {
    this.#urls.set(name, url)
  }

  get(name: string): string | undefined {
    return name ? this.#urls.get(name) : undefined
  }
}

export const MediaUrlsContext = createContext<MediaUrls>(new MediaUrls())

export const useMediaUrls = (): MediaUrls => useContext(MediaUrlsContext)
