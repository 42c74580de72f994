// `npm start`: builds what is missing, then runs the server (embedded database by default) and,
// when the Electron runtime and a display are present, the desktop app pointed at it.
// `--server-only` (npm run server) and `--desktop-only` (npm run desktop) run one side.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { electronBinary, hasDisplay, npx, run } from './lib.mjs'

const serverOnly = process.argv.includes('--server-only')
const desktopOnly = process.argv.includes('--desktop-only')
const port = process.env.PORT ?? '8080'
const children = []

if (!existsSync('out/renderer/index.html') || (!serverOnly && !existsSync('out/main/index.js'))) {
  console.log('Building the app (first run)…')
  await npx('electron-vite', ['build'])
}
if (!desktopOnly && !existsSync('out/server/index.js'))
  await run(process.execPath, ['scripts/build-server.mjs'])

if (!desktopOnly) {
  children.push(
    spawn(process.execPath, ['out/server/index.js'], { stdio: 'inherit', env: process.env }),
  )
}

if (!serverOnly) {
  const electron = electronBinary()
  if (electron && hasDisplay()) {
    const env = {
      ...process.env,
      ATENDE_DEFAULT_SERVER_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
    }
    children.push(spawn(electron, ['.'], { stdio: 'inherit', env }))
  } else if (desktopOnly) {
    console.error(
      electron
        ? 'No display found: the desktop app needs a graphical session.'
        : 'The Electron runtime is not installed (it downloads during `npm install` when the machine has internet access).',
    )
    process.exit(1)
  } else {
    console.log(
      `Desktop app not started (${electron ? 'no display' : 'Electron runtime not installed'}); use the browser at http://localhost:${port}`,
    )
  }
}

const stop = (signal) => {
  for (const child of children) child.kill(signal)
}
process.on('SIGINT', () => stop('SIGINT'))
process.on('SIGTERM', () => stop('SIGTERM'))
for (const child of children) {
  child.on('exit', (code) => {
    stop('SIGTERM')
    process.exitCode = code ?? 0
  })
}
