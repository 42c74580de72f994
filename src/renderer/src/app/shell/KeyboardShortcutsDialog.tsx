import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useKeyboardShortcutsStyles } from './KeyboardShortcutsDialog.styles'

/** The keys of each shortcut, by the id of its description under `shortcuts.items`. */
const SHORTCUTS = [
  { id: 'help', keys: ['?'] },
  { id: 'rows', keys: ['↑', '↓'] },
  { id: 'firstLast', keys: ['Home', 'End'] },
  { id: 'open', keys: ['Enter'] },
  { id: 'rowActions', keys: ['Tab'] },
  { id: 'send', keys: ['Enter'] },
  { id: 'newLine', keys: ['Shift', 'Enter'] },
  { id: 'quickReplies', keys: ['/'] },
  { id: 'cancel', keys: ['Esc'] },
] as const

/** Typing in a field is typing: "?" there is a character, not the shortcut. */
const isTypingTarget = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    target.closest('input, textarea, select, [role="combobox"]') !== null)

/**
 * The keyboard help: "?" anywhere outside a text field opens the list of the app's shortcuts,
 * so keyboard users learn them without a manual.
 */
export const KeyboardShortcutsDialog = () => {
  const { t } = useTranslation('shell')
  const styles = useKeyboardShortcutsStyles()
  const [open, setOpen] = useState(false)

  useEffect(() => {
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '?' || event.ctrlKey || event.metaKey || event.altKey) return
      if (event.defaultPrevented || isTypingTarget(event.target)) return
      event.preventDefault()
      setOpen(true)
    }
    window.addEventListener('keydown', handleKeyDown)
    return () => window.removeEventListener('keydown', handleKeyDown)
  }, [])

  return (
    <Dialog open={open} onOpenChange={(_event, data) => setOpen(data.open)}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('shortcuts.title')}</DialogTitle>
          <DialogContent>
            <dl className={styles.list}>
              {SHORTCUTS.map(({ id, keys }) => (
                <div key={id} className={styles.row}>
                  <dt className={styles.keys}>
                    {keys.map((key) => (
                      <kbd key={key} className={styles.key}>
                        {key}
                      </kbd>
                    ))}
                  </dt>
                  <dd className={styles.description}>{t(`shortcuts.items.${id}`)}</dd>
                </div>
              ))}
            </dl>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={() => setOpen(false)}>
              {t('shortcuts.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
