/**
 * The name a sent message carries to the provider and back in its delivery reports (the Cloud
 * API's `biz_opaque_callback_data`): our message id, prefixed so another app's data on the same
 * number is never taken for ours.
 */
const PREFIX = 'atende:'

export const outboundReference = (messageId: number) => `${PREFIX}${messageId}`

/** The message id a reference names; null for anything that is not one of ours. */
export function messageIdOfReference(reference: string): number | null {
  if (!reference.startsWith(PREFIX)) return null
  const id = Number(reference.slice(PREFIX.length))
  return Number.isSafeInteger(id) && id > 0 ? id : null
}
