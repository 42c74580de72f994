import type { CompanyEventKind, CompanyEventPayloads } from '@shared/realtime/events'
import type { RealtimeHub } from '@server/realtime/hub'

/** One emit as the hub received it. */
export interface RecordedEmit {
  companyId: number
  rooms: readonly string[]
  except: readonly string[]
  kind: CompanyEventKind
  payload: CompanyEventPayloads[CompanyEventKind]
}

/** A realtime hub that records what services emit, in order. */
export function recordingHub(): Pick<RealtimeHub, 'emit'> & { events: RecordedEmit[] } {
  const events: RecordedEmit[] = []
  return {
    events,
    emit(companyId, rooms, kind, payload, except = []) {
      events.push({ companyId, rooms, except, kind, payload })
    },
  }
}
