// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { RecordDialog } from './RecordDialog'

// Fluent's motion under happy-dom rejects its animations when a dialog unmounts mid-way.
const animate = Object.getOwnPropertyDescriptor(Element.prototype, 'animate')
beforeAll(() => {
  Reflect.deleteProperty(Element.prototype, 'animate')
})
afterAll(() => {
  if (animate) Object.defineProperty(Element.prototype, 'animate', animate)
})
afterEach(cleanup)

describe('RecordDialog', () => {
  it('hands the focus to the loaded form, so that Escape still closes the dialog', async () => {
    let arrive!: (record: { name: string }) => void
    const record = new Promise<{ name: string }>((resolve) => (arrive = resolve))
    const onClose = vi.fn()
    render(
      <FluentProvider theme={webLightTheme}>
        <QueryClientProvider client={new QueryClient()}>
          <RecordDialog
            open
            onClose={onClose}
            recordId={7}
            load={(id) => ({ queryKey: ['records', id], queryFn: () => record })}
            title="Editar"
            loadingLabel="Carregando…"
          >
            {(loaded) => <input aria-label="Nome" defaultValue={loaded?.name} />}
          </RecordDialog>
        </QueryClientProvider>
      </FluentProvider>,
    )
    screen.getByRole('button', { name: /fechar|close/i }).focus()
    arrive({ name: 'Triagem' })
    const field = await screen.findByRole('textbox', { name: 'Nome' })
    await waitFor(() => expect(document.activeElement).toBe(field))
    await userEvent.keyboard('{Escape}')
    expect(onClose).toHaveBeenCalled()
  })
})
