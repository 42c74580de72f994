import { afterAll, beforeAll, beforeEach } from 'vitest'

// React Flow measures its blocks and happy-dom lays nothing out. As React Flow's testing guide
// does: a ResizeObserver that reports at once, a DOMMatrixReadOnly that reads the zoom, and
// fixed element sizes.
class ResizeObserverStub {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(target: Element) {
    this.callback([{ target } as ResizeObserverEntry], this)
  }
  unobserve() {}
  disconnect() {}
}
class DOMMatrixReadOnlyStub {
  m22: number
  constructor(transform?: string) {
    const scale = /scale\(([\d.]+)\)/.exec(transform ?? '')?.[1]
    this.m22 = scale === undefined ? 1 : Number(scale)
  }
}

/**
 * Gives the test file's window what React Flow needs to draw blocks, and puts the window back
 * after the file: blocks of 260×120, the two stubs above, and no `animate` (happy-dom rejects
 * Fluent's cancelled animations; without it they are skipped).
 */
export function drawReactFlowInHappyDom(): void {
  const animate = Object.getOwnPropertyDescriptor(Element.prototype, 'animate')
  const offsetWidth = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetWidth')
  const offsetHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight')
  const globals = globalThis as Record<string, unknown>
  const realResizeObserver = globals.ResizeObserver
  const realDOMMatrixReadOnly = globals.DOMMatrixReadOnly
  beforeAll(() => {
    Reflect.deleteProperty(Element.prototype, 'animate')
    Object.defineProperty(HTMLElement.prototype, 'offsetWidth', {
      configurable: true,
      get: () => 260,
    })
    Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
      configurable: true,
      get: () => 120,
    })
  })
  afterAll(() => {
    if (animate) Object.defineProperty(Element.prototype, 'animate', animate)
    if (offsetWidth) Object.defineProperty(HTMLElement.prototype, 'offsetWidth', offsetWidth)
    if (offsetHeight) Object.defineProperty(HTMLElement.prototype, 'offsetHeight', offsetHeight)
    globals.ResizeObserver = realResizeObserver
    globals.DOMMatrixReadOnly = realDOMMatrixReadOnly
  })
  // Set before each test: a test's window may have had its globals put back meanwhile.
  beforeEach(() => {
    globals.ResizeObserver = ResizeObserverStub
    globals.DOMMatrixReadOnly = DOMMatrixReadOnlyStub
  })
}
