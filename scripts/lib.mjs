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

const NPX = process.platform === 'win32' ? 'npx.cmd' : 'npx'

export const npx = (bin, args, options) => run(NPX, ['--no-install', bin, ...args], options)

/** Runs a command with its output kept; resolves to its exit code, its output and its time. */
export function capture(command, args) {
  return new Promise((resolve) => {
    const started = Date.now()
    const child = spawn(command, args, { shell: process.platform === 'win32' })
    const chunks = []
    child.stdout.on('data', (chunk) => chunks.push(chunk))
    child.stderr.on('data', (chunk) => chunks.push(chunk))
    const done = (code) =>
      resolve({ code, output: Buffer.concat(chunks).toString(), ms: Date.now() - started })
    child.on('error', (error) => {
      chunks.push(Buffer.from(String(error)))
      done(1)
    })
    child.on('close', (code, signal) => done(signal ? 1 : code))
  })
}

export const captureNpx = (bin, args) => capture(NPX, ['--no-install', bin, ...args])

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
