import { useCallback, useEffect, useRef, useState } from 'react'
import { notifyError } from '@renderer/lib/notify'
import { recordingFormat, shouldDiscardRecording, type RecordingFormat } from '../message-rules'

export type RecorderState = 'idle' | 'starting' | 'recording' | 'stopping'

export type RecordingResult = { kind: 'file'; file: File } | { kind: 'too-short' }

interface Session {
  recorder: MediaRecorder
  stream: MediaStream
  format: RecordingFormat
  chunks: Blob[]
}

/**
 * A voice note through MediaRecorder: start asks for the microphone (a refusal goes to the
 * common error handler, 000 §8), cancel throws the recording away, finish hands back the file,
 * or nothing when it is under the minimum size.
 */
export const useAudioRecorder = () => {
  const [state, setState] = useState<RecorderState>('idle')
  const [startedAt, setStartedAt] = useState<number | null>(null)
  const sessionRef = useRef<Session | null>(null)

  const release = useCallback(() => {
    const session = sessionRef.current
    sessionRef.current = null
    if (session) {
      session.recorder.ondataavailable = null
      session.recorder.onstop = null
      if (session.recorder.state !== 'inactive') session.recorder.stop()
      for (const track of session.stream.getTracks()) track.stop()
    }
    setStartedAt(null)
    setState('idle')
  }, [])

  const start = useCallback(async () => {
    if (sessionRef.current) return
    setState('starting')
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true })
      const format = recordingFormat((type) => MediaRecorder.isTypeSupported(type))
      const recorder = new MediaRecorder(stream, { mimeType: format.mimeType })
      const session: Session = { recorder, stream, format, chunks: [] }
      recorder.ondataavailable = (event) => {
        if (event.data.size > 0) session.chunks.push(event.data)
      }
      sessionRef.current = session
      recorder.start()
      setStartedAt(Date.now())
      setState('recording')
    } catch (error) {
      release()
      notifyError(error)
    }
  }, [release])

  const finish = useCallback(
    (): Promise<RecordingResult | null> =>
      new Promise((resolve) => {
        const session = sessionRef.current
        if (!session || session.recorder.state === 'inactive') {
          resolve(null)
          return
        }
        setState('stopping')
        session.recorder.onstop = () => {
          const blob = new Blob(session.chunks, { type: session.format.mimeType })
          release()
          if (shouldDiscardRecording(blob.size)) {
            resolve({ kind: 'too-short' })
            return
          }
          const name = `audio_${Date.now()}.${session.format.extension}`
          resolve({ kind: 'file', file: new File([blob], name, { type: session.format.mimeType }) })
        }
        session.recorder.stop()
      }),
    [release],
  )

  useEffect(() => release, [release])

  return { state, startedAt, start, cancel: release, finish }
}
