import {
  Button,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Tooltip,
} from '@fluentui/react-components'
import { EmojiRegular } from '@fluentui/react-icons'
import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { EMOJI_PICKER_COLUMNS } from '../constants'
import { ALL_REACTIONS } from '../emoji'
import { useEmojiPickerStyles } from './EmojiPicker.styles'

export interface EmojiPickerProps {
  disabled: boolean
  /** Called with the chosen emoji; the picker closes itself. */
  onPick: (emoji: string) => void
}

const STEPS: Partial<Record<string, number>> = {
  ArrowRight: 1,
  ArrowLeft: -1,
  ArrowDown: EMOJI_PICKER_COLUMNS,
  ArrowUp: -EMOJI_PICKER_COLUMNS,
}

/**
 * The composer's emoji button and its grid of common emoji. One emoji is in the tab order at a
 * time: the arrow keys move between them, Home and End go to the ends, Enter or Space picks one
 * and Escape closes the grid.
 */
export const EmojiPicker = ({ disabled, onPick }: EmojiPickerProps) => {
  const { t } = useTranslation('messages')
  const styles = useEmojiPickerStyles()
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const buttonsRef = useRef<(HTMLButtonElement | null)[]>([])
  const triggerRef = useRef<HTMLButtonElement>(null)
  const surfaceRef = useRef<HTMLDivElement>(null)
  const last = ALL_REACTIONS.length - 1

  // The grid opens in a portal at the end of the page, out of the tab order's reach: it takes
  // the focus itself.
  useEffect(() => {
    if (open) buttonsRef.current[active]?.focus()
    // Only on opening: the arrow keys move the focus themselves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open])

  const handleOpenChange = (next: boolean) => {
    // Closed from inside (Escape): the focus goes back to the button instead of the page.
    if (!next && surfaceRef.current?.contains(document.activeElement)) triggerRef.current?.focus()
    setOpen(next)
  }

  const focusEmoji = (index: number) => {
    const next = Math.min(Math.max(index, 0), last)
    setActive(next)
    buttonsRef.current[next]?.focus()
  }

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = STEPS[event.key]
    if (step !== undefined) {
      event.preventDefault()
      focusEmoji(active + step)
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault()
      focusEmoji(event.key === 'Home' ? 0 : last)
    }
  }

  const pick = (emoji: string) => {
    // The composer takes the focus first, so the closing popover has none to give back.
    onPick(emoji)
    setOpen(false)
  }

  return (
    <Popover
      open={open}
      onOpenChange={(_event, data) => handleOpenChange(data.open)}
      positioning="above-start"
    >
      <PopoverTrigger disableButtonEnhancement>
        <Tooltip content={t('input.emoji')} relationship="label">
          <Button
            ref={triggerRef}
            appearance="subtle"
            icon={<EmojiRegular />}
            disabled={disabled}
          />
        </Tooltip>
      </PopoverTrigger>
      <PopoverSurface ref={surfaceRef} className={styles.surface}>
        <div
          className={styles.grid}
          role="group"
          aria-label={t('input.emojiList')}
          onKeyDown={handleKeyDown}
        >
          {ALL_REACTIONS.map((emoji, index) => (
            <button
              key={emoji}
              ref={(element) => {
                buttonsRef.current[index] = element
              }}
              type="button"
              className={styles.emoji}
              tabIndex={index === active ? 0 : -1}
              onClick={() => pick(emoji)}
            >
              {emoji}
            </button>
          ))}
        </div>
      </PopoverSurface>
    </Popover>
  )
}
