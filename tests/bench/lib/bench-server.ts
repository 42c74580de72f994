import { fork, type ChildProcess } from 'node:child_process'
import { join, resolve } from 'node:path'
import { bundleServer } from '../../../scripts/server-bundle.mjs'

/**
 * A bench's server process, built and run as production runs the server: bundled by esbuild and
 * started by plain node, not through tsx. tsx's loader changes what is measured: at 500 requests
 * a second of a bare health check, each request's objects were promoted to the old generation
 * (the heap grew 6 MB a second) and a request cost 0.42 ms of CPU, against 0.30 ms for the
 * bundle. The bundle goes under out/ so that its packages resolve from node_modules.
 */
export async function bundleBenchServer(name: string): Promise<string> {
  const outdir = resolve('out/bench', name)
  await bundleServer({
    entryPoints: { [name]: resolve(import.meta.dirname, `${name}.ts`) },
    outdir,
    sourcemap: false,
  })
  return join(outdir, `${name}.js`)
}

/** Starts a bundled bench server; BENCH_PROFILE_DIR=/some/dir writes its CPU profile there. */
export function forkBenchServer(bundle: string, env: NodeJS.ProcessEnv): ChildProcess {
  const profile = process.env.BENCH_PROFILE_DIR
  return fork(bundle, {
    execArgv: profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [],
    env,
  })
}
