// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react'
import type { Socket } from 'socket.io-client'
import { describe, expect, it, vi } from 'vitest'
import { useSocketReconnect } from './useSocketReconnect'

/** Just what the hook uses of a socket.io client: its events and `recovered`. */
class FakeSocket {
  recovered = false
  private readonly listeners = new Map<string, Set<() => void>>()
  on(event: string, listener: () => void) {
    this.listeners.set(event, (this.listeners.get(event) ?? new Set()).add(listener))
  }
  off(event: string, listener: () => void) {
    this.listeners.get(event)?.delete(listener)
  }
  emit(event: string) {
    for (const listener of this.listeners.get(event) ?? []) listener()
  }
}

const socket = new FakeSocket()
vi.mock('@renderer/hooks/useSocket', () => ({
  useSocket: () => socket as unknown as Socket,
}))

describe('useSocketReconnect', () => {
  it('calls back after a reconnection that lost events, not after one that recovered them', () => {
    const onReconnect = vi.fn()
    renderHook(() => useSocketReconnect(onReconnect))

    socket.emit('connect')
    expect(onReconnect).not.toHaveBeenCalled()

    socket.emit('disconnect')
    socket.recovered = false
    socket.emit('connect')
    expect(onReconnect).toHaveBeenCalledTimes(1)

    socket.emit('disconnect')
    socket.recovered = true
    socket.emit('connect')
    expect(onReconnect).toHaveBeenCalledTimes(1)
  })
})
