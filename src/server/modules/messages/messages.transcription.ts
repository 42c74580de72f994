import { AppError } from '@server/lib/app-error'

const TRANSCRIPTION_TIMEOUT_MS = 120_000

/**
 * Speech to text through an OpenAI-compatible `POST {apiUrl}/audio/transcriptions` (whisper-1,
 * Portuguese, plain text), as reference §9 "Transcription" asks. Any failure of the service is
 * ERR_TRANSCRIPTION_FAILED; the provider's reason goes to the log, never to the client.
 */
export async function transcribeAudio(
  request: { apiUrl: string; apiKey: string; audio: Buffer; fileName: string; mime: string },
  log: { warn: (details: object, message: string) => void },
): Promise<string> {
  const form = new FormData()
  form.append(
    'file',
    new Blob([new Uint8Array(request.audio)], { type: request.mime }),
    request.fileName,
  )
  form.append('model', 'whisper-1')
  form.append('language', 'pt')
  form.append('response_format', 'text')
  let response: Response
  try {
    response = await fetch(`${request.apiUrl}/audio/transcriptions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${request.apiKey}` },
      body: form,
      signal: AbortSignal.timeout(TRANSCRIPTION_TIMEOUT_MS),
    })
  } catch (error) {
    log.warn({ err: error }, 'transcription request failed')
    throw new AppError('ERR_TRANSCRIPTION_FAILED')
  }
  const text = await response.text().catch(() => '')
  if (!response.ok) {
    log.warn({ status: response.status, body: text.slice(0, 500) }, 'transcription refused')
    throw new AppError('ERR_TRANSCRIPTION_FAILED')
  }
  return text.trim()
}
