export interface NginxUpstream {
  port: number
  /** Gets requests only while the others fail. */
  backup?: boolean
}

export interface RunningNginx {
  url: string
  stop(): void
}

export function startNginx(options: {
  port: number
  upstreams: NginxUpstream[]
  dir: string
  onExit?: (code: number | null) => void
}): Promise<RunningNginx>
