import type { FastifyInstance } from 'fastify'
import { signMeta } from './fake-graph'

/** A Cloud API webhook body carrying one text message from `from` (Meta's published shape). */
export function cloudTextWebhook(message: {
  phoneNumberId: string
  from: string
  id: string
  body: string
  name?: string
  /** Seconds since the epoch; now when absent. */
  timestamp?: number
}): string {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'WABA',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: {
                display_phone_number: '15550783881',
                phone_number_id: message.phoneNumberId,
              },
              contacts: [{ profile: { name: message.name ?? 'Cliente' }, wa_id: message.from }],
              messages: [
                {
                  from: message.from,
                  id: message.id,
                  timestamp: String(message.timestamp ?? Math.floor(Date.now() / 1000)),
                  type: 'text',
                  text: { body: message.body },
                },
              ],
            },
          },
        ],
      },
    ],
  })
}

/** Posts a signed Meta webhook to the connection's URL, as Meta does. */
export function postMetaWebhook(
  app: FastifyInstance,
  connectionId: number,
  raw: string,
  appSecret: string,
) {
  return app.inject({
    method: 'POST',
    url: `/webhooks/meta/${connectionId}`,
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': signMeta(raw, appSecret),
    },
    payload: raw,
  })
}
