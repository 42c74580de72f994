import { validationError } from './app-error'

/**
 * Integrations, AI prompts, flows and file lists arrive with the automation features. Until
 * their tables exist no such id can belong to the caller's company, so a connection, queue or
 * chatbot option naming one is refused instead of storing an id nobody checked.
 */
export function refuseUnbuiltReferences<T extends object>(
  body: T,
  fields: ReadonlyArray<keyof T & string>,
  /** Where `body` sits in the request, e.g. `chatbots.0.options.1`. */
  path?: string,
): void {
  for (const field of fields) {
    const value = body[field]
    if (value !== undefined && value !== null)
      throw validationError(path ? `${path}.${field}` : field)
  }
}
