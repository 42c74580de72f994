// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { cleanup, render, screen } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { notifySuccess } from '@renderer/lib/notify'
import { ToastHost } from './ToastHost'

const animate = Object.getOwnPropertyDescriptor(Element.prototype, 'animate')
beforeAll(() => {
  // happy-dom's Animation rejects when Fluent cancels a toast's motion on unmount; without
  // `animate`, Fluent skips the motion instead.
  Reflect.deleteProperty(Element.prototype, 'animate')
})
afterAll(() => {
  if (animate) Object.defineProperty(Element.prototype, 'animate', animate)
})
afterEach(cleanup)

// Issue 15 (minor 17): toasts in the top end corner covered the conversation header's buttons.
describe('ToastHost', () => {
  it('shows toasts in the bottom start corner, away from the header and the composer', async () => {
    render(
      <FluentProvider theme={webLightTheme}>
        <ToastHost />
      </FluentProvider>,
    )
    notifySuccess('Tag adicionada')

    const toast = await screen.findByText('Tag adicionada')
    const toaster = toast.closest('[data-toaster-position]')
    expect(toaster?.getAttribute('data-toaster-position')).toBe('bottom-start')
  })
})
