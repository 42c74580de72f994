import { useCallback, useEffect, useRef } from 'react'

type TextElement = HTMLInputElement | HTMLTextAreaElement

/**
 * Inserting a token (a campaign variable) into a text field where its caret is, or over its
 * selection: `setElement` is the field's ref, `insert` writes the new text through `onChange`,
 * then puts the caret after the token and the focus back on the field.
 */
export const useCaretInsert = (value: string, onChange: (value: string) => void) => {
  const element = useRef<TextElement | null>(null)
  // Where the caret goes once the inserted token is rendered.
  const caret = useRef<number | null>(null)

  useEffect(() => {
    const current = element.current
    if (caret.current === null || !current) return
    current.focus()
    current.setSelectionRange(caret.current, caret.current)
    caret.current = null
  }, [value])

  const setElement = useCallback((next: TextElement | null) => {
    element.current = next
  }, [])

  const insert = (token: string) => {
    const start = element.current?.selectionStart ?? value.length
    const end = element.current?.selectionEnd ?? value.length
    caret.current = start + token.length
    onChange(`${value.slice(0, start)}${token}${value.slice(end)}`)
  }

  return { setElement, insert }
}
