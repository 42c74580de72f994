// Small helpers shared by the npm scripts.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'

/** Runs a command with inherited output; rejects on a non-zero exit. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: 'inherit',
      shell: process.platform === 'win32',
      ...options,
    })
    child.on('error', reject)
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(' ')} exited with ${signal ?? code}`)),
    )
  })
}

export const npx = (bin, args, options) =>
  run(process.platform === 'win32' ? 'npx.cmd' : 'npx', ['--no-install', bin, ...args], options)

/** The Electron executable when the optional `electron` package downloaded its binary, else null. */
export function electronBinary() {
  try {
    const require = createRequire(import.meta.url)
    const binary = require('electron')
    return typeof binary === 'string' && existsSync(binary) ? binary : null
  } catch {
    return null
  }
}

export const hasDisplay = () =>
  process.platform !== 'linux' || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY)
