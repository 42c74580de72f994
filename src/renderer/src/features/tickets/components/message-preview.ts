import { plainText } from '../conversation/formatting'
import { LAST_MESSAGE_MAX, truncate } from '../format'

/**
 * A last message as a list row or a notification shows it: its words without WhatsApp's marks
 * (*bold*, _italic_, ~strike~, ```mono```), read by the same parser that styles the bubbles, on
 * one line, cut to the spec's length (000 §9). The server keeps the body as it was sent, marks
 * included: the signature of an attendant's reply is "*Name:*".
 */
export const messagePreview = (lastMessage: string): string => {
  return truncate(plainText(lastMessage).replace(/\s+/g, ' ').trim(), LAST_MESSAGE_MAX)
}
