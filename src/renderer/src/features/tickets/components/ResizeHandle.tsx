import { mergeClasses } from '@fluentui/react-components'
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import { useResizeHandleStyles } from './ResizeHandle.styles'

/** Pixels per arrow key press. */
const KEY_STEP = 10

export interface ResizeHandleProps {
  label: string
  value: number
  min: number
  max: number
  /** Every intermediate width while dragging or pressing keys. */
  onResize: (width: number) => void
  /** The width the user settled on: the pointer was released, or a key released. */
  onCommit: (width: number) => void
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value))

/**
 * A vertical splitter that sets the width of the panel before it: drag it, or focus it and use
 * the arrow keys, Home and End.
 */
export const ResizeHandle = ({ label, value, min, max, onResize, onCommit }: ResizeHandleProps) => {
  const styles = useResizeHandleStyles()
  const drag = useRef<{ startX: number; startWidth: number; width: number } | null>(null)
  const [dragging, setDragging] = useState(false)

  const handlePointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId)
    drag.current = { startX: event.clientX, startWidth: value, width: value }
    setDragging(true)
  }

  const handlePointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return
    const next = clamp(drag.current.startWidth + event.clientX - drag.current.startX, min, max)
    drag.current.width = next
    onResize(next)
  }

  const handlePointerUp = () => {
    if (!drag.current) return
    const { startWidth, width } = drag.current
    drag.current = null
    setDragging(false)
    if (width !== startWidth) onCommit(width)
  }

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowLeft: value - KEY_STEP,
      ArrowRight: value + KEY_STEP,
      Home: min,
      End: max,
    }
    const next = moves[event.key]
    if (next === undefined) return
    event.preventDefault()
    onResize(clamp(next, min, max))
  }

  const handleKeyUp = (event: KeyboardEvent<HTMLDivElement>) => {
    if (['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) onCommit(value)
  }

  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuenow={value}
      aria-valuemin={min}
      aria-valuemax={max}
      tabIndex={0}
      className={mergeClasses(styles.root, dragging && styles.dragging)}
      onPointerDown={handlePointerDown}
      onPointerMove={handlePointerMove}
      onPointerUp={handlePointerUp}
      onPointerCancel={handlePointerUp}
      onKeyDown={handleKeyDown}
      onKeyUp={handleKeyUp}
    />
  )
}
