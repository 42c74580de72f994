export function bundleServer(options: {
  entryPoints: Record<string, string>
  outdir: string
  sourcemap?: boolean
}): Promise<void>
